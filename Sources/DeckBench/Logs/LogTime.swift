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
            guard let date = Self.isoDate(trimmed) else { return nil }
            return Int((date.timeIntervalSince1970 * 1_000).rounded())
        }
    }

    /// The time of `text` in milliseconds with its fraction (a Resource Timing export's
    /// sub-millisecond times), or nil when it is not one. ISO 8601 keeps its formatter's grain, 1 ms.
    public func fractionalMs(_ text: String) -> Double? {
        guard unit != .iso8601 else { return ms(text).map(Double.init) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite else { return nil }
        let milliseconds = unit == .s ? value * 1_000 : value
        guard abs(milliseconds) < 1e15 else { return nil }
        return milliseconds
    }

    private static func isoDate(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = withFraction.date(from: text) ?? plain.date(from: text) { return date }
        return SQLTimestamp(text).map { Date(timeIntervalSince1970: Double($0.milliseconds) / 1_000) }
    }
}
