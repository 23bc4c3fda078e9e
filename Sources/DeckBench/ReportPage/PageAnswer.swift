/// What the report page answers to "what do we ship?" on one network. With a byte budget it is
/// `tune`'s rule on the run's own sessions (`RaceRule` judged once on every policy of the network,
/// then `TuneChoice` and `TuneKnee`: the fewest bytes among the policies confirmed within the
/// budget and within 0.1 points of the best, or no confirmed answer at a knee); without one it is
/// the Pareto front and, between each pair of neighbouring points, the paired difference: what
/// each step in bytes buys.
struct PageAnswer {
    /// The rule's verdict with a budget.
    enum Verdict {
        /// Ship `policy`; `leader` is the lowest stall rate within the budget when a cheaper policy
        /// within delta of it was picked, and `zone` the policies within delta, `policy` among them.
        case ship(policy: String, leader: String?, zone: Int)
        /// No confirmed answer: `safe` is confirmed within the budget but worse by more than delta
        /// than `better`, whose bytes straddle the budget.
        case choice(safe: String, better: String, difference: Double, overBudgetProbability: Double?, settlingSessions: Int?)
        /// No policy is confirmed within the budget; the least bytes seen, and how many straddle it.
        case none(undecided: Int)
        /// The run has no bootstrap replicates: nothing can be confirmed.
        case noReplicates
    }

    /// A step along the front: from `cheaper` to `dearer`, the stall rate's paired difference
    /// (dearer − cheaper) with its 95 % interval, and the bytes per navigation's difference.
    struct Step {
        var cheaper: String
        var dearer: String
        var difference: Double
        var interval: (low: Double, high: Double)?
        var bytesDifference: Double
    }

    var network: String
    var budget: Double?
    var verdict: Verdict?
    /// The front, cheapest first, and its steps (without a budget).
    var front: [String] = []
    var steps: [Step] = []

    /// The policy to outline on the page's charts: the one shipped; nil otherwise.
    var shipped: String? {
        if case let .ship(policy, _, _)? = verdict { return policy }
        return nil
    }

    init(data: ReportData, network: String, budget: Double?, evidence: (String) -> RaceEvidence?) {
        self.network = network
        self.budget = budget
        let policies = data.policies.filter { data.row($0, network) != nil }
        if let budget {
            verdict = Self.verdict(policies: policies, network: network, budget: budget, evidence: evidence)
        } else {
            let points = data.front(network).compactMap { policy in
                data.value(policy, network, Metric.bytesPerNavigation.name).map { (policy, $0) }
            }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            front = points.map(\.0)
            steps = zip(points, points.dropFirst()).compactMap { cheaper, dearer in
                Self.step(cheaper.0, dearer.0, bytes: dearer.1 - cheaper.1, evidence: evidence)
            }
        }
    }

    /// `tune`'s rule on every policy at once: one look, Bonferroni over the comparisons it makes.
    static func verdict(policies: [String], network: String, budget: Double, evidence: (String) -> RaceEvidence?) -> Verdict {
        let found = policies.compactMap { policy in evidence(policy).map { (policy, $0) } }
        guard !found.isEmpty, found.allSatisfy({ !$0.1.objectiveReplicates.isEmpty }) else { return .noReplicates }
        var candidates = found.enumerated().map { index, item in
            TuneCandidate(policy: item.0, policyIndex: index, network: network, networkIndex: 0, replicates: 0)
        }
        let delta = TuneObjective.stallRate.defaultDelta
        let rule = RaceRule(objective: .stallRate, budget: .bytesPerNavigation(budget), delta: delta,
                            comparisons: RaceRule.comparisons(candidates: found.count, budgeted: true), looks: 1)
        let leader = rule.judge(&candidates, live: Array(candidates.indices), evidence: found.map(\.1), round: 1)
        guard let choice = try? TuneChoice(network: 0, candidates: candidates, leader: leader, rule: rule, delta: delta, networkSpec: network) else {
            return .none(undecided: candidates.count { $0.isIn && $0.standing?.feasibility == .undecided })
        }
        if let knee = TuneKnee(choice: choice, candidates: candidates, delta: delta, evidence: { found[$0].1 }), knee.isChoice {
            return .choice(safe: found[choice.shipped].0, better: found[knee.named].0, difference: knee.difference,
                           overBudgetProbability: TuneKnee.overBudgetProbability(excess: candidates[knee.named].standing?.budgetExcess,
                                                                                  error: candidates[knee.named].standing?.budgetExcessError),
                           settlingSessions: knee.settlingSessions)
        }
        return .ship(policy: found[choice.shipped].0, leader: choice.leader == choice.shipped ? nil : found[choice.leader].0,
                     zone: choice.withinDelta.count + 1)
    }

    /// The paired step between two neighbours of the front.
    private static func step(_ cheaper: String, _ dearer: String, bytes: Double, evidence: (String) -> RaceEvidence?) -> Step? {
        guard let a = evidence(cheaper), let b = evidence(dearer), let low = a.objective, let high = b.objective else { return nil }
        let differences = zip(b.objectiveReplicates, a.objectiveReplicates).compactMap { x, y in x.flatMap { x in y.map { x - $0 } } }
        return Step(cheaper: cheaper, dearer: dearer, difference: high - low, interval: BootstrapReplicates.percentiles(differences),
                    bytesDifference: bytes)
    }

    /// Each policy's evidence on `network` from a run's summary.csv and bootstrap.json (stall
    /// rate and bytes per navigation, exact from their counts; units from the replicates).
    static func evidence(data: ReportData, bootstrap: BootstrapFile?, network: String) -> (String) -> RaceEvidence? {
        let weights = bootstrap?.rows.first.map { BootstrapWeights(replicates: $0.replicates.replicates) }
        let columns = [TuneObjective.stallRate.column, TuneBudget.column]
        return { policy in
            guard let row = data.row(policy, network) else { return nil }
            let replicates = bootstrap?.replicates(policy: policy, network: network)
            let estimates = replicates.flatMap { replicates in weights.flatMap { ReplicateEstimates(replicates, weights: $0, columns: columns) } }
            return RaceEvidence(sessions: Int(row.value("sessions") ?? 0), units: replicates?.units ?? 0,
                                navigations: Int(row.value(Metric.navigations.name) ?? 0),
                                objective: data.value(policy, network, Metric.stallRate.name),
                                bytesPerNavigation: data.value(policy, network, Metric.bytesPerNavigation.name),
                                objectiveReplicates: estimates?.values(TuneObjective.stallRate.column) ?? [],
                                bytesReplicates: estimates?.values(TuneBudget.column) ?? [])
        }
    }
}
