/// The user of a session being imported, from an optional column (`--user`): the first value the
/// session's rows give; an empty cell names no one, and a row naming another user breaks the
/// session (the log mixes two people under one session id).
struct SessionUser {
    /// The column, or nil when the log has none.
    let column: String?
    /// The user the session's rows named so far.
    private(set) var user: String?

    init(column: String?) {
        self.column = column
    }

    /// Reads a row's user; returns why the row breaks its session, if it does.
    mutating func read(_ value: (String) -> String?) -> ImportError? {
        guard let column, let named = value(column) else { return nil }
        guard let user else {
            user = named
            return nil
        }
        return named == user ? nil : .twoUsers(user, named)
    }

    /// Forgets the session's user, for the next session.
    mutating func reset() {
        user = nil
    }
}
