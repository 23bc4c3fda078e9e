/// A part of a recording that was not accepted: a whole session, a run of lines outside any
/// session, or the rest of a damaged file. Written to `rejects.csv` and shown by `inspect`.
public struct Reject: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The 1-based line where the problem is (0 when it concerns the whole file).
    public var line: Int
    /// The id of the rejected session, when one was open.
    public var session: String?
    public var error: RecordingError

    public init(file: String, line: Int, session: String?, error: RecordingError) {
        self.file = file
        self.line = line
        self.session = session
        self.error = error
    }

    /// What a person reads: the error, without file or line.
    public var reason: String { error.description }

    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        if let session { return "\(place): session \"\(session)\" rejected: \(reason)" }
        return "\(place): \(reason)"
    }
}
