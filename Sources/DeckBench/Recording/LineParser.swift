/// Turns one line of format v1 into a `RecordLine`, checking JSON syntax and every per-line rule
/// (field presence, types, ranges). Byte level, no allocation except a session's id.
final class LineParser {
    /// The keys format v1 gives meaning to; any other key is allowed and ignored.
    private enum Field: Int, CaseIterable {
        case v, session, user, page, first, last, t, e, dir, dur, cancel, y

        static let count = allCases.count

        var name: String { "\(self)" }

        init?(key: UnsafeRawBufferPointer) {
            switch key.count {
            case 1:
                switch key[0] {
                case UInt8(ascii: "v"): self = .v
                case UInt8(ascii: "t"): self = .t
                case UInt8(ascii: "e"): self = .e
                case UInt8(ascii: "y"): self = .y
                default: return nil
                }
            case 3:
                if Self.matches(key, "dir") { self = .dir } else if Self.matches(key, "dur") { self = .dur } else { return nil }
            case 4:
                if Self.matches(key, "page") {
                    self = .page
                } else if Self.matches(key, "last") {
                    self = .last
                } else if Self.matches(key, "user") {
                    self = .user
                } else {
                    return nil
                }
            case 5:
                guard Self.matches(key, "first") else { return nil }
                self = .first
            case 6:
                guard Self.matches(key, "cancel") else { return nil }
                self = .cancel
            case 7:
                guard Self.matches(key, "session") else { return nil }
                self = .session
            default:
                return nil
            }
        }

        private static func matches(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
            guard key.count == name.utf8CodeUnitCount else { return false }
            let start = name.utf8Start
            for offset in 0 ..< key.count where key[offset] != start[offset] { return false }
            return true
        }
    }

    /// The values of the known keys in the line being parsed, indexed by `Field.rawValue`.
    private let values: UnsafeMutablePointer<JSONCursor.Value?>

    init() {
        values = .allocate(capacity: Field.count)
        values.initialize(repeating: nil, count: Field.count)
    }

    deinit {
        values.deinitialize(count: Field.count)
        values.deallocate()
    }

    /// Parses one line (without its newline).
    @inline(__always)
    func parse(_ line: [UInt8]) throws(RecordingError) -> RecordLine {
        try line.withUnsafeBytes { bytes in Result { () throws(RecordingError) in try parse(bytes) } }.get()
    }

    /// Parses one line (without its newline).
    func parse(_ line: UnsafeRawBufferPointer) throws(RecordingError) -> RecordLine {
        var cursor = JSONCursor(line)
        cursor.skipWhitespace()
        if cursor.atEnd { return .blank }
        guard cursor.current == UInt8(ascii: "{") else {
            _ = try cursor.readValue()
            try Self.expectEnd(&cursor)
            throw .notAnObject
        }
        let duplicate = try readObject(&cursor)
        try Self.expectEnd(&cursor)
        if values[Field.v.rawValue] != nil {
            // A session line starts a new session even when its fields are wrong: the reject is
            // that session's, never the one before it.
            do throws(RecordingError) {
                if let duplicate { throw .duplicateField(duplicate.name) }
                return try sessionLine(cursor)
            } catch {
                return .rejectedSession(id: sessionID(cursor), error: error)
            }
        }
        if let duplicate { throw .duplicateField(duplicate.name) }
        if values[Field.e.rawValue] != nil { return try eventLine(cursor) }
        throw .neitherSessionNorEvent
    }

