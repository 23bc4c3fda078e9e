/// Why a recording, or part of it, could not be read: each case carries what a person needs to
/// find and fix the input. The line number and file travel beside it, in `Reject`.
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// libzstd found corrupt data; `offset` is the compressed byte where decoding stopped.
    case corruptStream(offset: Int, detail: String)
    /// The file ends inside a zstd frame.
    case truncatedStream(offset: Int)
    /// A file named `.zst` that starts neither with zstd's magic number nor like JSON Lines text
    /// (which is read whatever its name): random bytes, another compressor's output.
    case notZstd(firstBytes: String)
    /// A line longer than `RecordingLimits.maxLineBytes`.
    case lineTooLong(bytes: Int, limit: Int)
    /// Not valid JSON; `column` is the 1-based byte in the line where parsing failed.
    case malformedJSON(column: Int, detail: String)
    /// Valid JSON, but not an object.
    case notAnObject
    /// An object with neither `v` (session line) nor `e` (event line).
    case neitherSessionNorEvent
    /// A session line whose `v` is not 1.
    case unsupportedVersion(got: String)
    case missingField(String)
    /// A field of the wrong JSON type or outside its range; `expected` reads after "must be".
    case invalidField(String, expected: String, got: String)
    /// The same field twice in one line.
    case duplicateField(String)
    case unknownKind(String)
    /// `first` > `last` on a session line.
    case limitsReversed(first: Int, last: Int)
    /// A page outside `first…last`.
    case pageOutsideLimits(field: String, page: Int, first: Int, last: Int)
    /// An event earlier than the one before it.
    case timeWentBackwards(timeMs: Int, previousMs: Int, previousLine: Int)
    /// An event line before any session line, or after the session's `end`.
    case eventOutsideSession(afterEndOfSession: String?)
    /// A session id already used earlier in the same file.
    case duplicateSession(id: String, firstLine: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case let .corruptStream(offset, detail):
            "zstd data corrupt at compressed byte \(offset) (\(detail)); nothing after it can be read"
        case let .truncatedStream(offset):
            "zstd stream truncated: the file ends at byte \(offset) inside a frame"
        case let .notZstd(firstBytes):
            "not zstd: the name ends in .zst but the file does not start with zstd's magic number (28 b5 2f fd; it starts "
                + "\(firstBytes)), nor is it JSON Lines text; nothing in it can be read"
        case let .lineTooLong(bytes, limit):
            "line is longer than \(limit) bytes (at least \(bytes))"
        case let .malformedJSON(column, detail):
            "malformed JSON at column \(column): \(detail)"
        case .notAnObject:
            "line must be a JSON object"
        case .neitherSessionNorEvent:
            "line is neither a session line (needs `v`) nor an event line (needs `e`)"
        case let .unsupportedVersion(got):
            "field `v` must be 1 (format version 1), got \(got)"
        case let .missingField(name):
            "missing field `\(name)`"
        case let .invalidField(name, expected, got):
            "field `\(name)` must be \(expected), got \(got)"
        case let .duplicateField(name):
            "field `\(name)` appears twice"
        case let .unknownKind(kind):
            "unknown event kind \(kind); expected \"swipe\", \"tap\", \"jump\", \"scroll\" or \"end\""
        case let .limitsReversed(first, last):
            "`first` (\(first)) must not be greater than `last` (\(last))"
        case let .pageOutsideLimits(field, page, first, last):
            "field `\(field)` is \(page), outside the session's pages \(first)…\(last)"
        case let .timeWentBackwards(timeMs, previousMs, previousLine):
            "time goes backwards: `t` is \(timeMs), the event on line \(previousLine) had \(previousMs)"
        case let .eventOutsideSession(ended):
            if let ended {
                "event after the `end` of session \"\(ended)\"; start a new session with a session line"
            } else {
                "event before any session line"
            }
        case let .duplicateSession(id, firstLine):
            "session id \"\(id)\" is already used on line \(firstLine) of this file"
        }
    }
}
