/// One user's recorded visit to a paged screen: where it started, the limits of the data, and
/// what the user did, in time order. Produced by `RecordingReader`, consumed by inspection and
/// replay.
public struct Session: Sendable, Hashable {
    /// The recording's session id, unique within its file.
    public var id: String
    /// The user the session belongs to, when the recording says (the line's optional `user` key):
    /// the bootstrap resamples users, not sessions, when it is given.
    public var user: String?
    /// The recording file the session came from, as the user named it.
    public var file: String
    /// The line of the session line in that file (1-based).
    public var line: Int
    /// The page shown at t = 0.
    public var page: Int
    /// The first page that has data (inclusive).
    public var first: Int
    /// The last page that has data (inclusive).
    public var last: Int
    /// The recorded events, `timeMs` non-decreasing.
    public var events: [Event]

    public init(id: String, user: String? = nil, file: String, line: Int, page: Int, first: Int, last: Int, events: [Event]) {
        self.id = id
        self.user = user
        self.file = file
        self.line = line
        self.page = page
        self.first = first
        self.last = last
        self.events = events
    }

    /// When the session ends: its `end` event, else its last event, else t = 0.
    public var endMs: Int { events.last?.timeMs ?? 0 }

    /// Whether `page` lies within the limits of the data.
    @inlinable
    public func contains(page: Int) -> Bool { page >= first && page <= last }
}
