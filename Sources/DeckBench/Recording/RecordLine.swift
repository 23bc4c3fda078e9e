/// What one line of a recording says, once its JSON and field types are checked; the rules that
/// span lines (order, limits of the session) are `SessionAssembler`'s.
enum RecordLine: Sendable, Hashable {
    /// A session line; `user` is its optional user key. Indirect: one box a session keeps the
    /// two strings out of every event line's value.
    indirect case session(id: String, user: String?, page: Int, first: Int, last: Int)
    /// A session line (it has `v`) that breaks a rule: it starts a session of its own, rejected
    /// whole; `id` is its session id when that field is readable. Indirect, so that the large
    /// error does not widen every line the reader passes along.
    indirect case rejectedSession(id: String?, error: RecordingError)
    case event(Event)
    /// An empty or whitespace-only line: ignored.
    case blank
}
