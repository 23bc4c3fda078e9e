/// One candidate of a race: a policy on one network, what it has replayed so far, how it stood at
/// its last judgement and, once it is out, why.
package struct TuneCandidate: Sendable {
    /// The policy's spec, and its place among the candidates given.
    public let policy: String
    let policyIndex: Int
    /// The network's spec, and its place among the networks given.
    public let network: String
    let networkIndex: Int
    /// Whether it is the reference of a relative budget: replayed beside the candidates to hold
    /// their bytes to, never leading, leaving or shipped.
    public let isReference: Bool
    /// Every searched session it replayed, summed; emptied once it is out (its standing stays).
    var summary = MetricsSummary()
    /// How it stood when last judged; nil before its first judgement.
    public internal(set) var standing: Standing?
    /// Why it left the race; nil while it is in.
    public internal(set) var exit: Exit?

    init(policy: String, policyIndex: Int, network: String, networkIndex: Int, replicates: Int, isReference: Bool = false) {
        self.isReference = isReference
        self.policy = policy
        self.policyIndex = policyIndex
        self.network = network
        self.networkIndex = networkIndex
        summary = MetricsSummary(replicates: replicates)
    }

    /// A candidate's figures at a judgement: its objective and bytes per navigation with their
    /// intervals, and its paired difference from the leader (none for the leader itself).
    public struct Standing: Sendable {
        /// The round (1-based) of the judgement, and the searched sessions replayed by then.
        public var round: Int
        public var sessions: Int
        public var objective: Double?
        public var bytesPerNavigation: Double?
        public var bytesInterval: ClosedRange<Double>?
        /// Its bytes per navigation less the budget's ceiling (the budget, or the reference's bytes
        /// times 1 + the allowance, paired), with the race's interval; nil without a budget.
        public var budgetExcess: Double?
        public var budgetExcessInterval: ClosedRange<Double>?
        /// Where `budgetExcessInterval` stands (always feasible without a budget).
        public var feasibility = Feasibility.undecided
        /// The leader it was compared with (its policy spec), and the paired difference
        /// (this − leader) with its interval.
        public var leader: String?
        public var difference: Double?
        public var differenceInterval: ClosedRange<Double>?
        /// The bootstrap standard error of `difference`.
        public var differenceError: Double?
        /// The bootstrap standard error of `budgetExcess`.
        public var budgetExcessError: Double?
        /// The anchor it was compared with (the fewest bytes among the leader and the feasible
        /// candidates confirmed within delta of it; nil for the anchor itself), and the race's
        /// paired intervals of its bytes per navigation and its objective less the anchor's.
        public var anchor: String?
        public var bytesAboveAnchorInterval: ClosedRange<Double>?
        public var objectiveAgainstAnchorInterval: ClosedRange<Double>?
        /// The independent units (users, or sessions without a user key) and navigations it was
        /// judged on, and whether they were fewer than the race's minimum (`RaceMinimum`): then no
        /// verdict was made, whatever the intervals said.
        public var units = 0
        public var navigations = 0
        public var tooFew = false
    }

    /// Whether a candidate's bytes per navigation are known to be within the budget.
    public enum Feasibility: String, Sendable {
        /// Its interval lies wholly within the budget: it may lead, and be shipped.
        case feasible
        /// Its interval holds the budget: it races on, but may neither lead nor be shipped.
        case undecided
        /// Its interval lies wholly above the budget: out.
        case infeasible
    }

    /// Why a candidate left the race.
    public enum Exit: String, Sendable, CaseIterable {
        /// Its paired interval against the leader lay wholly above delta: worse than the best by
        /// more than the indifference zone.
        case worseBeyondDelta = "worse than the best by more than delta"
        /// Its paired interval of bytes against the anchor (the fewest bytes among the leader and
        /// the feasible candidates confirmed within delta of it) lay wholly above 0, its paired
        /// interval on the objective against it wholly above −delta, and its paired interval
        /// against the leader wholly above 0.
        case dearerThanChoice = "dearer than a choice within delta"
        /// Its interval of bytes per navigation lay wholly above the budget.
        case overBudget = "over the budget"
    }

    /// Whether it is still racing.
    public var isIn: Bool { exit == nil }
}
