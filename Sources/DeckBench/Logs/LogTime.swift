import Foundation

/// How a log writes the time of a row, and how such a field reads: the same for every import format
/// and for recorded requests. A field that is not a time of its unit reads as nil; the caller says why.
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

    public init(unit: Unit = .ms) {
        self.unit = unit
    }

    /// The time of `text` in milliseconds, or nil when it is not one.
    public func ms(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch unit {
        case .ms, .s:
            guard let value = Double(trimmed), value.isFinite else { return nil }
            let milliseconds = (unit == .s ? value * 1_000 : value).rounded()
            guard abs(milliseconds) < 1e15 else { return nil }
            return Int(milliseconds)
        case .iso8601:
            return LogTimestamp(trimmed)?.milliseconds
        }
    }

    /// Why `text`, which does not read as a time of this unit, is none, with the unit it reads as
    /// when it reads as another: `"2026-11-24 10:15:30 UTC" is not a number of ms: a date and
    /// time (--time-unit iso8601)`. The text is quoted with its control characters escaped, cut at
    /// 60 characters.
    public func whyNot(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let quoted = String(trimmed.prefix(60)).debugDescription
        switch unit {
        case .ms, .s:
            if let value = Double(trimmed), value.isFinite {
                return "\(quoted) is out of range: 10¹⁵ ms or more" + (unit == .s ? " (a number of ms? --time-unit ms)" : "")
            }
            let other = LogTimestamp(trimmed) != nil ? ": a date and time (--time-unit iso8601)" : ""
            return "\(quoted) is not a number of \(unit.rawValue)\(other)"
        case .iso8601:
            let other = Double(trimmed) != nil ? ": a number (--time-unit ms or s)" : ""
            return "\(quoted) is not a date and time (YYYY-MM-DD hh:mm[:ss[.fraction]], a T or a space between, "
                + "a zone Z, UTC, GMT, ±hh[:mm] or none)\(other)"
        }
    }

    /// The time of `text` in milliseconds with its fraction (a Resource Timing export's
    /// sub-millisecond times), or nil when it is not one. ISO 8601 is read to the millisecond.
    public func fractionalMs(_ text: String) -> Double? {
        guard unit != .iso8601 else { return ms(text).map(Double.init) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else { return nil }
        let milliseconds = unit == .s ? value * 1_000 : value
        guard abs(milliseconds) < 1e15 else { return nil }
        return milliseconds
    }
}