    private static func expectEnd(_ cursor: inout JSONCursor) throws(RecordingError) {
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw cursor.error("unexpected \(cursor.foundDescription) after the JSON value") }
    }

    /// Reads the top-level object, keeping the values of known keys; returns a known key that
    /// appeared twice, to be reported once the whole line is known to be valid JSON.
    private func readObject(_ cursor: inout JSONCursor) throws(RecordingError) -> Field? {
        for index in 0 ..< Field.count { values[index] = nil }
        var duplicate: Field?
        cursor.index += 1
        cursor.skipWhitespace()
        if !cursor.atEnd, cursor.current == UInt8(ascii: "}") {
            cursor.index += 1
            return nil
        }
        while true {
            cursor.skipWhitespace()
            guard !cursor.atEnd, cursor.current == UInt8(ascii: "\"") else {
                throw cursor.error("expected a key in quotes, found \(cursor.foundDescription)")
            }
            let keyStart = cursor.index
            let keyNeedsDecoding = try cursor.skipString()
            let field = try Self.field(
                JSONCursor.Value(kind: .string, start: keyStart, end: cursor.index, needsDecoding: keyNeedsDecoding),
                in: cursor)
            cursor.skipWhitespace()
            try cursor.expect(UInt8(ascii: ":"), "':' after the key")
            cursor.skipWhitespace()
            let value = try cursor.readValue()
            if let field {
                if values[field.rawValue] != nil, duplicate == nil { duplicate = field }
                values[field.rawValue] = value
            }
            cursor.skipWhitespace()
            guard !cursor.atEnd else { throw cursor.error("expected ',' or '}', found the end of the line") }
            if cursor.current == UInt8(ascii: ",") {
                cursor.index += 1
                continue
            }
            try cursor.expect(UInt8(ascii: "}"), "',' or '}'")
            return duplicate
        }
    }

    private static func field(_ key: JSONCursor.Value, in cursor: JSONCursor) throws(RecordingError) -> Field? {
        if key.needsDecoding {
            let name = try cursor.decodedString(key)
            return Field.allCases.first { $0.name == name }
        }
        return Field(key: UnsafeRawBufferPointer(rebasing: cursor.bytes[(key.start + 1) ..< (key.end - 1)]))
    }

    // MARK: Session lines

    private func sessionLine(_ cursor: JSONCursor) throws(RecordingError) -> RecordLine {
        let version = values[Field.v.rawValue]!
        guard version.integer == 1 else { throw .unsupportedVersion(got: cursor.text(of: version)) }
        guard let idValue = values[Field.session.rawValue] else { throw .missingField("session") }
        guard idValue.kind == .string, idValue.end - idValue.start > 2 else {
            throw .invalidField("session", expected: "a non-empty string", got: cursor.text(of: idValue))
        }
        let page = try integer(.page, in: cursor, limit: RecordingLimits.maxPage)
        let first = try integer(.first, in: cursor, limit: RecordingLimits.maxPage)
        let last = try integer(.last, in: cursor, limit: RecordingLimits.maxPage)
        guard first <= last else { throw .limitsReversed(first: first, last: last) }
        guard page >= first, page <= last else {
            throw .pageOutsideLimits(field: "page", page: page, first: first, last: last)
        }
        return .session(id: try cursor.decodedString(idValue), user: try user(in: cursor), page: page, first: first, last: last)
    }

    /// The session line's optional user key: absent, a non-empty string, or an integer (most
    /// analytics exports write numeric ids), taken as its decimal text as written, so that `139`
    /// and `"139"` name the same user. A fraction or an exponent is no id: `1e3` and `1000` would
    /// be one user or two depending on how an export happened to print it.
    private func user(in cursor: JSONCursor) throws(RecordingError) -> String? {
        guard let value = values[Field.user.rawValue] else { return nil }
        if value.kind == .number, Self.isIntegerText(value, in: cursor) {
            return String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[value.start ..< value.end]), as: UTF8.self)
        }
        guard value.kind == .string, value.end - value.start > 2 else {
            throw .invalidField("user", expected: "a non-empty string or an integer", got: cursor.text(of: value))
        }
        return try cursor.decodedString(value)
    }

    /// Whether a number is written as an integer (digits after an optional minus), of any length.
    private static func isIntegerText(_ value: JSONCursor.Value, in cursor: JSONCursor) -> Bool {
        cursor.bytes[value.start ..< value.end].allSatisfy { JSONCursor.isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// The id of the session line being parsed, if it has a readable one.
    private func sessionID(_ cursor: JSONCursor) -> String? {
        guard let value = values[Field.session.rawValue], value.kind == .string, value.end - value.start > 2 else { return nil }
        return try? cursor.decodedString(value)
    }

    // MARK: Event lines

    private enum KindName: String {
        case swipe, tap, jump, scroll, end
    }

    private func eventLine(_ cursor: JSONCursor) throws(RecordingError) -> RecordLine {
        let kindValue = values[Field.e.rawValue]!
        guard kindValue.kind == .string else {
            throw .invalidField("e", expected: "a string", got: cursor.text(of: kindValue))
        }
        let timeMs = try nonNegative(.t, in: cursor)
        let kind: Event.Kind
        switch try kindName(kindValue, in: cursor) {
        case .swipe:
            let direction = try direction(in: cursor)
            let durationMs = try nonNegative(.dur, in: cursor)
            kind = .swipe(direction, durationMs: durationMs, cancelled: try cancelled(in: cursor))
        case .tap: kind = .tap(try direction(in: cursor))
        case .jump: kind = .jump(page: try integer(.page, in: cursor, limit: RecordingLimits.maxPage))
        case .scroll: kind = .scroll(y: try scrollOffset(in: cursor))
        case .end: kind = .end
        }
        return .event(Event(timeMs: timeMs, kind: kind))
    }

    private func kindName(_ value: JSONCursor.Value, in cursor: JSONCursor) throws(RecordingError) -> KindName {
        if cursor.string(value, equals: "swipe") { return .swipe }
        if cursor.string(value, equals: "tap") { return .tap }
        if cursor.string(value, equals: "scroll") { return .scroll }
        if cursor.string(value, equals: "jump") { return .jump }
        if cursor.string(value, equals: "end") { return .end }
        if value.needsDecoding, let name = KindName(rawValue: try cursor.decodedString(value)) { return name }
        throw .unknownKind(cursor.text(of: value))
    }

    private func direction(in cursor: JSONCursor) throws(RecordingError) -> Direction {
        guard let value = values[Field.dir.rawValue] else { throw .missingField("dir") }
        if value.kind == .string {
            if cursor.string(value, equals: "next") { return .next }
            if cursor.string(value, equals: "prev") { return .prev }
            if value.needsDecoding, let decoded = try? cursor.decodedString(value) {
                if decoded == "next" { return .next }
                if decoded == "prev" { return .prev }
            }
        }
        throw .invalidField("dir", expected: "\"next\" or \"prev\"", got: cursor.text(of: value))
    }

    private func cancelled(in cursor: JSONCursor) throws(RecordingError) -> Bool {
        guard let value = values[Field.cancel.rawValue] else { return false }
        guard value.kind == .bool else {
            throw .invalidField("cancel", expected: "true or false", got: cursor.text(of: value))
        }
        return value.bool
    }

    private func scrollOffset(in cursor: JSONCursor) throws(RecordingError) -> Double {
        guard let value = values[Field.y.rawValue] else { throw .missingField("y") }
        if let integer = value.integer, integer >= 0 { return Double(integer) }
        if value.kind == .number,
           let y = Double(String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[value.start ..< value.end]), as: UTF8.self)),
           y >= 0, y.isFinite {
            return y
        }
        throw .invalidField("y", expected: "a number ≥ 0", got: cursor.text(of: value))
    }

    private func nonNegative(_ field: Field, in cursor: JSONCursor) throws(RecordingError) -> Int {
        guard let value = values[field.rawValue] else { throw .missingField(field.name) }
        guard let integer = value.integer, integer >= 0, integer <= RecordingLimits.maxTimeMs else {
            throw .invalidField(
                field.name, expected: "an integer number of milliseconds from 0 to \(RecordingLimits.maxTimeMs)",
                got: cursor.text(of: value))
        }
        return integer
    }

    private func integer(_ field: Field, in cursor: JSONCursor, limit: Int) throws(RecordingError) -> Int {
        guard let value = values[field.rawValue] else { throw .missingField(field.name) }
        guard let integer = value.integer, abs(integer) <= limit else {
            throw .invalidField(field.name, expected: "an integer from -\(limit) to \(limit)", got: cursor.text(of: value))
        }
        return integer
    }
}
