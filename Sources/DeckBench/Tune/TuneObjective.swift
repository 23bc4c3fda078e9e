/// What `tune` minimises: a ratio of counts with a bootstrap interval, lower is better.
package enum TuneObjective: String, Sendable, CaseIterable {
    case stallRate = "stall_rate"
    case stallMsPerNavigation = "stall_ms_per_navigation"

    /// The indifference zone `tune` ships within unless told otherwise: 0.1 points of stall rate
    /// (one stalled navigation in a thousand), or 1 ms of stall per navigation.
    public var defaultDelta: Double {
        switch self {
        case .stallRate: 0.001
        case .stallMsPerNavigation: 1
        }
    }

    /// The summary column the objective is, with its replicate values.
    public var column: IntervalColumn {
        switch self {
        case .stallRate: IntervalColumn.of(.stallRate)[0]
        case .stallMsPerNavigation: IntervalColumn.of(.stallMsPerNavigation)[0]
        }
    }
}

/// Why `tune` cannot give an answer.
package enum TuneError: Error, Sendable, Hashable, CustomStringConvertible {
    case badBudget(String)
    case noCandidates
    /// On `network`, no candidate was confirmed within the budget: `undecided` still straddle it
    /// (`leastBytes` is the least bytes per navigation among them) or were never judged (`tooFew`:
    /// the race's minimum blocked the verdict), or none does and every one was shown over it
    /// (`leastBytes` is the least seen).
    case overBudget(network: String, budget: TuneBudget, leastBytes: Double?, undecided: Int, tooFew: RaceMinimum.Shortfall? = nil)
    case noSearchSessions
    /// On `network`, without a budget, the searched sessions were too few for any verdict.
    case tooFew(network: String, RaceMinimum.Shortfall)
    /// The settings ask for no bootstrap replicates: the race has no intervals to judge by.
    case noReplicates

    public var description: String {
        switch self {
        case let .badBudget(message): message
        case .noCandidates: "tune needs at least one candidate: give --policy SPEC (a sweep counts every point)"
        case let .overBudget(network, budget, least, undecided, tooFew?) where undecided > 0:
            "no candidate is confirmed within the budget \(budget) on \(network): \(undecided) "
                + (undecided == 1 ? "is" : "are") + " undecided"
                + (least.map { " (the least bytes per navigation among them \(ReportFormat.number($0)))" } ?? "") + "; \(tooFew)"
        case let .overBudget(network, budget, least, undecided, _):
            "no candidate is confirmed within the budget \(budget) on \(network): "
                + (undecided > 0
                    ? "\(undecided) still straddle\(undecided == 1 ? "s" : "") it" + (least.map { " (the least bytes per navigation among them \(ReportFormat.number($0)))" } ?? "")
                        + "; more sessions would settle " + (undecided == 1 ? "it" : "them")
                    : "every candidate is over it" + (least.map { " (the least bytes per navigation seen was \(ReportFormat.number($0)))" } ?? "")
                        + "; raise the budget or add smaller windows")
        case let .tooFew(network, shortfall): "no candidate could be judged on \(network): \(shortfall)"
        case .noSearchSessions: "tune found no session to search: the recordings hold none, or --holdout leaves none"
        case .noReplicates: "tune judges by bootstrap intervals reaching 4 standard errors and more: it needs --bootstrap 200 or more"
        }
    }
}
