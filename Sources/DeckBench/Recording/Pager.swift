/// The pager of a paged screen while a session's gestures play out, gestures that overlap in time
/// included: the page shown, the page the user is heading for, and which commits still move it.
/// Inspection and replay both count navigations through it, so they always agree.
///
/// A real pager's rules (data/README.md, "How events become navigations"): a step goes one page
/// from the page the user is heading for; a commit moves the pager to its target; a commit of a
/// gesture that started before the last gesture that committed is superseded (the user has already
/// moved past it), and a commit to the page already shown changes nothing: neither is a navigation.
struct Pager: Sendable, Hashable {
    /// The page the app shows: the target of the last navigation.
    public private(set) var shown: Int
    /// The target of the last step, even while that step's swipe is still in progress.
    public private(set) var heading: Int
    /// Steps taken so far: the number of the next one.
    private var steps = 0
    /// The number of the newest step that committed; -1 before any.
    private var lastCommitted = -1

    /// A pager showing `page` at t = 0.
    public init(page: Int) {
        shown = page
        heading = page
    }

    /// The step `event` makes within `limits` (`first ... last`), and for a navigation its number,
    /// to pass to `commit` when it commits.
    public mutating func step(_ event: Event, within limits: ClosedRange<Int>) -> (step: Step, number: Int) {
        let step = Step.of(event, from: heading, within: limits)
        guard case let .navigation(target, _, _, _) = step else { return (step, -1) }
        heading = target
        steps += 1
        return (step, steps - 1)
    }

    /// Whether step `number`, committing now, was overtaken by a later step that committed first.
    public func isSuperseded(_ number: Int) -> Bool {
        number <= lastCommitted
    }

    /// Step `number` commits towards `target` now; returns whether that is a navigation (the shown
    /// page changes).
    public mutating func commit(_ number: Int, to target: Int) -> Bool {
        guard number > lastCommitted else { return false }
        lastCommitted = number
        guard target != shown else { return false }
        shown = target
        return true
    }
}
