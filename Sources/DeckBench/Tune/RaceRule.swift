import Foundation

/// The racing rule of `tune`: after each block of sessions, the live candidates of a network are
/// judged against the leader — the one with the best objective among those whose bytes per
/// navigation is within the budget (fewer bytes on a tie) — and a candidate is out when its paired interval on the
/// objective lies wholly on the worse side of the leader's, or its interval of bytes per
/// navigation wholly above the budget.
///
/// Intervals are normal intervals on the bootstrap's standard error (the replicates' standard
/// deviation; paired: of the replicate-by-replicate difference, each replicate weighing both
/// candidates' sessions alike), at the level 1 − 0.05 / `comparisons` (Bonferroni over every
/// comparison the race may make: each candidate but one, at each round). Percentile intervals
/// cannot be read that far out from a thousand replicates; the normal interval on the same
/// replicates can. Bonferroni holds whatever the dependence between the comparisons (each
/// judgement looks again at the same sessions, plus new ones), at the price of keeping more ties.
public struct RaceRule: Sendable {
    public var objective: TuneObjective
    public var budget: TuneBudget?
    /// How many comparisons the race may make in all (at least 1).
    public var comparisons: Int
    /// No candidate is judged out on fewer searched sessions than this: with a handful of
    /// sessions the bootstrap's spread says little.
    public var minimumSessions: Int

    public init(objective: TuneObjective, budget: TuneBudget?, comparisons: Int, minimumSessions: Int = 100) {
        self.objective = objective
        self.budget = budget
        self.comparisons = max(1, comparisons)
        self.minimumSessions = minimumSessions
    }

    /// The family-wise error rate the intervals keep together.
    public static let errorRate = 0.05

    /// The half-width of an interval in standard errors: the upper 0.05 / (2 × comparisons) point
    /// of the standard normal.
    public var z: Double { Self.upperQuantile(Self.errorRate / Double(2 * comparisons)) }

    /// Judges candidates `live` (indices into `candidates`, all of one network and all having
    /// replayed the same sessions) after round `round`: sets every one's standing, and the exit of
    /// those that are out. Returns the leader's index, nil when no candidate is within the budget
    /// at its estimate (then only the budget rule applies).
    @discardableResult
    public func judge(_ candidates: inout [TuneCandidate], live: [Int], round: Int, weights: BootstrapWeights) -> Int? {
        let columns = [objective.column, TuneBudget.column]
        let estimates = live.map { ReplicateEstimates(candidates[$0].summary.replicates, weights: weights, columns: columns) }
        let points = live.map { index in
            (objective: objective.column.point(candidates[index].summary), bytes: TuneBudget.column.point(candidates[index].summary))
        }
        let leader = leaderPosition(points)
        let z = z
        for (position, index) in live.enumerated() {
            let summary = candidates[index].summary
            var standing = TuneCandidate.Standing(round: round, sessions: summary.sessions, objective: points[position].objective,
                                                  bytesPerNavigation: points[position].bytes)
            let bytesValues = estimates[position]?.values(TuneBudget.column).compactMap { $0 } ?? []
            if let bytes = points[position].bytes, let error = Self.standardError(bytesValues) {
                standing.bytesInterval = (bytes - z * error) ... (bytes + z * error)
            }
            if let leader, leader != position, let mine = points[position].objective, let theirs = points[leader].objective {
                let difference = mine - theirs
                standing.leader = candidates[live[leader]].policy
                standing.difference = difference
                let paired = zip(estimates[position]?.values(objective.column) ?? [], estimates[leader]?.values(objective.column) ?? [])
                    .compactMap { a, b in a.flatMap { a in b.map { a - $0 } } }
                if let error = Self.standardError(paired) {
                    standing.differenceInterval = (difference - z * error) ... (difference + z * error)
                }
            }
            candidates[index].standing = standing
            guard summary.sessions >= minimumSessions else { continue }
            if let budget, let interval = standing.bytesInterval, interval.lowerBound > budget.bytesPerNavigation {
                candidates[index].exit = .overBudget
            } else if let interval = standing.differenceInterval, interval.lowerBound > 0 {
                candidates[index].exit = .worseThanLeader
            }
        }
        return leader.map { live[$0] }
    }

    /// The position of the best objective among those within the budget at their estimate (on a
    /// tie, the fewer bytes per navigation, then the first given); nil when none is.
    func leaderPosition(_ points: [(objective: Double?, bytes: Double?)]) -> Int? {
        var best: Int?
        for (position, point) in points.enumerated() {
            guard let value = point.objective, withinBudget(point.bytes) else { continue }
            if let current = best, let leading = points[current].objective,
               (leading, points[current].bytes ?? .infinity) <= (value, point.bytes ?? .infinity) { continue }
            best = position
        }
        return best
    }

    /// Whether bytes per navigation `bytes` (nil: no navigations) is within the budget.
    func withinBudget(_ bytes: Double?) -> Bool {
        guard let budget else { return true }
        return bytes.map { $0 <= budget.bytesPerNavigation } ?? false
    }

    /// The sample standard deviation of `values`; nil for fewer than two.
    static func standardError(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// z with P(Z > z) = p for a standard normal Z, 0 < p < 0.5: bisection on the complementary
    /// error function, to a millionth.
    static func upperQuantile(_ p: Double) -> Double {
        var (low, high) = (0.0, 40.0)
        while high - low > 1e-7 {
            let middle = (low + high) / 2
            if 0.5 * erfc(middle / 2.0.squareRoot()) > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
