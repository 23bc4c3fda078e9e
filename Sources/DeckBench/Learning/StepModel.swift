import Foundation

/// A small model of where a user goes next: for each `StepHistory`, how often the next step moved
/// by each offset from −`maxOffset` to +`maxOffset` pages (taps, swipes and jumps alike, by where
/// they land), or farther (a jump far away: no page to prepare). Learnt from recordings by
/// `StepModelLearner`, written and read as JSON (`StepModelFile`), read once per run and shared
/// read-only by every replayer of a `learned` policy.
///
/// Probabilities are smoothed towards the pooled distribution: P(o | h) = (n(h, o) + α P(o)) /
/// (n(h) + α) with α = `smoothing` steps, and P(o) = (n(o) + 1) / (n + outcomes) (add one): a
/// history seen a few times says little of its own and borrows the population's habits; one seen
/// thousands of times speaks for itself.
public final class StepModel: Sendable {
    /// Offsets modelled one by one, on each side.
    public static let maxOffset = 8
    /// Outcomes: −maxOffset … −1, +1 … +maxOffset, then farther.
    public static let outcomes = 2 * maxOffset + 1
    /// Steps ahead over which a page's chance of being needed is counted (`rankedOffsets`): with
    /// later steps weighing less, the first steps order the near pages and the later ones the far
    /// pages that a short chain would leave in no order.
    public static let horizon = 8

    /// How much a visit one step later counts against one a step sooner: a page needed after the
    /// next step can still be fetched at the next commit, unless the user swipes too fast for it to
    /// arrive in between (mid-burst). Chosen on development populations (docs/LEARNED.md).
    public static func laterStepWeight(burst: Bool) -> Double { burst ? 0.6 : 0.25 }
    /// Pages on each side that a ranking considers.
    static let reach = horizon * maxOffset

    /// A step that commits less than this after the one before it is part of a burst.
    public let burstMs: Int
    /// The prior's weight α, in steps.
    public let smoothing: Double
    /// Sessions and steps the counts came from.
    public let sessions: Int
    public let steps: Int
    /// Per history (`StepHistory.all` order), the count of each outcome.
    public let counts: [[Int]]
    /// Per history, the smoothed probability of each outcome.
    private let probabilities: [[Double]]
    /// Per history, the page offsets (not 0) by their chance of being needed soon (`rank`).
    private let ranked: [[Int]]

    public init(counts: [[Int]], sessions: Int, burstMs: Int = 1_000, smoothing: Double = 20) {
        precondition(counts.count == StepHistory.all.count && counts.allSatisfy { $0.count == Self.outcomes }, "a count per history and outcome")
        self.counts = counts
        self.sessions = sessions
        self.burstMs = burstMs
        self.smoothing = smoothing
        steps = counts.joined().reduce(0, +)
        let pooled = (0 ..< Self.outcomes).map { outcome in counts.reduce(0) { $0 + $1[outcome] } }
        let total = Double(pooled.reduce(0, +))
        let prior = pooled.map { (Double($0) + 1) / (total + Double(Self.outcomes)) }
        let probabilities = counts.map { row in
            let seen = Double(row.reduce(0, +))
            return row.indices.map { (Double(row[$0]) + smoothing * prior[$0]) / (seen + smoothing) }
        }
        self.probabilities = probabilities
        ranked = StepHistory.all.map { Self.rank(from: $0, probabilities: probabilities) }
    }

    /// The offset of outcome `index`, nil for "farther".
    public static func offset(ofOutcome index: Int) -> Int? {
        guard index < 2 * maxOffset else { return nil }
        return index < maxOffset ? index - maxOffset : index - maxOffset + 1
    }

    /// The outcome of a step by `offset` pages (not 0).
    public static func outcome(ofOffset offset: Int) -> Int {
        guard abs(offset) <= maxOffset else { return 2 * maxOffset }
        return offset < 0 ? offset + maxOffset : offset + maxOffset - 1
    }

    /// The smoothed probability of each outcome after `history`.
    public func probabilities(after history: StepHistory) -> [Double] {
        probabilities[history.index]
    }

    /// The page offsets from the shown page, the likeliest to be needed soon first.
    public func rankedOffsets(after history: StepHistory) -> [Int] {
        ranked[history.index]
    }

    /// Ranks offsets by their expected visits within `horizon` steps, a visit at a later step
    /// weighing less (`laterStepWeight`): the chain of steps from `start`, each step's history made
    /// of the steps before it (the burst state held), a far step's mass let go. Ties: the nearer
    /// page, then the one ahead. Sums run in a fixed order over flat arrays, so the ranking is the
    /// same in every process.
    private static func rank(from start: StepHistory, probabilities: [[Double]]) -> [Int] {
        let directions: [Direction?] = [nil, .next, .prev]
        let width = 2 * reach + 1
        // mass[(position + reach) * 9 + last * 3 + before]
        func slot(_ position: Int, _ last: Int, _ before: Int) -> Int { (position + reach) * 9 + last * 3 + before }
        func index(_ direction: Direction?) -> Int { directions.firstIndex(of: direction)! }
        var mass = [Double](repeating: 0, count: width * 9)
        mass[slot(0, index(start.last), index(start.before))] = 1
        var score = [Double](repeating: 0, count: width)
        var weight = 1.0
        for _ in 0 ..< horizon {
            var next = [Double](repeating: 0, count: width * 9)
            for position in -reach ... reach {
                for last in 0 ..< 3 {
                    for before in 0 ..< 3 {
                        let here = mass[slot(position, last, before)]
                        guard here > 0 else { continue }
                        let row = probabilities[StepHistory(last: directions[last], before: directions[before], burst: start.burst).index]
                        for outcome in 0 ..< 2 * maxOffset {
                            let offset = offset(ofOutcome: outcome)!
                            let target = position + offset
                            guard abs(target) <= reach else { continue }
                            next[slot(target, offset > 0 ? 1 : 2, last)] += here * row[outcome]
                        }
                    }
                }
            }
            for position in -reach ... reach {
                for history in 0 ..< 9 { score[position + reach] += weight * next[(position + reach) * 9 + history] }
            }
            mass = next
            weight *= laterStepWeight(burst: start.burst)
        }
        return (-reach ... reach).filter { $0 != 0 }.sorted { a, b in
            let (x, y) = (score[a + reach], score[b + reach])
            if x != y { return x > y }
            if abs(a) != abs(b) { return abs(a) < abs(b) }
            return a > b
        }
    }
}
