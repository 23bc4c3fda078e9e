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
            if let (value, digits) = shortRun() {
                index &+= digits
                guard digits > 0, !(digits > 1 && base[first] == UInt8(ascii: "0")) else { return nil }
                return negative ? -value : value
            }
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

        /// The digits from `index` when fewer than 8 digits end within the next 8 bytes of the line:
        /// their value and count, read from one 8-byte load (a line's usual times, page numbers and
        /// offsets); nil to read them one by one (fewer than 8 bytes left, 8 digits or more, or a
        /// big-endian machine). About 20 instructions for a 5-digit time, against about 60.
        @inline(__always)
        func shortRun() -> (value: Int, digits: Int)? {
            #if _endian(little)
            guard count &- index >= 8 else { return nil }
            // A digit byte is 0...9 after the XOR (no borrows between bytes, as a subtraction has).
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x3030_3030_3030_3030
            // The first byte that is no digit has its high bit set, by itself or by adding 0x76 (10
            // and up reach 0x80); the digits before it add without a carry, and carries only go up.
            let notDigits = (word | (word &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
            let digits = notDigits.trailingZeroBitCount >> 3
            guard digits < 8 else { return nil }
            guard digits > 0 else { return (0, 0) }
            // The digits moved to the top bytes (zeros before them), then pairs, fours and the eight
            // combined: the first byte is the most significant digit.
            var value = word &<< UInt64(64 &- 8 &* digits)
            value = (value &* 10 &+ (value &>> 8)) & 0x00FF_00FF_00FF_00FF
            value = (value &* 100 &+ (value &>> 16)) & 0x0000_FFFF_0000_FFFF
            value = (value &* 10_000 &+ (value &>> 32)) & 0x0000_0000_FFFF_FFFF
            return (Int(truncatingIfNeeded: value), digits)
            #else
            return nil
            #endif
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
