/// A byte-level reader of one JSON text (RFC 8259), made for the flat objects of format v1:
/// it checks the full grammar (strings, escapes, UTF-8, numbers, nesting) without building a
/// tree or allocating, and leaves meaning to `LineParser`.
struct JSONCursor {
    /// The JSON types a value can have.
    enum Kind: Sendable {
        case string, number, object, array, bool, null
    }

    /// Where a value stands in the line and what `LineParser` needs of it.
    struct Value: Sendable {
        var kind: Kind
        /// Byte range of the value's text in the line (strings include their quotes).
        var start: Int
        var end: Int
        /// Strings: the text holds escapes or bytes beyond ASCII and must be decoded.
        var needsDecoding = false
        /// Numbers written as integers that fit in `Int`; `nil` for fractions, exponents or
        /// integers too long.
        var integer: Int?
        /// Booleans: the value.
        var bool = false
    }

    let bytes: UnsafeRawBufferPointer
    /// The same bytes, read without the bounds checks of `UnsafeRawBufferPointer`'s subscript:
    /// every read below is guarded by a comparison with `count`.
    private let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        count = bytes.count
        base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
    }

    var atEnd: Bool { index >= count }

    var current: UInt8 { base[index] }

    func error(_ detail: String) -> RecordingError {
        .malformedJSON(column: index + 1, detail: detail)
    }

    mutating func skipWhitespace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(RecordingError) {
        guard index < count else { throw error("expected \(what), found the end of the line") }
        guard base[index] == byte else { throw error("expected \(what), found \(foundDescription)") }
        index += 1
    }

    var foundDescription: String {
        guard index < count else { return "the end of the line" }
        let byte = base[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Reads any JSON value at the cursor; nested values are checked to `maxDepth`.
    mutating func readValue(depth: Int = 0) throws(RecordingError) -> Value {
        guard index < count else { throw error("expected a value, found the end of the line") }
        let start = index
        switch base[index] {
        case UInt8(ascii: "\""):
            let needsDecoding = try skipString()
            return Value(kind: .string, start: start, end: index, needsDecoding: needsDecoding)
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            let integer = try skipNumber()
            return Value(kind: .number, start: start, end: index, integer: integer)
        case UInt8(ascii: "t"):
            try skipLiteral("true")
            return Value(kind: .bool, start: start, end: index, bool: true)
        case UInt8(ascii: "f"):
            try skipLiteral("false")
            return Value(kind: .bool, start: start, end: index, bool: false)
        case UInt8(ascii: "n"):
            try skipLiteral("null")
            return Value(kind: .null, start: start, end: index)
        case UInt8(ascii: "{"):
            try skipObject(depth: depth + 1)
            return Value(kind: .object, start: start, end: index)
        case UInt8(ascii: "["):
            try skipArray(depth: depth + 1)
            return Value(kind: .array, start: start, end: index)
        default:
            throw error("expected a value, found \(foundDescription)")
        }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(RecordingError) {
        let length = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard index + length <= count else { throw error("expected \(literal)") }
        for offset in 0 ..< length where base[index + offset] != start[offset] {
            throw error("expected \(literal)")
        }
        index += length
    }

    private mutating func skipObject(depth: Int) throws(RecordingError) {
        guard depth <= RecordingLimits.maxNesting else {
            throw error("nesting deeper than \(RecordingLimits.maxNesting) levels")
        }
        index += 1
        skipWhitespace()
        if index < count && base[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < count, base[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes, found \(foundDescription)")
            }
            _ = try skipString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipWhitespace()
            _ = try readValue(depth: depth)
            skipWhitespace()
            guard index < count else { throw error("expected ',' or '}', found the end of the line") }
            if base[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return
        }
    }

    private mutating func skipArray(depth: Int) throws(RecordingError) {
        guard depth <= RecordingLimits.maxNesting else {
            throw error("nesting deeper than \(RecordingLimits.maxNesting) levels")
        }
        index += 1
        skipWhitespace()
        if index < count && base[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            _ = try readValue(depth: depth)
            skipWhitespace()
            guard index < count else { throw error("expected ',' or ']', found the end of the line") }
            if base[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return
        }
    }

    /// Skips a string at the cursor (on its opening quote); returns whether it needs decoding.
    mutating func skipString() throws(RecordingError) -> Bool {
        let start = index
        index += 1
        var needsDecoding = false
        var hasNonASCII = false
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                if hasNonASCII {
                    let content = UnsafeRawBufferPointer(rebasing: bytes[(start + 1) ..< (index - 1)])
                    guard String(validating: content, as: UTF8.self) != nil else {
                        index = start
                        throw error("string is not valid UTF-8")
                    }
                }
                return needsDecoding
            }
            if byte == UInt8(ascii: "\\") {
                needsDecoding = true
                index += 1
                guard index < count else { break }
                switch base[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    guard index + 4 < count, (1 ... 4).allSatisfy({ Self.hexValue(base[index + $0]) != nil })
                    else { throw error("invalid \\u escape: four hex digits expected") }
                    index += 5
                default:
                    throw error("invalid escape \\\(foundDescription)")
                }
                continue
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte >= 0x80 {
                needsDecoding = true
                hasNonASCII = true
            }
            index += 1
        }
        throw error("unterminated string")
    }

    /// Skips a number at the cursor; returns its value when it is an integer that fits in `Int`.
    mutating func skipNumber() throws(RecordingError) -> Int? {
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < count, Self.isDigit(base[index]) else { throw error("a digit must follow '-'") }
        var magnitude: UInt64 = 0
        var digits = 0
        if base[index] == UInt8(ascii: "0") {
            index += 1
            digits = 1
            if index < count, Self.isDigit(base[index]) { throw error("numbers must not start with 0") }
        } else {
            while index < count, Self.isDigit(base[index]) {
                if digits < 19 { magnitude = magnitude * 10 + UInt64(base[index] &- UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        var isInteger = true
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, Self.isDigit(base[index]) else { throw error("a digit must follow '.'") }
            while index < count, Self.isDigit(base[index]) { index += 1 }
        }
        if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < count, Self.isDigit(base[index]) else { throw error("a digit must follow the exponent") }
            while index < count, Self.isDigit(base[index]) { index += 1 }
        }
        guard isInteger, digits <= 18 else { return nil }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    /// The text of `value` as written, shortened for messages.
    func text(of value: Value) -> String {
        let limit = 40
        let end = min(value.end, value.start + limit)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[value.start ..< end]), as: UTF8.self)
        return value.end > end ? text + "…" : text
    }

    /// Whether the unescaped string `value` is exactly `literal`.
    func string(_ value: Value, equals literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard value.end - value.start == length + 2 else { return false }
        let start = literal.utf8Start
        for offset in 0 ..< length where base[value.start + 1 + offset] != start[offset] {
            return false
        }
        return true
    }

    /// The content of the string `value`, with escapes decoded.
    func decodedString(_ value: Value) throws(RecordingError) -> String {
        let content = UnsafeRawBufferPointer(rebasing: bytes[(value.start + 1) ..< (value.end - 1)])
        guard value.needsDecoding else { return String(decoding: content, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var utf8 = [UInt8]()
        var i = 0
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        while i < content.count {
            let byte = content[i]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                i += 1
                continue
            }
            flush()
            let escape = content[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = Self.hex4(content, at: i)
                i += 4
                if (0xD800 ... 0xDBFF).contains(code), i + 6 <= content.count,
                   content[i] == UInt8(ascii: "\\"), content[i + 1] == UInt8(ascii: "u") {
                    let low = Self.hex4(content, at: i + 2)
                    if (0xDC00 ... 0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw .malformedJSON(column: value.start + 2 + i, detail: "\\u escape is an unpaired surrogate")
                }
                scalars.append(scalar)
            default:
                scalars.append(Unicode.Scalar(escape))
            }
        }
        flush()
        return String(scalars)
    }

    private static func hex4(_ content: UnsafeRawBufferPointer, at i: Int) -> UInt32 {
        var code: UInt32 = 0
        for offset in 0 ..< 4 { code = code << 4 | UInt32(hexValue(content[i + offset]) ?? 0) }
        return code
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
