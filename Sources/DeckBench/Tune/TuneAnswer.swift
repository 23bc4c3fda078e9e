import Foundation

/// `tune`'s answer for one network: the policy to ship and why it (the fewest bytes within the
/// indifference zone of the best), its held-out figures with the budget checked on them, how it
/// compares with the incumbent on the same held-out sessions, and what the race cost.
package struct TuneAnswer: Sendable {
    public var network: String
    /// The policy to ship.
    public var winner: String
    /// The lowest objective on the searched sessions, when another candidate was shipped within
    /// `delta` of it; nil when the shipped one is the lowest.
    public var leader: String?
    public var leaderValue: Double?
    /// The other candidates within `delta` of the leader, the leader not among them (the shipped
    /// one spends fewer bytes), and how many candidates the zone holds in all.
    public var withinDelta: [String]
    public var zoneSize: Int
    /// Candidates still in whose bytes per navigation straddled the budget (when the race's
    /// minimum left them unjudged there is no answer: `TuneError` says so).
    public var undecided: [String]
    /// Feasible candidates still in, neither shown worse than the leader nor within `delta` of it.
    public var unresolved: Int
    public var objective: TuneObjective
    public var budget: TuneBudget?
    public var delta: Double
    /// The winner's objective and bytes per navigation on the searched sessions (the figures that
    /// chose it: optimistic).
    public var searchValue: Double?
    public var searchBytesPerNavigation: Double?
    /// The winner's figures on the held-out sessions (nil without any): the objective with its
    /// 95 % interval, the stall rate with its interval, bytes per navigation with its interval.
    public var heldOutSessions: Int
    public var heldOutValue: Double?
    public var heldOutInterval: (low: Double, high: Double)?
    public var heldOutStallRate: Double?
    public var heldOutStallRateInterval: (low: Double, high: Double)?
    public var heldOutBytesPerNavigation: Double?
    public var heldOutBytesInterval: (low: Double, high: Double)?
    /// The held-out bytes per navigation less the budget's ceiling (for a relative budget, the
    /// reference's bytes on the same held-out sessions times 1 + the allowance, paired), with its
    /// 95 % interval; nil without a budget.
    public var heldOutBudgetExcess: Double?
    public var heldOutBudgetExcessInterval: (low: Double, high: Double)?
    /// An undecided candidate confirmed better than the winner by more than `delta` (the fewest
    /// bytes of those), said right after the winner; nil when there is none.
    public var betterUndecided: Better?
    /// The winner against the incumbent on the held-out sessions, paired; nil without an incumbent
    /// (or held-out sessions).
    public var versusIncumbent: Versus?
    /// Candidate-session replays the race made on this network, and what replaying every candidate
    /// on every searched session would have made.
    public var raceReplays: Int
    public var exhaustiveReplays: Int

    /// A candidate better than the winner whose bytes straddle the budget: its searched figures,
    /// its difference from the winner (negative: better) with the one-sided bound it is confirmed
    /// below, and the searched sessions that would settle its bytes.
    public struct Better: Sendable {
        public var policy: String
        public var value: Double?
        public var difference: Double
        public var bound: Double
        /// Undecided candidates compared with the winner, and how many of them are better.
        public var compared: Int
        public var count: Int
        public var bytesPerNavigation: Double?
        public var bytesInterval: ClosedRange<Double>?
        public var budgetExcess: Double?
        public var budgetExcessInterval: ClosedRange<Double>?
        /// The standard error of `budgetExcess` (the race's), behind the chance it is over the budget.
        public var budgetExcessError: Double?
        /// Whether it makes a choice (`TuneKnee.isChoice`): false when it is probably over the
        /// budget, and the safe one is then the answer.
        public var isChoice = true
        public var sessions: Int
        public var settlingSessions: Int?
        /// Its figures on the held-out sessions (it replays them beside the safe one, since the
        /// team chooses between the two): the objective and bytes per navigation with their 95 %
        /// intervals, and the safe one − it, paired, on the objective.
        public var heldOutValue: Double?
        public var heldOutInterval: (low: Double, high: Double)?
        public var heldOutBytesPerNavigation: Double?
        public var heldOutBytesInterval: (low: Double, high: Double)?
        public var heldOutSafeCost: Double?
        public var heldOutSafeCostInterval: (low: Double, high: Double)?

        /// The chance that its bytes per navigation are over the budget's ceiling
        /// (`TuneKnee.overBudgetProbability`); nil without an excess and its error.
        public var overBudgetProbability: Double? { TuneKnee.overBudgetProbability(excess: budgetExcess, error: budgetExcessError) }
    }

    /// Whether there is no confirmed answer: the candidate that would be shipped is confirmed worse
    /// by more than delta than one whose bytes straddle the budget, so the team faces a choice
    /// (`tune` exits 4; tune.csv marks the two `safe` and `better_undecided`).
    public var isChoice: Bool { betterUndecided?.isChoice == true }

    /// The winner − the incumbent on the same held-out sessions, replicate by replicate: the
    /// objective's difference and the relative change in bytes per navigation, each with its 95 %
    /// percentile interval.
    public struct Versus: Sendable {
        public var incumbent: String
        public var difference: Double
        public var differenceInterval: (low: Double, high: Double)?
        public var bytesChange: Double
        public var bytesChangeInterval: (low: Double, high: Double)?
    }

    init(network: String, candidates: [TuneCandidate], choice: TuneChoice, knee: TuneKnee? = nil, objective: TuneObjective, budget: TuneBudget?,
         delta: Double,
         incumbent: String?, reference: String?, confirmation: ReplayRun.Outcome, raceReplays: Int, exhaustiveReplays: Int) {
        self.network = network
        winner = candidates[choice.shipped].policy
        if choice.leader != choice.shipped {
            leader = candidates[choice.leader].policy
            leaderValue = candidates[choice.leader].standing?.objective
        }
        withinDelta = choice.withinDelta.filter { $0 != choice.leader }.map { candidates[$0].policy }
        zoneSize = choice.withinDelta.count + 1
        undecided = choice.undecided.map { candidates[$0].policy }
        if let knee, let standing = candidates[knee.named].standing {
            betterUndecided = Better(policy: candidates[knee.named].policy, value: standing.objective, difference: knee.difference,
                                     bound: knee.bound, compared: knee.compared, count: knee.better.count,
                                     bytesPerNavigation: standing.bytesPerNavigation, bytesInterval: standing.bytesInterval,
                                     budgetExcess: standing.budgetExcess,
                                     budgetExcessInterval: standing.budgetExcessInterval, budgetExcessError: standing.budgetExcessError,
                                     isChoice: knee.isChoice, sessions: standing.sessions, settlingSessions: knee.settlingSessions)
        }
        unresolved = choice.unresolved.count
        self.objective = objective
        self.budget = budget
        self.delta = delta
        searchValue = candidates[choice.shipped].standing?.objective
        searchBytesPerNavigation = candidates[choice.shipped].standing?.bytesPerNavigation
        self.raceReplays = raceReplays
        self.exhaustiveReplays = exhaustiveReplays
        heldOutSessions = 0
        let rows = confirmation.summaries
        guard let row = rows.firstIndex(where: { $0.policy == winner && $0.network == network }) else { return }
        let summary = rows[row].summary
        let estimates = confirmation.estimates[row]
        heldOutSessions = summary.sessions
        heldOutValue = objective.column.point(summary)
        heldOutInterval = estimates?.interval(objective.column)
        let stallRate = TuneObjective.stallRate.column
        heldOutStallRate = stallRate.point(summary)
        heldOutStallRateInterval = estimates?.interval(stallRate)
        heldOutBytesPerNavigation = TuneBudget.column.point(summary)
        heldOutBytesInterval = estimates?.interval(TuneBudget.column)
        switch budget {
        case let .bytesPerNavigation(ceiling)?:
            if let bytes = heldOutBytesPerNavigation {
                heldOutBudgetExcess = bytes - ceiling
                heldOutBudgetExcessInterval = heldOutBytesInterval.map { ($0.low - ceiling, $0.high - ceiling) }
            }
        case let .relative(allowance, _)?:
            if let bytes = heldOutBytesPerNavigation, let reference,
               let other = rows.firstIndex(where: { $0.policy == reference && $0.network == network }),
               let theirs = TuneBudget.column.point(rows[other].summary) {
                let share = 1 + allowance
                heldOutBudgetExcess = bytes - share * theirs
                if let mine = estimates?.values(TuneBudget.column), let their = confirmation.estimates[other]?.values(TuneBudget.column) {
                    heldOutBudgetExcessInterval = BootstrapReplicates.percentiles(
                        zip(mine, their).compactMap { a, b in a.flatMap { a in b.map { a - share * $0 } } })
                }
            }
        case nil: break
        }
        if let better = betterUndecided, let other = rows.firstIndex(where: { $0.policy == better.policy && $0.network == network }) {
            let theirs = rows[other].summary
            betterUndecided?.heldOutValue = objective.column.point(theirs)
            betterUndecided?.heldOutInterval = confirmation.estimates[other]?.interval(objective.column)
            betterUndecided?.heldOutBytesPerNavigation = TuneBudget.column.point(theirs)
            betterUndecided?.heldOutBytesInterval = confirmation.estimates[other]?.interval(TuneBudget.column)
            let cost = Self.versus(better.policy, winner: (summary, estimates), incumbent: (theirs, confirmation.estimates[other]), objective: objective)
            betterUndecided?.heldOutSafeCost = cost?.difference
            betterUndecided?.heldOutSafeCostInterval = cost?.differenceInterval
        }
        if let incumbent, let other = rows.firstIndex(where: { $0.policy == incumbent && $0.network == network }) {
            versusIncumbent = Self.versus(incumbent, winner: (summary, estimates), incumbent: (rows[other].summary, confirmation.estimates[other]),
                                          objective: objective)
        }
    }

    private static func versus(_ name: String, winner: (MetricsSummary, ReplicateEstimates?), incumbent: (MetricsSummary, ReplicateEstimates?),
                               objective: TuneObjective) -> Versus? {
        let bytes = TuneBudget.column
        guard let mine = objective.column.point(winner.0), let theirs = objective.column.point(incumbent.0),
              let myBytes = bytes.point(winner.0), let theirBytes = bytes.point(incumbent.0), theirBytes > 0 else { return nil }
        func paired(_ column: IntervalColumn, _ contrast: (Double, Double) -> Double?) -> (low: Double, high: Double)? {
            guard let a = winner.1?.values(column), let b = incumbent.1?.values(column) else { return nil }
            return BootstrapReplicates.percentiles(zip(a, b).compactMap { a, b in a.flatMap { a in b.flatMap { contrast(a, $0) } } })
        }
        return Versus(incumbent: name, difference: mine - theirs, differenceInterval: paired(objective.column) { $0 - $1 },
                      bytesChange: myBytes / theirBytes - 1, bytesChangeInterval: paired(bytes) { $1 > 0 ? $0 / $1 - 1 : nil })
    }

    /// The share of an exhaustive sweep's replays the race made.
    public var spentShare: Double { exhaustiveReplays == 0 ? 0 : Double(raceReplays) / Double(exhaustiveReplays) }

    /// Whether the held-out bytes interval lies wholly above the budget: the race's "within" did
    /// not hold on sessions it never saw.
    public var heldOutOverBudget: Bool {
        (heldOutBudgetExcessInterval?.low ?? 0) > 0
    }

    /// The answer: its first line names the policy to ship with its held-out figures — or, at a
    /// knee, says there is no confirmed answer and what the choice is; the lines after it
    /// (indented) give the two sides of a choice, why this candidate, against the incumbent, and
    /// the race's cost.
    public var sentence: String {
        var lines = [isChoice ? betterUndecided.map(noConfirmedAnswer) ?? shipLine : shipLine]
        if let better = betterUndecided { lines += [describe(better)] + (isChoice ? [safeLine(better)] : []) }
        if heldOutOverBudget, let budget {
            lines.append("WARNING: on the held-out sessions its bytes per navigation lie wholly above the budget \(budget); "
                + "the race's figure was within it. More sessions, or a lower budget, would settle it.")
        }
        lines.append(why)
        if let versus = versusIncumbent { lines.append((isChoice ? "The safe one: " : "") + Self.describe(versus, objective: objective)) }
        lines.append("The race made \(Self.percent(spentShare)) of an exhaustive sweep's replays (\(raceReplays) of \(exhaustiveReplays)).")
        return lines.joined(separator: "\n  ")
    }

    /// "lte: ship SPEC — held-out …": the confirmed answer.
    private var shipLine: String {
        var first = "\(NetworkModel.shortSpec(network)): ship \(winner) — "
        if let value = heldOutValue {
            first += "held-out \(objective.rawValue) \(format(value))"
            if let interval = heldOutInterval { first += " (95 % CI \(format(interval.low))–\(format(interval.high)))" }
            if objective != .stallRate, let rate = heldOutStallRate { first += ", stall rate \(Self.percent(rate))" }
            first += " on \(heldOutSessions) session\(heldOutSessions == 1 ? "" : "s")"
            if let search = searchValue { first += " (\(format(search)) on the searched sessions that chose it)" }
        } else {
            first += "no held-out sessions (--holdout 0, or too few users to set any aside): \(objective.rawValue) \(searchValue.map(format) ?? "-") on the searched sessions that chose it, an optimistic figure"
        }
        if let bytes = heldOutBytesPerNavigation {
            first += ", \(Int(bytes.rounded())) bytes per navigation"
            if let interval = heldOutBytesInterval { first += " (95 % CI \(Int(interval.low.rounded()))–\(Int(interval.high.rounded())))" }
            if case let .relative(allowance, reference)? = budget, let excess = heldOutBudgetExcess {
                first += String(format: ", %+.0f against the budget's ceiling (%@ of %@'s bytes on the same sessions", excess,
                                TuneBudget.signedPercent(allowance) + " %", reference.text)
                if let interval = heldOutBudgetExcessInterval { first += String(format: "; paired 95 %% CI %+.0f … %+.0f", interval.low, interval.high) }
                first += ")"
            }
        }
        return first + "."
    }

    /// The first line at a knee: no confirmed answer, the two policies, how far apart, the chance
    /// the better one is over the budget and what would settle it.
    private func noConfirmedAnswer(_ better: Better) -> String {
        var text = "\(NetworkModel.shortSpec(network)): NO CONFIRMED ANSWER — choose between \(better.policy) (\(objective.rawValue) "
            + "\(better.value.map(format) ?? "-")"
        if let probability = better.overBudgetProbability {
            text += ", over the budget with probability \(Self.probability(probability))"
        } else {
            text += ", its bytes straddling the budget"
        }
        text += ") and \(winner) (\(objective.rawValue) \(searchValue.map(format) ?? "-"), within the budget), "
            + "\(magnitude(-better.difference)) apart on the searched sessions"
        if let settling = better.settlingSessions {
            text += "; about \(settling) searched sessions would settle it"
        }
        return text + " (exit 4)."
    }

    /// The safe side of a choice: within the budget, and what it costs against the better one.
    private func safeLine(_ better: Better) -> String {
        var text = "SAFE: \(winner) — confirmed within the budget"
        if let bytes = heldOutBytesPerNavigation ?? searchBytesPerNavigation { text += ", \(Int(bytes.rounded())) bytes per navigation" }
        text += "; it costs \(magnitude(-better.difference)) more \(objective == .stallRate ? "stalls" : "stall time per navigation") on the searched sessions"
        if let cost = better.heldOutSafeCost {
            text += ", \(magnitude(cost)) on the \(heldOutSessions) held-out sessions"
            if let interval = better.heldOutSafeCostInterval {
                text += " (paired 95 % CI " + magnitude(interval.low).replacingOccurrences(of: " points", with: "")
                    .replacingOccurrences(of: " ms", with: "") + " … \(magnitude(interval.high)))"
            }
        }
        return text + "."
    }

    /// A difference on the objective in its unit: points of stall rate, or ms.
    private func magnitude(_ value: Double) -> String {
        objective == .stallRate ? String(format: "%.2f points", 100 * value) : String(format: "%.1f ms", value)
    }

    static func probability(_ value: Double) -> String {
        value < 0.001 ? "below 0.1 %" : value > 0.999 ? "above 99.9 %" : String(format: "%.1f %%", 100 * value)
    }

    /// Why this candidate: the lowest objective, or the fewest bytes within delta of it.
    private var why: String {
        let zone = "within \(deltaText) of the lowest \(objective.rawValue)"
        var text: String
        if let leader, let value = leaderValue {
            text = "The fewest bytes of the \(zoneSize) feasible candidates \(zone) (\(leader) at \(format(value)))"
        } else if withinDelta.isEmpty, budget == nil {
            text = "The lowest \(objective.rawValue) on the searched sessions; no cheaper candidate was shown \(zone)"
        } else if withinDelta.isEmpty {
            text = "The lowest \(objective.rawValue) of the candidates confirmed within the budget; no cheaper one was shown \(zone)"
        } else {
            text = "The lowest \(objective.rawValue), and the fewest bytes of the \(zoneSize) feasible candidates \(zone)"
        }
        if isChoice { text = "The safe one: " + text.prefix(1).lowercased() + text.dropFirst() }
        if !withinDelta.isEmpty { text += "; also within: \(Self.list(withinDelta))" }
        if unresolved > 0 {
            text += "; \(unresolved) other\(unresolved == 1 ? "" : "s") still in, neither shown worse nor shown within "
                + "\(deltaText): too few sessions to tell (more sessions, or a larger --delta, would)"
        }
        if !undecided.isEmpty {
            text += "; \(undecided.count) still straddle\(undecided.count == 1 ? "s" : "") the budget (\(Self.list(undecided))): "
                + "more sessions would settle \(undecided.count == 1 ? "it" : "them")"
        }
        return text + "."
    }

    /// The knee, said second: the better candidate that may not be shipped, and what would settle it.
    private func describe(_ better: Better) -> String {
        let unit = objective == .stallRate ? 100.0 : 1
        let suffix = objective == .stallRate ? " points" : " ms"
        var text = (better.isChoice ? "BETTER, UNSETTLED: " : "BETTER, PROBABLY OVER THE BUDGET: ") + "\(better.policy) — \(objective.rawValue) \(better.value.map(format) ?? "-") on the searched sessions, "
            + String(format: "%.2f", -unit * better.difference) + suffix + " better than the \(better.isChoice ? "safe" : "shipped") one (paired; at least "
            + String(format: "%.2f", -unit * better.bound) + suffix + ", one-sided 95 % over the \(better.compared) undecided)"
        if let bytes = better.bytesPerNavigation { text += ", \(Int(bytes.rounded())) bytes per navigation" }
        if case let .bytesPerNavigation(ceiling)? = budget, let interval = better.bytesInterval {
            text += " (race interval \(Int(interval.lowerBound.rounded()))–\(Int(interval.upperBound.rounded())) against the budget "
                + "\(ReportFormat.number(ceiling)): it straddles)"
        } else if let excess = better.budgetExcess {
            text += String(format: ", %+.0f against the budget", excess)
            if let interval = better.budgetExcessInterval {
                text += String(format: " (race interval %+.0f … %+.0f: it straddles)", interval.lowerBound, interval.upperBound)
            }
        }
        if let value = better.heldOutValue {
            text += "; held out: \(objective.rawValue) \(format(value))"
            if let interval = better.heldOutInterval { text += " (95 % CI \(format(interval.low))–\(format(interval.high)))" }
            if let bytes = better.heldOutBytesPerNavigation {
                text += ", \(Int(bytes.rounded())) bytes per navigation"
                if let interval = better.heldOutBytesInterval { text += " (95 % CI \(Int(interval.low.rounded()))–\(Int(interval.high.rounded())))" }
            }
        }
        if let settling = better.settlingSessions {
            text += "; about \(settling) searched sessions (the race had \(better.sessions)) would settle it, "
                + ((better.budgetExcess ?? 0) < 0 ? "within the budget at its estimate" : "over the budget at its estimate")
        } else {
            text += "; its estimate is within a hair of the budget: no practical number of sessions would settle it"
        }
        if !better.isChoice, let probability = better.overBudgetProbability {
            text += "; over the budget with probability \(Self.probability(probability)), so the one within it is shipped"
        }
        if better.count > 1 { text += "; \(better.count - 1) more such (better_undecided in tune.csv)" }
        return text + "."
    }

    private var deltaText: String {
        objective == .stallRate ? String(format: "%.2f points", 100 * delta) : String(format: "%.1f ms", delta)
    }

    private static func describe(_ versus: Versus, objective: TuneObjective) -> String {
        let unit = objective == .stallRate ? 100.0 : 1
        let suffix = objective == .stallRate ? " points" : " ms"
        func signed(_ value: Double, _ scale: Double, _ digits: Int) -> String { String(format: "%+.\(digits)f", scale * value) }
        var text = "Against the incumbent \(versus.incumbent) on the same held-out sessions: \(objective.rawValue) "
            + signed(versus.difference, unit, 2) + suffix
        if let interval = versus.differenceInterval {
            text += " (paired 95 % CI \(signed(interval.low, unit, 2)) … \(signed(interval.high, unit, 2)))"
        }
        text += ", bytes per navigation \(signed(versus.bytesChange, 100, 1)) %"
        if let interval = versus.bytesChangeInterval {
            text += " (\(signed(interval.low, 100, 1)) … \(signed(interval.high, 100, 1)) %)"
        }
        return text + "."
    }

    private func format(_ value: Double) -> String {
        objective == .stallRate ? Self.percent(value) : String(format: "%.1f ms", value)
    }

    static func percent(_ value: Double) -> String { String(format: "%.2f %%", 100 * value) }

    /// Up to three, then how many more.
    static func list(_ names: [String]) -> String {
        names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more, in tune.csv"
    }
}
