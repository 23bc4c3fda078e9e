import Foundation

/// The racing rule of `tune`, and the one selection rule behind every answer DeckBench gives to
/// "what do we ship?" (`tune`, the report page's outlined cell, `hull`): the answer is the candidate
/// with the **fewest bytes per navigation among the feasible ones within `delta` of the best
/// feasible one**, and a candidate leaves the race only when it can no longer be that answer:
///
/// - *over the budget*: its interval of bytes per navigation lies wholly above the budget;
/// - *worse than the best by more than delta*: its paired interval on the objective against the
///   leader (the best feasible estimate) lies wholly above `delta`;
/// - *dearer than a choice within delta*: its paired interval of bytes against the *anchor* (the
///   fewest bytes among the leader and the feasible candidates confirmed within `delta` of it) lies
///   wholly above 0, its paired interval on the objective against the anchor wholly above
///   −`delta`, and its paired interval against the leader wholly above 0: it can be neither
///   shipped, nor so much better that the anchor would fall out of the zone, nor the best (which
///   defines the zone: were the best to leave, a worse leader would widen the zone past delta).
///
/// Dropping a candidate once it is confirmed worse *at all* would make the answer drift toward the
/// leader as sessions accumulate (more evidence, a dearer choice); these exits keep every candidate
/// that may still be the answer. Feasibility comes first: within the budget when the interval lies
/// wholly within it, *undecided* while it straddles the budget (or its sessions are fewer than
/// `minimum`: too few to judge, units or navigations). Only a feasible candidate may lead (fewer
/// bytes on a tie, then the first given); with none there is no leader and only the budget rule
/// applies, so a candidate truly over the budget can never knock out one within it. The leader and
/// the anchor never leave.
///
/// A verdict on feasibility, like an exit, is made once: a candidate confirmed within the budget
/// stays feasible.
///
/// Intervals are normal intervals on the bootstrap's standard error (the replicates' standard
/// deviation; paired: of the replicate-by-replicate difference, each replicate weighing both
/// candidates' sessions alike), each end at 0.05 / (2 × `comparisons` × `looks`): Bonferroni over
/// every comparison the race may make (each candidate but one against the leader, its bytes and its
/// objective against the anchor and, with a budget, its bytes against the budget) at every round
/// that may judge. Each verdict can be wrong one way only, so one tail would do under the normal
/// approximation; but near the minimum skewed bytes make one tail heavier than normal, and the
/// second tail's share is kept as a margin for the approximation (docs/TUNE.md). The rounds that
/// may judge are those from the first whose sessions meet `minimum` on: which rounds those are
/// depends on the sessions' number and length alone, never on a policy's figures, so a round that
/// cannot judge spends no share of the error rate. Percentile intervals cannot be read that far out
/// from a thousand replicates; the normal interval on the same replicates can. Bonferroni holds
/// whatever the dependence between the comparisons (each judgement looks again at the same
/// sessions, plus new ones), at the price of keeping more ties.
package struct RaceRule: Sendable {
    public var objective: TuneObjective
    public var budget: TuneBudget?
    /// The indifference zone, in the objective's unit: how much worse than the best a cheaper
    /// candidate may be and still be the answer.
    public var delta: Double
    /// How many comparisons the race may make at one round (at least 1), and at how many rounds
    /// (at least 1; the race sets it once it knows the first round that may judge).
    public var comparisons: Int
    public var looks: Int
    /// No verdict on fewer units (users, or sessions) or navigations than this: with a handful
    /// the bootstrap's spread says little.
    public var minimum: RaceMinimum

    public init(objective: TuneObjective, budget: TuneBudget?, delta: Double? = nil, comparisons: Int,
                looks: Int = TuneRun.blockEnds.count, minimum: RaceMinimum = .standard) {
        self.objective = objective
        self.budget = budget
        self.delta = delta ?? objective.defaultDelta
        self.comparisons = max(1, comparisons)
        self.looks = max(1, looks)
        self.minimum = minimum
    }

    /// The family-wise error rate the intervals keep together.
    public static let errorRate = 0.05

    /// The half-width of an interval in standard errors: the upper 0.05 / (2 × comparisons × looks)
    /// point of the standard normal.
    public var z: Double { Self.upperQuantile(Self.errorRate / Double(2 * comparisons * looks)) }

    /// The comparisons a race of `candidates` policies may make on a network at one round: each
    /// but the leader against the leader, each but the anchor against the anchor (bytes and
    /// objective) and, with a budget, each one's bytes against the budget. With the rounds that may
    /// judge (`looks`), the Bonferroni count behind `z`, so that no false exit and no false
    /// "feasible" happens anywhere in the race but with 5 % chance in all.
    public static func comparisons(candidates: Int, budgeted: Bool) -> Int {
        max(1, 3 * (candidates - 1) + (budgeted ? candidates : 0))
    }

    /// Judges candidates `live` (indices into `candidates`, all of one network and all having
    /// replayed the same sessions; the budget's reference among them when it has one) after round
    /// `round`: sets every one's standing, and the exit of those that are out. Returns the
    /// leader's index, nil when no candidate is feasible yet.
    @discardableResult
    public func judge(_ candidates: inout [TuneCandidate], live: [Int], round: Int, weights: BootstrapWeights) -> Int? {
        judge(&candidates, live: live, evidence: live.map { RaceEvidence(candidates[$0].summary, objective: objective, weights: weights) },
              round: round)
    }

    /// Judges candidates `live` on `evidence` (one for each, in order; all of the same sessions):
    /// the rule itself, which the race and the report page share.
    @discardableResult
    public func judge(_ candidates: inout [TuneCandidate], live: [Int], evidence: [RaceEvidence], round: Int) -> Int? {
        let reference = live.firstIndex { candidates[$0].isReference }
        let ceiling = budget.map { budget in
            Ceiling(budget: budget, reference: reference.map { (evidence[$0].bytesPerNavigation, evidence[$0].bytesReplicates) })
        }
        let z = z
        var standings = live.enumerated().map { position, index in
            standing(evidence[position], previous: candidates[index].standing, round: round, ceiling: ceiling, z: z)
        }
        let leader = leaderPosition(standings.enumerated().map { position, standing in
            (standing.objective, standing.bytesPerNavigation, standing.feasibility == .feasible && position != reference)
        })
        let objectiveValues = evidence.map(\.objectiveReplicates)
        let bytesValues = evidence.map(\.bytesReplicates)
        if let leader {
            for position in live.indices where position != leader && position != reference {
                let paired = Paired(standings[position].objective, standings[leader].objective, objectiveValues[position], objectiveValues[leader])
                standings[position].leader = candidates[live[leader]].policy
                standings[position].difference = paired?.difference
                standings[position].differenceError = paired?.error
                standings[position].differenceInterval = paired?.interval(z)
            }
        }
        let anchor = leader.map { leader in
            anchorPosition(standings, leader: leader, reference: reference, z: z)
        }
        if let anchor {
            for position in live.indices where position != anchor && position != reference {
                standings[position].anchor = candidates[live[anchor]].policy
                standings[position].bytesAboveAnchorInterval = Paired(
                    standings[position].bytesPerNavigation, standings[anchor].bytesPerNavigation, bytesValues[position], bytesValues[anchor])?
                    .interval(z)
                standings[position].objectiveAgainstAnchorInterval = Paired(
                    standings[position].objective, standings[anchor].objective, objectiveValues[position], objectiveValues[anchor])?
                    .interval(z)
            }
        }
        for (position, index) in live.enumerated() {
            candidates[index].standing = standings[position]
            guard !standings[position].tooFew, position != reference, position != leader, position != anchor else { continue }
            candidates[index].exit = exit(standings[position])
        }
        return leader.map { live[$0] }
    }

    /// Why a candidate judged at `standing` (not the leader, the anchor or the reference) can no
    /// longer be the answer; nil while it can.
    func exit(_ standing: TuneCandidate.Standing) -> TuneCandidate.Exit? {
        if standing.feasibility == .infeasible { return .overBudget }
        if let interval = standing.differenceInterval, interval.lowerBound > delta { return .worseBeyondDelta }
        if let bytes = standing.bytesAboveAnchorInterval, bytes.lowerBound > 0,
           let objective = standing.objectiveAgainstAnchorInterval, objective.lowerBound > -delta,
           let leader = standing.differenceInterval, leader.lowerBound > 0 {
            return .dearerThanChoice
        }
        return nil
    }

    /// A candidate's standing at this round, before it is compared with the leader and the anchor:
    /// its objective, its bytes with their interval and excess over the ceiling, and its feasibility.
    private func standing(_ evidence: RaceEvidence, previous: TuneCandidate.Standing?, round: Int, ceiling: Ceiling?,
                          z: Double) -> TuneCandidate.Standing {
        let bytesValues = evidence.bytesReplicates
        var standing = TuneCandidate.Standing(round: round, sessions: evidence.sessions, objective: evidence.objective,
                                              bytesPerNavigation: evidence.bytesPerNavigation)
        standing.units = evidence.units
        standing.navigations = evidence.navigations
        standing.tooFew = !minimum.allows(units: standing.units, navigations: standing.navigations)
        if let bytes = standing.bytesPerNavigation, let error = Self.standardError(bytesValues.compactMap { $0 }) {
            standing.bytesInterval = (bytes - z * error) ... (bytes + z * error)
        }
        if let ceiling, let bytes = standing.bytesPerNavigation, let excess = ceiling.excess(bytes, bytesValues) {
            standing.budgetExcess = excess.point
            standing.budgetExcessError = excess.error
            standing.budgetExcessInterval = excess.error.map { (excess.point - z * $0) ... (excess.point + z * $0) }
        }
        // Once confirmed within the budget, a candidate stays feasible, as one out stays out: each
        // verdict is one of the race's comparisons, made once.
        standing.feasibility = previous?.feasibility == .feasible ? .feasible
            : standing.tooFew ? .undecided : feasibility(excess: standing.budgetExcessInterval)
        return standing
    }

    /// The anchor: the fewest bytes per navigation (then the first given) among the leader and the
    /// feasible candidates whose paired interval against it lies wholly at or below `delta`.
    func anchorPosition(_ standings: [TuneCandidate.Standing], leader: Int, reference: Int?, z: Double) -> Int {
        var anchor = leader
        for position in standings.indices where position != leader && position != reference {
            let standing = standings[position]
            guard standing.feasibility == .feasible, !standing.tooFew, let interval = standing.differenceInterval, interval.upperBound <= delta,
                  let bytes = standing.bytesPerNavigation else { continue }
            if bytes < standings[anchor].bytesPerNavigation ?? .infinity { anchor = position }
        }
        return anchor
    }

    /// A paired difference (mine − theirs) with its bootstrap standard error.
    struct Paired {
        var difference: Double
        var error: Double

        init?(_ mine: Double?, _ theirs: Double?, _ myValues: [Double?], _ theirValues: [Double?]) {
            guard let mine, let theirs else { return nil }
            let differences = zip(myValues, theirValues).compactMap { a, b in a.flatMap { a in b.map { a - $0 } } }
            guard let error = RaceRule.standardError(differences) else { return nil }
            difference = mine - theirs
            self.error = error
        }

        func interval(_ z: Double) -> ClosedRange<Double> { (difference - z * error) ... (difference + z * error) }
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

    /// The sample standard deviation of `values`; nil for fewer than two, exactly 0 when they are
    /// all equal (the mean's rounding would leave a trace, and a point interval must be a point).
    static func standardError(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        if values.allSatisfy({ $0 == values[0] }) { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// z with P(Z > z) = p for a standard normal Z, 0 < p < 0.5.
    static func upperQuantile(_ p: Double) -> Double {
        StudentT.normalUpperQuantile(p)
    }
}
