import Foundation

/// At a knee of the front the shipped candidate can be far worse than one whose bytes merely
/// straddle the budget: the race could not say it is within the budget, so it may not be shipped,
/// but the reader must see it first. `TuneKnee` holds, on one network, the undecided candidates
/// whose objective is confirmed better than the shipped one's by more than `delta` — paired on the
/// searched sessions, each interval one-sided and Bonferroni over the undecided compared, so that
/// all those claims hold together at 95 % — and names the one with the fewest bytes per navigation
/// (the likeliest to be settled within the budget), with how many searched sessions the race
/// estimates would settle its bytes: the interval's half-width shrinks as 1/√n, so it excludes the
/// budget once n' = n × (half-width / |bytes less the ceiling|)².
package struct TuneKnee: Sendable {
    /// Every undecided candidate confirmed better than the shipped one by more than delta, in the
    /// order given, and the one the answer names.
    public var better: [Int]
    public var named: Int
    /// The named one − the shipped one on the objective (negative: better), and the one-sided
    /// bound it is confirmed below.
    public var difference: Double
    public var bound: Double
    /// How many undecided candidates were compared (the Bonferroni count).
    public var compared: Int
    /// Whether the team faces a choice: the named one may well be within the budget. When every
    /// better one is probably over it (its excess's one-sided 97.5 % lower bound, unadjusted, above
    /// 0), the safe one is the answer and the better one is only named after it.
    public var isChoice: Bool
    /// Searched sessions that would settle the named one's bytes at its estimate (nil: its
    /// estimate is the ceiling itself, or it has no interval).
    public var settlingSessions: Int?

    /// The knee on the network of `choice`, or nil when no undecided candidate is confirmed better
    /// than the shipped one by more than `delta`. The candidates still in hold every searched
    /// session replayed, so their pairs are read from their sums.
    init?(choice: TuneChoice, candidates: [TuneCandidate], objective: TuneObjective, weights: BootstrapWeights, delta: Double) {
        self.init(choice: choice, candidates: candidates, delta: delta) {
            RaceEvidence(candidates[$0].summary, objective: objective, weights: weights)
        }
    }

    /// The knee on `evidence` (each candidate's, by index; the report page's from a run's files).
    init?(choice: TuneChoice, candidates: [TuneCandidate], delta: Double, evidence: (Int) -> RaceEvidence) {
        guard !choice.undecided.isEmpty, choice.tooFew == nil else { return nil }
        let shipped = evidence(choice.shipped)
        guard let theirs = shipped.objective else { return nil }
        let z = TuneChoice.zoneZ(candidates: choice.undecided.count + 1)
        var found: [(index: Int, difference: Double, bound: Double)] = []
        for index in choice.undecided {
            let mine = evidence(index)
            guard let paired = RaceRule.Paired(mine.objective, theirs, mine.objectiveReplicates, shipped.objectiveReplicates) else { continue }
            let bound = paired.difference + z * paired.error
            if bound < -delta { found.append((index, paired.difference, bound)) }
        }
        let bytes = { (index: Int) in candidates[index].standing?.bytesPerNavigation ?? .infinity }
        let plausible = found.filter { !Self.probablyOverBudget(candidates[$0.index].standing) }
        guard let named = (plausible.isEmpty ? found : plausible).min(by: { (bytes($0.index), $0.index) < (bytes($1.index), $1.index) })
        else { return nil }
        better = found.map(\.index)
        isChoice = !plausible.isEmpty
        self.named = named.index
        difference = named.difference
        bound = named.bound
        compared = choice.undecided.count
        settlingSessions = Self.settlingSessions(candidates[named.index].standing)
    }

    /// n × (half-width / |excess|)², rounded up: the searched sessions at which the excess's
    /// interval, narrowing as 1/√n, would no longer hold 0; nil when that is more than a hundred
    /// times the sessions the race had (an estimate within a hair of the budget, which no
    /// practical corpus settles: the figure would only mislead).
    static func settlingSessions(_ standing: TuneCandidate.Standing?) -> Int? {
        guard let standing, let excess = standing.budgetExcess, excess != 0, let interval = standing.budgetExcessInterval else { return nil }
        let halfWidth = (interval.upperBound - interval.lowerBound) / 2
        let ratio = halfWidth / abs(excess)
        guard ratio * ratio <= 100 else { return nil }
        return Int((Double(standing.sessions) * ratio * ratio).rounded(.up))
    }

    /// The chance that a candidate's bytes per navigation are over the budget's ceiling: the normal
    /// approximation on the race's estimate and standard error of its excess; nil without them.
    static func overBudgetProbability(excess: Double?, error: Double?) -> Double? {
        guard let excess, let error, error > 0 else { return nil }
        return StudentT.normalCDF(excess / error)
    }

    /// Whether a candidate's bytes are probably over the budget: its excess over the ceiling less
    /// 1.96 standard errors (one-sided 97.5 %, not corrected for the race's comparisons) above 0.
    static func probablyOverBudget(_ standing: TuneCandidate.Standing?) -> Bool {
        guard let excess = standing?.budgetExcess, let error = standing?.budgetExcessError else { return false }
        return excess - 1.96 * error > 0
    }
}
