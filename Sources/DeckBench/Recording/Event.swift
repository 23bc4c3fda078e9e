/// One recorded user action, at a time in milliseconds since the session started.
public struct Event: Sendable, Hashable {
    /// What the user did.
    public enum Kind: Sendable, Hashable {
        /// An interactive swipe that starts at `timeMs` and completes at `timeMs + durationMs`;
        /// a cancelled swipe never navigates.
        case swipe(Direction, durationMs: Int, cancelled: Bool)
        /// A prev/next button: an instant step.
        case tap(Direction)
        /// A deep link or date picker: go straight to `page`.
        case jump(page: Int)
        /// The user scrolled the shown page to `y` points from its top.
        case scroll(y: Double)
        /// The explicit end of the session.
        case end
    }

    /// Milliseconds since the session started (the recording's `t`).
    public var timeMs: Int
    public var kind: Kind

    public init(timeMs: Int, kind: Kind) {
        self.timeMs = timeMs
        self.kind = kind
    }
}
