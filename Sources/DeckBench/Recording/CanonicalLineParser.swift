import Foundation

/// The fast path of the reader: recognises, byte for byte, lines written in the canonical v1 form
/// (`RecordingEncoder`'s: fixed key order, the optional `user` key last, no spaces, plain ids, integer values) and returns their
/// meaning without a general JSON scan. Anything else — escapes, spacing, other key orders, extra
/// keys, fractions, values out of range, any error — returns `nil`, and `LineParser` reads the line,
/// so correctness never depends on this path (tests compare both on damaged lines).
enum CanonicalLineParser {
    /// The meaning of `line`, or `nil` to fall back to the full parser.
    @inline(__always)
    static func parse(_ line: [UInt8]) -> RecordLine? {
        line.withUnsafeBytes { parse($0) }
    }

    /// The meaning of `line`, or `nil` to fall back to the full parser.
    static func parse(_ line: UnsafeRawBufferPointer) -> RecordLine? {
        guard let start = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var cursor = Cursor(base: start, count: line.count)
        if cursor.take("{\"t\":") { return cursor.event() }
        if cursor.take("{\"v\":1,\"session\":\"") { return cursor.session() }
        return nil
    }

    private struct Cursor {
        let base: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        /// Consumes `literal` if the line continues with it.
        @inline(__always)
        mutating func take(_ literal: StaticString) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard index + length <= count, memcmp(base + index, literal.utf8Start, length) == 0 else { return false }
            index += length
            return true
        }

        /// A JSON integer of at most 13 digits without leading zeros.
        mutating func integer(allowNegative: Bool) -> Int? {
            var negative = false
            if allowNegative, index < count, base[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let first = index
            var value = 0
            // At most 14 digits are read, and a 14th refuses the line: the value stays below 10¹⁴,
            // so the arithmetic cannot overflow and needs no overflow check (two branches a digit).
            let end = min(count, first &+ 14)
            while index < end {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int(digit)
                index &+= 1
            }
            let digits = index &- first
            guard digits > 0, digits <= 13, !(digits > 1 && base[first] == UInt8(ascii: "0")) else { return nil }
            return negative ? -value : value
        }

        mutating func time() -> Int? {
            guard let value = integer(allowNegative: false), value <= RecordingLimits.maxTimeMs else { return nil }
            return value
        }

        mutating func pageNumber() -> Int? {
            guard let value = integer(allowNegative: true), abs(value) <= RecordingLimits.maxPage else { return nil }
            return value
        }

        mutating func direction() -> Direction? {
            if take("next\"") { return .next }
            if take("prev\"") { return .prev }
            return nil
        }

        var atEnd: Bool { index == count }

        mutating func event() -> RecordLine? {
            guard let timeMs = time(), take(",\"e\":\"") else { return nil }
            let kind: Event.Kind
            if take("swipe\",\"dir\":\"") {
                guard let direction = direction(), take(",\"dur\":"), let durationMs = time() else { return nil }
                var cancelled = false
                if take(",\"cancel\":true") { cancelled = true } else if take(",\"cancel\":false") { cancelled = false }
                kind = .swipe(direction, durationMs: durationMs, cancelled: cancelled)
            } else if take("tap\",\"dir\":\"") {
                guard let direction = direction() else { return nil }
                kind = .tap(direction)
            } else if take("jump\",\"page\":") {
                guard let page = pageNumber() else { return nil }
                kind = .jump(page: page)
            } else if take("scroll\",\"y\":") {
                guard let y = integer(allowNegative: false) else { return nil }
                kind = .scroll(y: Double(y))
            } else if take("end\"") {
                kind = .end
            } else {
                return nil
            }
            guard take("}"), atEnd else { return nil }
            return .event(Event(timeMs: timeMs, kind: kind))
        }

        mutating func session() -> RecordLine? {
            let idStart = index
            while index < count, Self.isPlainIDByte(base[index]) { index += 1 }
            let idEnd = index
            guard idEnd > idStart, take("\",\"page\":"), let page = pageNumber(), take(",\"first\":"), let first = pageNumber(),
                  take(",\"last\":"), let last = pageNumber(), first <= last, page >= first, page <= last
            else { return nil }
            var user: String?
            if take(",\"user\":\"") {
                guard let plain = plainString() else { return nil }
                user = plain
            }
            guard take("}"), atEnd else { return nil }
            return .session(id: text(idStart ..< idEnd), user: user, page: page, first: first, last: last)
        }

        /// A non-empty string of plain id bytes up to its closing quote, which it consumes.
        mutating func plainString() -> String? {
            let start = index
            while index < count, Self.isPlainIDByte(base[index]) { index += 1 }
            guard index > start, take("\"") else { return nil }
            return text(start ..< index - 1)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
        }

        /// Bytes a session id may hold on the fast path: letters, digits, `-`, `_`, `.`, `:`.
        static func isPlainIDByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default:
                false
            }
        }
    }
}
