/// Why a row or a session of a log was not imported, whatever its format.
package enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    case badTime(String, LogTime.Unit, column: String)
    case badPage(String, PageViewFields.PageKind, column: String)
    case missingField(String)
    case emptySession
    /// A view's time before the view before it, each as the message says it (as written, quoted).
    case timeGoesBack(previous: String, time: String)
    case sessionNotTogether(String, firstLine: Int)
    case pageOutsideBounds(Int, first: Int, last: Int)
    case tooLong(Int)
    case twoUsers(String, String)
    /// A touch sample's time before the sample before it, each as the message says it.
    case timeBeforePreviousRow(previous: String, time: String)
    case badAction(String, column: String)
    /// A row that does not read between two rows of the session (why, as the row reader says it).
    case malformedRow(String)
    case badPosition(x: String, y: String, xColumn: String, yColumn: String)

    public var description: String {
        switch self {
        case let .badTime(text, unit, column): "time " + LogTime(unit: unit).whyNot(text, column: column)
        case let .badPage(text, kind, column):
            "page \(LogTime.quoted(text)) in column \(LogTime.quoted(column)) is not \(kind == .date ? "a date YYYY-MM-DD" : "a whole number")"
        case let .missingField(column): "no value in column \"\(column)\""
        case .emptySession: "an empty session id"
        case let .timeGoesBack(previous, time): "time \(time) is before the previous view's \(previous) (sort the rows by session and time)"
        case let .sessionNotTogether(id, line):
            "rows of session \"\(id)\" appear again after other sessions (its first at line \(line), dealt with there); sort the rows by session and time"
        case let .malformedRow(reason): "a row of it does not read: \(reason)"
        case let .pageOutsideBounds(page, first, last): "page \(page) is outside --first \(first) … --last \(last)"
        case let .tooLong(ms): "the session lasts \(ms) ms, more than a recording may"
        case let .twoUsers(first, other): "its rows name two users, \"\(first)\" and \"\(other)\""
        case let .timeBeforePreviousRow(previous, time): "time \(time) is before the previous row's \(previous) (sort the rows by session and time)"
        case let .badAction(text, column): "action \(LogTime.quoted(text)) in column \(LogTime.quoted(column)) is not down, move, up or cancel (0 to 3; 4 to 12, a second pointer's, hover and a mouse's, are skipped)"
        case let .badPosition(x, y, xColumn, yColumn):
            "x and y (columns \(LogTime.quoted(xColumn)) and \(LogTime.quoted(yColumn))) must be numbers (got \(LogTime.quoted(x)), \(LogTime.quoted(y)))"
        }
    }
}
