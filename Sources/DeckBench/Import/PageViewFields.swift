import Foundation

/// How a page-view log writes its time and its page, and how a field of it reads.
public struct PageViewFields: Sendable {
    public enum TimeUnit: String, Sendable, CaseIterable {
        /// Milliseconds (a whole or decimal number).
        case ms
        /// Seconds (a whole or decimal number), to the nearest millisecond.
        case s
        /// An ISO 8601 date and time with a zone (`2026-11-24T10:15:30.250Z`), fractional seconds optional.
        case iso8601
    }

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

    /// The time of `text` in milliseconds, or why it is not one.
    public func timeMs(_ text: String) -> Result<Int, PageViewError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch timeUnit {
        case .ms, .s:
            guard let value = Double(trimmed), value.isFinite else { return .failure(.badTime(text, timeUnit)) }
            let milliseconds = (timeUnit == .s ? value * 1_000 : value).rounded()
            guard abs(milliseconds) < 1e15 else { return .failure(.badTime(text, timeUnit)) }
            return .success(Int(milliseconds))
        case .iso8601:
            guard let date = Self.isoDate(trimmed) else { return .failure(.badTime(text, timeUnit)) }
            return .success(Int((date.timeIntervalSince1970 * 1_000).rounded()))
        }
    }

    /// The page of `text`, or why it is not one.
    public func page(_ text: String) -> Result<Int, PageViewError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch pageKind {
        case .index:
            guard let page = Int(trimmed), abs(page) <= RecordingLimits.maxPage else { return .failure(.badPage(text, pageKind)) }
            return .success(page)
        case .date:
            guard let day = Self.dayNumber(trimmed) else { return .failure(.badPage(text, pageKind)) }
            return .success(day)
        }
    }

    private static func isoDate(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return withFraction.date(from: text) ?? plain.date(from: text)
    }

    /// Days from 1970-01-01 to `YYYY-MM-DD` (proleptic Gregorian), nil for anything else.
    static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1 ... 12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Why a page-view row or session was not imported.
public enum PageViewError: Error, Sendable, Hashable, CustomStringConvertible {
    case badTime(String, PageViewFields.TimeUnit)
    case badPage(String, PageViewFields.PageKind)
    case missingField(String)
    case emptySession
    case timeGoesBack(previousMs: Int, timeMs: Int)
    case sessionNotTogether(String, firstLine: Int)
    case pageOutsideBounds(Int, first: Int, last: Int)
    case tooLong(Int)
    case twoUsers(String, String)

    public var description: String {
        switch self {
        case let .badTime(text, unit): "time \"\(text)\" is not \(unit == .iso8601 ? "an ISO 8601 date and time" : "a number of \(unit.rawValue)")"
        case let .badPage(text, kind): "page \"\(text)\" is not \(kind == .date ? "a date YYYY-MM-DD" : "a whole number")"
        case let .missingField(column): "no value in column \"\(column)\""
        case .emptySession: "an empty session id"
        case let .timeGoesBack(previous, time): "time \(time) ms is before the previous view's \(previous) ms (sort the rows by session and time)"
        case let .sessionNotTogether(id, line): "rows of session \"\(id)\" appear again after other sessions (its first at line \(line)); sort the rows by session and time"
        case let .pageOutsideBounds(page, first, last): "page \(page) is outside --first \(first) … --last \(last)"
        case let .tooLong(ms): "the session lasts \(ms) ms, more than a recording may"
        case let .twoUsers(first, other): "its rows name two users, \"\(first)\" and \"\(other)\""
        }
    }
}
