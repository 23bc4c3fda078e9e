import Foundation

/// How a log writes the time of a row, and how such a field reads: the same for every import format
/// and for recorded requests. A field that is not a time of its unit reads as nil; `whyNot` says why.
package struct LogTime: Sendable {
    public enum Unit: String, Sendable, CaseIterable {
        /// Milliseconds (a whole or decimal number).
        case ms
        /// Seconds (a whole or decimal number), to the nearest millisecond.
        case s
        /// Microseconds (a whole or decimal number), to the nearest millisecond: BigQuery's export of
        /// Google Analytics 4 (`event_timestamp`), Chrome's trace events.
        case us
        /// Nanoseconds (a whole or decimal number), to the nearest millisecond: OpenTelemetry's
        /// `startTimeUnixNano`, Android's `getEventTimeNanos`.
        case ns
        /// An ISO 8601 date and time (`2026-11-24T10:15:30.250Z`), fractional seconds optional; also
        /// as SQL exports write it (`2026-11-24 10:15:30.250000 UTC`, a space for the `T`, `UTC` or
        /// an offset such as `+0530` for the zone). A time without a zone is read as UTC: only
        /// differences of times count.
        case iso8601

        /// How many places a number of this unit has its point moved to be a number of ms (3 for
        /// seconds, −3 for µs); nil for a date and time.
        var placesToMs: Int? {
            switch self {
            case .s: 3
            case .ms: 0
            case .us: -3
            case .ns: -6
            case .iso8601: nil
            }
        }

        /// The units a number can be written in, in order.
        static var numeric: [Unit] { allCases.filter { $0.placesToMs != nil } }

        /// The units other than `unit`, as a hint lists them: `ms, us, ns or iso8601`.
        public static func others(than unit: Unit) -> String {
            listed(allCases.filter { $0 != unit })
        }

        /// `units` by name, the last after `or`.
        public static func listed(_ units: [Unit]) -> String {
            let names = units.map(\.rawValue)
            return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
        }

        /// The unit named `text`: its raw value, or `µs` for `us` as messages write it.
        public static func named(_ text: String) -> Unit? {
            text == "µs" || text == "μs" ? .us : Unit(rawValue: text)
        }

        /// The unit as a sentence names it: `seconds`, `ms`, `µs`, `ns`.
        var spokenName: String {
            switch self {
            case .s: "seconds"
            case .us: "µs"
            default: rawValue
            }
        }
    }

    /// The numeric unit other than this one that reads `medianMs` (times read in this unit) as a
    /// value within `plausible`, and that value: the unit nearest this one first (seconds and µs
    /// before ns for times read as ms). Nil when none does, or for a date and time.
    public func reread(_ medianMs: Double, within plausible: ClosedRange<Double>) -> (unit: Unit, ms: Double)? {
        guard let places = unit.placesToMs else { return nil }
        let others = Unit.numeric.filter { $0 != unit }.sorted { abs(($0.placesToMs ?? 0) - places) < abs(($1.placesToMs ?? 0) - places) }
        for other in others {
            let value = medianMs * pow(10, Double((other.placesToMs ?? 0) - places))
            if plausible.contains(value) { return (other, value) }
        }
        return nil
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
        let trimmed = LogRows.trimmed(text)
        guard let places = unit.placesToMs else { return LogTimestamp(trimmed)?.milliseconds }
        if places < 0, let whole = Self.wholeMilliseconds(trimmed, places: places) { return abs(whole) < 1_000_000_000_000_000 ? whole : nil }
        guard let milliseconds = Self.decimalMilliseconds(trimmed, places: places)?.rounded(), abs(milliseconds) < 1e15 else { return nil }
        return Int(milliseconds)
    }

    /// The time of `text` in milliseconds with its fraction (a Resource Timing export's
    /// sub-millisecond times), or nil when it is not one. ISO 8601 is read to the millisecond.
    public func fractionalMs(_ text: String) -> Double? {
        guard let places = unit.placesToMs else { return ms(text).map(Double.init) }
        let trimmed = LogRows.trimmed(text)
        guard let milliseconds = Self.decimalMilliseconds(trimmed, places: places), abs(milliseconds) < 1e15 else { return nil }
        return milliseconds
    }

    /// Why `text`, which does not read as a time of this unit, is none, with the unit it reads as
    /// when it reads as another: `"2026-11-24 10:15:30 UTC" is not a number of ms: a date and
    /// time (--time-unit iso8601)`. The text is quoted as `LogTime.quoted` quotes it.
    public func whyNot(_ text: String) -> String {
        whyNot(text, column: nil)
    }

    /// `whyNot(_:)` with the column the text was read from named after it (`"x" in column "ts"
    /// is not a number of ms`).
    public func whyNot(_ text: String, column: String?) -> String {
        let trimmed = LogRows.trimmed(text)
        let quoted = Self.quoted(trimmed) + (column.map { " in column " + Self.quoted($0) } ?? "")
        guard let places = unit.placesToMs else {
            if let reason = LogTimestamp.refusal(of: trimmed) { return "\(quoted) is not a date and time: \(reason)" }
            let other = Self.decimalMilliseconds(trimmed, places: 0) != nil ? ": a number (\(option)\(Unit.listed(Unit.numeric)))" : ""
            return "\(quoted) is not a date and time (YYYY-MM-DD hh:mm[:ss[.fraction]], a T or a space between, "
                + "a zone Z, UTC, GMT, ±hh[:mm] or none)\(other)"
        }
        if let milliseconds = Self.decimalMilliseconds(trimmed, places: places), milliseconds.isFinite {
            let hint = finerUnit(reading: trimmed).map { " (a number of \($0.rawValue)? \(option)\($0.rawValue))" } ?? ""
            return "\(quoted) is out of range: 10¹⁵ ms or more\(hint)"
        }
        let other = LogTimestamp(trimmed) != nil ? ": a date and time (\(option)iso8601)" : ""
        return "\(quoted) is not a number of \(unit.spokenName)\(other)"
    }

    /// The finer unit, the nearest first, that reads `text` (a number out of range in this unit:
    /// 10¹⁵ ms or more) within range: seconds written as ms, µs or ns; nil when none does, or
    /// when `text` is in range or no number.
    public func finerUnit(reading text: String) -> Unit? {
        let trimmed = LogRows.trimmed(text)
        guard let places = unit.placesToMs, let milliseconds = Self.decimalMilliseconds(trimmed, places: places),
              milliseconds.isFinite, abs(milliseconds.rounded()) >= 1e15 else { return nil }
        return Unit.numeric.first { ($0.placesToMs ?? 0) < places && abs(milliseconds) * pow(10, Double(($0.placesToMs ?? 0) - places)) < 1e15 }
    }

    /// A time in ms as a message says it: whole ms from 1 up to 10¹² (about 30 years), three
    /// significant digits otherwise (so that 0.104 is not said 0, nor 10³⁰⁰ in 301 digits).
    static func said(_ value: Double) -> String {
        (1 ..< 1e12).contains(abs(value)) ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }

    /// `text`, a whole number of a unit finer than the millisecond (its point `places` places to
    /// the left of the ms', below 0), in whole milliseconds rounded half away from zero as
    /// `ms(_:)` rounds: exactly, where a `Double` of a time in ns (about 1.7 × 10¹⁸ now) has
    /// only a quarter of a µs left for its fraction. Nil when it is no whole number or is past
    /// `Int`; `decimalMilliseconds` reads it then.
    static func wholeMilliseconds(_ text: String, places: Int) -> Int? {
        guard places < 0, let value = Int(text) else { return nil }
        var divisor = 1
        for _ in 0 ..< -places { divisor *= 10 }
        let (quotient, remainder) = value.magnitude.quotientAndRemainder(dividingBy: UInt(divisor))
        let rounded = Int(quotient) + (remainder * 2 >= UInt(divisor) ? 1 : 0)
        return value < 0 ? -rounded : rounded
    }

    /// `text` in milliseconds when it is a decimal number (an optional sign, digits with an
    /// optional point, an optional exponent: no hexadecimal, no `inf` or `nan`) of a unit whose
    /// point is `places` places to the right of the millisecond's (3 for seconds, −3 for µs). Its
    /// point is moved, not the number multiplied, so that `260.3185` s is 260,318.5 ms exactly, as
    /// `260318.5` ms is, and rounds the same.
    static func decimalMilliseconds(_ text: String, places: Int) -> Double? {
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
        if places != 0 {
            let mantissa = String(decoding: bytes[0 ..< (bytes[mantissaStart...].firstIndex { $0 | 0x20 == UInt8(ascii: "e") } ?? bytes.count)], as: UTF8.self)
            value = Double(mantissa + "e" + String(exponent + places))
        } else {
            value = Double(text)
        }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }

    /// `text` as a message quotes it: in double quotes, cut at `limit` characters with `…` after
    /// it, every character but a printable ASCII one or a letter or digit written as its code
    /// (`\t`, `\u{A0}`), so that a value that looks right but is not shows why.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        var out = "\""
        for scalar in text.unicodeScalars.prefix(limit) {
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
        return out + (text.unicodeScalars.count > limit ? "…\"" : "\"")
    }
}
