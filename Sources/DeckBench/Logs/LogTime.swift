import Foundation

/// How a log writes the time of a row, and how such a field reads: the same for every import format
/// and for recorded requests. A field that is not a time of its unit reads as nil; `whyNot` says why.
package struct LogTime: Sendable {
    public enum Unit: String, Sendable, CaseIterable {
        /// Milliseconds (a whole or decimal number).
        case ms
        /// Seconds (a whole or decimal number), to the nearest millisecond.
        case s
        /// An ISO 8601 date and time (`2026-11-24T10:15:30.250Z`), fractional seconds optional; also
        /// as SQL exports write it (`2026-11-24 10:15:30.250000 UTC`, a space for the `T`, `UTC` or
        /// an offset such as `+0530` for the zone). A time without a zone is read as UTC: only
        /// differences of times count.
        case iso8601
    }

    public var unit: Unit
    /// How the user names the unit, for the hints: `--time-unit ` (`import`, `networks fit`) or
    /// `time_unit=` (an empirical network's spec).
    public var option: String

    public init(unit: Unit = .ms) {
        self.init(unit: unit, option: "--time-unit ")
    }

    public init(unit: Unit, option: String) {
        self.unit = unit
        self.option = option
    }

    /// The time of `text` in milliseconds, or nil when it is not one.
    public func ms(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch unit {
        case .ms, .s:
            guard let milliseconds = Self.decimalMilliseconds(trimmed, seconds: unit == .s)?.rounded(), abs(milliseconds) < 1e15 else { return nil }
            return Int(milliseconds)
        case .iso8601:
            return LogTimestamp(trimmed)?.milliseconds
        }
    }

    /// The time of `text` in milliseconds with its fraction (a Resource Timing export's
    /// sub-millisecond times), or nil when it is not one. ISO 8601 is read to the millisecond.
    public func fractionalMs(_ text: String) -> Double? {
        guard unit != .iso8601 else { return ms(text).map(Double.init) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let milliseconds = Self.decimalMilliseconds(trimmed, seconds: unit == .s), abs(milliseconds) < 1e15 else { return nil }
        return milliseconds
    }

    /// Why `text`, which does not read as a time of this unit, is none, with the unit it reads as
    /// when it reads as another: `"2026-11-24 10:15:30 UTC" is not a number of ms: a date and
    /// time (--time-unit iso8601)`. The text is quoted as `LogTime.quoted` quotes it.
    public func whyNot(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let quoted = Self.quoted(trimmed)
        switch unit {
        case .ms, .s:
            if let milliseconds = Self.decimalMilliseconds(trimmed, seconds: unit == .s), milliseconds.isFinite {
                let asMs = unit == .s && abs(milliseconds / 1_000) < 1e15 ? " (a number of ms? \(option)ms)" : ""
                return "\(quoted) is out of range: 10¹⁵ ms or more\(asMs)"
            }
            let other = LogTimestamp(trimmed) != nil ? ": a date and time (\(option)iso8601)" : ""
            return "\(quoted) is not a number of \(unit.rawValue)\(other)"
        case .iso8601:
            if let reason = LogTimestamp.refusal(of: trimmed) { return "\(quoted) is not a date and time: \(reason)" }
            let other = Self.decimalMilliseconds(trimmed, seconds: false) != nil ? ": a number (\(option)ms or s)" : ""
            return "\(quoted) is not a date and time (YYYY-MM-DD hh:mm[:ss[.fraction]], a T or a space between, "
                + "a zone Z, UTC, GMT, ±hh[:mm] or none)\(other)"
        }
    }

    /// `text` in milliseconds when it is a decimal number (an optional sign, digits with an
    /// optional point, an optional exponent: no hexadecimal, no `inf` or `nan`), of milliseconds or
    /// (`seconds`) of seconds. Seconds are read with their point moved three places, so that
    /// `260.3185` is 260,318.5 ms exactly, as `260318.5` is, and rounds the same.
    static func decimalMilliseconds(_ text: String, seconds: Bool) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let mantissaStart = index
        var point: Int?
        while index < bytes.count, Self.isDigit(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && point == nil) {
            if bytes[index] == UInt8(ascii: ".") { point = index }
            index += 1
        }
        let digits = index - mantissaStart - (point == nil ? 0 : 1)
        guard digits > 0 else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, Self.isDigit(bytes[index]), index - exponentStart < 6 {
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard index > exponentStart else { return nil }
            if negative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        let value: Double?
        if seconds {
            let mantissa = String(decoding: bytes[0 ..< (bytes[mantissaStart...].firstIndex { $0 | 0x20 == UInt8(ascii: "e") } ?? bytes.count)], as: UTF8.self)
            value = Double(mantissa + "e" + String(exponent + 3))
        } else {
            value = Double(text)
        }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }

    /// `text` as a message quotes it: in double quotes, cut at 60 characters with `…` after it,
    /// every character but a printable ASCII one or a letter or digit written as its code
    /// (`\t`, `\u{A0}`), so that a value that looks right but is not shows why.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(60) {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case " " ... "~": out.unicodeScalars.append(scalar)
            default:
                let plain = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                out += plain ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out + (text.unicodeScalars.count > 60 ? "…\"" : "\"")
    }
}
