/// Counts, session by session, where users went next after each `StepHistory`: the data of a
/// `StepModel`. Steps are the pager's (`SessionSteps`: taps, swipes and jumps that change the page
/// the user is heading for, in the order they were made); a step's history is the directions of
/// the two steps before it (none before the first and after a jump) and whether the step before it
/// committed within `burstMs` of its own predecessor — what the app knows when that step commits.
package struct StepModelLearner: Sendable {
    public let burstMs: Int
    public private(set) var counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
    public private(set) var sessions = 0

    public init(burstMs: Int = 1_000) {
        self.burstMs = burstMs
    }

    /// Counts the steps of `session`.
    public mutating func add(_ session: Session) {
        sessions += 1
        var heading = session.page
        var last: Direction?
        var before: Direction?
        var lastCommitMs: Int?
        var burst = false
        for numbered in SessionSteps(of: session).steps {
            guard case let .navigation(target, _, commitMs, direction) = numbered.step else { continue }
            let history = StepHistory(last: last, before: before, burst: burst)
            counts[history.index][StepModel.outcome(ofOffset: target - heading)] += 1
            heading = target
            before = last
            last = direction
            burst = lastCommitMs.map { commitMs - $0 < burstMs } ?? false
            lastCommitMs = commitMs
        }
    }

    /// Adds another learner's counts (of other sessions).
    public mutating func merge(_ other: StepModelLearner) {
        precondition(other.burstMs == burstMs, "counts of another burst threshold")
        sessions += other.sessions
        for history in counts.indices {
            for outcome in counts[history].indices { counts[history][outcome] += other.counts[history][outcome] }
        }
    }

    /// The model of the counts so far.
    public var model: StepModel {
        StepModel(counts: counts, sessions: sessions, burstMs: burstMs)
    }
}
