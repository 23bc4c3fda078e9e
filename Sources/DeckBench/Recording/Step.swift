/// What an event does to the page the user is heading for: the one rule, shared by inspection
/// and replay, that turns gestures into navigations, bounces or nothing.
///
/// The target of a step is counted from the page the user is heading for (the target of the last
/// step, even while that step's swipe is still in progress), so gestures that overlap in time
/// still walk the pages one by one.
package enum Step: Sendable, Hashable {
    /// A change of page to `target`; `needMs` is when the target must be shown (tap and jump at
    /// `t`, swipe at gesture start), `commitMs` when the navigation commits (swipe at `t + dur`).
    case navigation(target: Int, needMs: Int, commitMs: Int, direction: Direction?)
    /// A swipe the user let go of: `target` was dragged into view at `needMs`, nothing commits.
    case cancelledSwipe(target: Int, needMs: Int)
    /// A step (swipe or tap, cancelled or not) past the first or last page.
    case bounce
    /// Anything else: a jump to the page already shown, a scroll, an end.
    case none

    /// The step `event` makes from `heading` within the limits of `session`.
    @inlinable
    public static func of(_ event: Event, from heading: Int, in session: Session) -> Step {
        of(event, from: heading, within: session.first ... session.last)
    }

    /// The step `event` makes from `heading` within the pages `limits` (`first ... last`).
    @inlinable
    public static func of(_ event: Event, from heading: Int, within limits: ClosedRange<Int>) -> Step {
        switch event.kind {
        case let .swipe(direction, durationMs, cancelled):
            let target = heading + direction.offset
            guard limits.contains(target) else { return .bounce }
            if cancelled { return .cancelledSwipe(target: target, needMs: event.timeMs) }
            return .navigation(
                target: target, needMs: event.timeMs, commitMs: event.timeMs + durationMs, direction: direction)
        case let .tap(direction):
            let target = heading + direction.offset
            guard limits.contains(target) else { return .bounce }
            return .navigation(target: target, needMs: event.timeMs, commitMs: event.timeMs, direction: direction)
        case let .jump(page):
            guard page != heading else { return .none }
            return .navigation(target: page, needMs: event.timeMs, commitMs: event.timeMs, direction: nil)
        case .scroll, .end:
            return .none
        }
    }
}
