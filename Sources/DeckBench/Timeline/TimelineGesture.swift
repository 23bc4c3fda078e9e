/// A user action as the timeline shows it.
enum TimelineGesture: Sendable, Equatable {
    case swipeStarted(target: Int, cancelled: Bool)
    case swipeCommitted(target: Int)
    /// A swipe that ended without a commit (let go, or superseded by a later gesture).
    case swipeEnded(target: Int)
    case tap(target: Int)
    case jump(target: Int)
    case bounce
    case scroll
}
