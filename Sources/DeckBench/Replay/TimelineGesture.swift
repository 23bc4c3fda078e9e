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

extension TimelineGesture {
    /// The gesture a recorded `event` making `step` starts, as the timeline shows it; nil for a
    /// bounce (the meter tells it with the count) and for events that are no gesture.
    init?(_ step: Step, _ event: Event) {
        switch (step, event.kind) {
        case let (.navigation(target, _, _, _), .swipe): self = .swipeStarted(target: target, cancelled: false)
        case let (.navigation(target, _, _, _), .jump): self = .jump(target: target)
        case let (.navigation(target, _, _, _), _): self = .tap(target: target)
        case let (.cancelledSwipe(target, _), _): self = .swipeStarted(target: target, cancelled: true)
        case (.none, .scroll): self = .scroll
        case (.bounce, _), (.none, _): return nil
        }
    }
}
