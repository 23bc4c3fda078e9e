/// The user's committed steps as a policy is told them: the direction of the last step and of the
/// one before it, how many steps went the same way as the step before them or turned back, and
/// when the last two committed. The `Replayer` keeps one per session and builds every
/// `PolicyContext` from it, so the context's fields about the past have one owner and one rule.
struct StepTrail {
    /// The direction of the last step; nil before the first one and after a jump.
    private(set) var direction: Direction?
    /// The direction of the step before the last one.
    private var previousDirection: Direction?
    /// Committed steps that went the same way as the one before them, and those that turned back.
    private var stepsSameWay = 0
    private var stepsReversed = 0
    /// When the last two navigations committed, µs.
    private var lastCommitUs: Int?
    private var previousCommitUs: Int?

    /// A session starts: no step yet (its first page is shown at t = 0, going nowhere).
    @inline(__always) mutating func reset() {
        self = StepTrail()
    }

    /// A navigation going `next` (nil: a jump) committed at `atUs`. The first step, and the first
    /// after a jump, is compared with nothing.
    @inline(__always) mutating func commit(going next: Direction?, atUs: Int) {
        if let previous = direction, let next {
            if previous == next { stepsSameWay += 1 } else { stepsReversed += 1 }
        }
        previousDirection = direction
        direction = next
        previousCommitUs = lastCommitUs
        lastCommitUs = atUs
    }

    /// Milliseconds between the last two commits (nil before two).
    var stepGapMs: Int? {
        guard let previousCommitUs, let lastCommitUs else { return nil }
        return (lastCommitUs - previousCommitUs) / 1_000
    }

    /// What a policy is told when `trigger` prompts it, with `current` shown, the session's pages
    /// `limits`, and the replayer's `pages`.
    @inline(__always)
    func context(_ trigger: PolicyContext.Trigger, current: Int, limits: ClosedRange<Int>, pages: PageTable) -> PolicyContext {
        PolicyContext(
            trigger: trigger, current: current, direction: direction, first: limits.lowerBound, last: limits.upperBound, pages: pages,
            stepsSameWay: stepsSameWay, stepsReversed: stepsReversed, previousDirection: previousDirection, stepGapMs: stepGapMs)
    }
}
