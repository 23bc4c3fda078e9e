import Foundation

/// How a page-view log writes its time and its page, and how a field of it reads.
package struct PageViewFields: Sendable {
    public typealias TimeUnit = LogTime.Unit

    public enum PageKind: String, Sendable, CaseIterable {
        /// The page's index, a whole number.
        case index
        /// A calendar date `YYYY-MM-DD` (a day-by-day pager): its page is the day's number since 1970-01-01.
        case date
    }

    public var timeUnit: TimeUnit
    public var pageKind: PageKind

    public init(timeUnit: TimeUnit = .ms, pageKind: PageKind = .index) {
        self.timeUnit = timeUnit
        self.pageKind = pageKind
    }

    /// The time of `text`, read from `column`, in milliseconds, or why it is not one.
    public func timeMs(_ text: String, column: String) -> Result<Int, ImportError> {
        LogTime(unit: timeUnit).ms(text).map { .success($0) } ?? .failure(.badTime(text, timeUnit, column: column))
    }

    /// The page of `text`, read from `column`, or why it is not one.
    public func page(_ text: String, column: String) -> Result<Int, ImportError> {
        let trimmed = LogRows.trimmed(text)
        switch pageKind {
        case .index:
            // A whole number, also as a spreadsheet or pandas writes one (`4.0`, `4e0`).
            guard let page = Int(trimmed) ?? Self.wholeNumber(trimmed), abs(page) <= RecordingLimits.maxPage else {
                return .failure(.badPage(text, pageKind, column: column))
            }
            return .success(page)
        case .date:
            guard let day = Self.dayNumber(trimmed) else { return .failure(.badPage(text, pageKind, column: column)) }
            return .success(day)
        }
    }

    /// `text` as a whole number when it is a decimal one with nothing after its point (`4.0`),
    /// within the pages a recording holds; nil otherwise.
    static func wholeNumber(_ text: String) -> Int? {
        guard let value = LogTime.decimalMilliseconds(text, places: 0), value == value.rounded(),
              abs(value) <= Double(RecordingLimits.maxPage) else { return nil }
        return Int(value)
    }

    /// Days from 1970-01-01 to `YYYY-MM-DD` (proleptic Gregorian, `LogTimestamp`'s calendar), nil
    /// for anything else.
    static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1 ... 12).contains(month), day >= 1, day <= LogTimestamp.days(inMonth: month, of: year) else { return nil }
        return LogTimestamp.daysSinceEpoch(year: year, month: month, day: day)
    }
}
