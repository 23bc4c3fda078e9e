import Foundation

/// The racing rule of `tune`: after each block of sessions, the live candidates of a network are
/// judged. Feasibility comes first: a candidate whose interval of bytes per navigation lies wholly
/// within the budget is *feasible*, wholly above it *infeasible* (out, "over the budget"), and
/// *undecided* while it straddles the budget (or its sessions are fewer than `minimum`: too few to
/// judge, units or navigations). Only a
/// feasible candidate may lead: the leader is the best objective among the feasible ones (fewer
/// bytes on a tie, then the first given), and a candidate — feasible or undecided — is out when
/// its paired interval on the objective against the leader lies wholly on the worse side. With no
/// feasible candidate there is no leader and only the budget rule applies, so a candidate truly
/// over the budget can never knock out one within it.
///
/// A verdict on feasibility, like an exit, is made once: a candidate confirmed within the budget
/// stays feasible.
///
/// Intervals are normal intervals on the bootstrap's standard error (the replicates' standard
/// deviation; paired: of the replicate-by-replicate difference, each replicate weighing both
/// candidates' sessions alike), each end at 0.05 / (2 × `comparisons` × `looks`): Bonferroni over
/// every comparison the race may make (each candidate but one against the leader and, with a
/// budget, each one's bytes against it) at every round that may judge. Each verdict can be wrong
/// one way only, so one tail would do under the normal approximation; but near the minimum skewed
/// bytes make one tail heavier than normal, and the second tail's share is kept as a margin for
/// the approximation (docs/TUNE.md). The rounds that may judge
/// are those from the first whose sessions meet `minimum` on: which rounds those are depends on the
/// sessions' number and length alone, never on a policy's figures, so a round that cannot judge
/// spends no share of the error rate. Percentile intervals cannot be read that far out from a
/// thousand replicates; the normal interval on the same replicates can. Bonferroni holds whatever
/// the dependence between the comparisons (each judgement looks again at the same sessions, plus
/// new ones), at the price of keeping more ties.
package struct RaceRule: Sendable {
    public var objective: TuneObjective
    public var budget: TuneBudget?
    /// How many comparisons the race may make at one round (at least 1), and at how many rounds
    /// (at least 1; the race sets it once it knows the first round that may judge).
    public var comparisons: Int
    public var looks: Int
    /// No verdict on fewer units (users, or sessions) or navigations than this: with a handful
    /// the bootstrap's spread says little.
    public var minimum: RaceMinimum

    public init(objective: TuneObjective, budget: TuneBudget?, comparisons: Int, looks: Int = TuneRun.blockEnds.count,
                minimum: RaceMinimum = .standard) {
        self.objective = objective
        self.budget = budget
        self.comparisons = max(1, comparisons)
        self.looks = max(1, looks)
        self.minimum = minimum
    }

    /// The family-wise error rate the intervals keep together.
    public static let errorRate = 0.05

    /// The half-width of an interval in standard errors: the upper 0.05 / (2 × comparisons × looks)
    /// point of the standard normal.
    public var z: Double { Self.upperQuantile(Self.errorRate / Double(2 * comparisons * looks)) }

    /// Judges candidates `live` (indices into `candidates`, all of one network and all having
    /// replayed the same sessions; the budget's reference among them when it has one) after round
    /// `round`: sets every one's standing, and the exit of those that are out. Returns the
    /// leader's index, nil when no candidate is feasible yet.
    @discardableResult
    public func judge(_ candidates: inout [TuneCandidate], live: [Int], round: Int, weights: BootstrapWeights) -> Int? {
        let columns = [objective.column, TuneBudget.column]
        let estimates = live.map { ReplicateEstimates(candidates[$0].summary.replicates, weights: weights, columns: columns) }
        let reference = live.firstIndex { candidates[$0].isReference }
        let ceiling = budget.map { budget in
            Ceiling(budget: budget, reference: reference.map { (TuneBudget.column.point(candidates[live[$0]].summary), estimates[$0]?.values(TuneBudget.column)) })
        }
        let z = z
        var standings = live.enumerated().map { position, index in
            let summary = candidates[index].summary
            var standing = TuneCandidate.Standing(round: round, sessions: summary.sessions, objective: objective.column.point(summary),
                                                  bytesPerNavigation: TuneBudget.column.point(summary))
            standing.units = summary.replicates.units
            standing.navigations = summary.totals.navigations
            standing.tooFew = !minimum.allows(units: standing.units, navigations: standing.navigations)
            let bytesValues = estimates[position]?.values(TuneBudget.column) ?? []
            if let bytes = standing.bytesPerNavigation, let error = Self.standardError(bytesValues.compactMap { $0 }) {
                standing.bytesInterval = (bytes - z * error) ... (bytes + z * error)
            }
            if let ceiling, let bytes = standing.bytesPerNavigation, let excess = ceiling.excess(bytes, bytesValues) {
                standing.budgetExcess = excess.point
                standing.budgetExcessInterval = excess.error.map { (excess.point - z * $0) ... (excess.point + z * $0) }
            }
            // Once confirmed within the budget, a candidate stays feasible, as one out stays out: each
            // verdict is one of the race's comparisons, made once.
            standing.feasibility = candidates[index].standing?.feasibility == .feasible ? .feasible
                : standing.tooFew ? .undecided : feasibility(excess: standing.budgetExcessInterval)
            return standing
        }
        let leader = leaderPosition(standings.enumerated().map { position, standing in
            (standing.objective, standing.bytesPerNavigation, standing.feasibility == .feasible && position != reference)
        })
        for (position, index) in live.enumerated() {
            if let leader, leader != position, let mine = standings[position].objective, let theirs = standings[leader].objective {
                let difference = mine - theirs
                standings[position].leader = candidates[live[leader]].policy
                standings[position].difference = difference
                let paired = zip(estimates[position]?.values(objective.column) ?? [], estimates[leader]?.values(objective.column) ?? [])
                    .compactMap { a, b in a.flatMap { a in b.map { a - $0 } } }
                if let error = Self.standardError(paired) {
                    standings[position].differenceError = error
                    standings[position].differenceInterval = (difference - z * error) ... (difference + z * error)
                }
            }
            candidates[index].standing = standings[position]
            guard !standings[position].tooFew, position != reference else { continue }
            if standings[position].feasibility == .infeasible {
                candidates[index].exit = .overBudget
            } else if let interval = standings[position].differenceInterval, interval.lowerBound > 0 {
                candidates[index].exit = .worseThanLeader
            }
        }
        return leader.map { live[$0] }
    }

    /// What a candidate's bytes per navigation are held to: the budget's bytes, or its share of
    /// the reference's bytes on the same sessions, replicate by replicate.
    struct Ceiling {
        var budget: TuneBudget
        /// The reference's point and replicates (nil for an absolute budget).
        var reference: (point: Double?, replicates: [Double?]?)?

        /// The candidate's bytes less the ceiling, and the standard error of that (paired with the
        /// reference); nil when the reference has no figure yet.
        func excess(_ bytes: Double, _ replicates: [Double?]) -> (point: Double, error: Double?)? {
            let allowance: Double
            switch budget {
            case let .bytesPerNavigation(ceiling): return (bytes - ceiling, RaceRule.standardError(replicates.compactMap { $0 }))
            case let .relative(share, _): allowance = share
            }
            guard let theirs = reference?.point, let theirReplicates = reference?.replicates else { return nil }
            let share = 1 + allowance
            let contrasts = zip(replicates, theirReplicates).compactMap { a, b in a.flatMap { a in b.map { a - share * $0 } } }
            return (bytes - share * theirs, RaceRule.standardError(contrasts))
        }
    }

    /// Where the interval of a candidate's bytes less its ceiling stands (nil: not known yet).
    func feasibility(excess interval: ClosedRange<Double>?) -> TuneCandidate.Feasibility {
        guard budget != nil else { return .feasible }
        guard let interval else { return .undecided }
        if interval.upperBound <= 0 { return .feasible }
        return interval.lowerBound > 0 ? .infeasible : .undecided
    }

    /// The position of the best objective among the feasible points (on a tie, the fewer bytes per
    /// navigation, then the first given); nil when none is feasible.
    func leaderPosition(_ points: [(objective: Double?, bytes: Double?, feasible: Bool)]) -> Int? {
        var best: Int?
        for (position, point) in points.enumerated() {
            guard let value = point.objective, point.feasible else { continue }
            if let current = best, let leading = points[current].objective,
               (leading, points[current].bytes ?? .infinity) <= (value, point.bytes ?? .infinity) { continue }
            best = position
        }
        return best
    }

    /// The sample standard deviation of `values`; nil for fewer than two.
    static func standardError(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// z with P(Z > z) = p for a standard normal Z, 0 < p < 0.5.
    static func upperQuantile(_ p: Double) -> Double {
        StudentT.normalUpperQuantile(p)
    }
}
