/// What `tune` minimises: a ratio of counts with a bootstrap interval, lower is better.
public enum TuneObjective: String, Sendable, CaseIterable {
    case stallRate = "stall_rate"
    case stallMsPerNavigation = "stall_ms_per_navigation"

    /// The summary column the objective is, with its replicate values.
    public var column: IntervalColumn {
        switch self {
        case .stallRate: IntervalColumn.of(.stallRate)[0]
        case .stallMsPerNavigation: IntervalColumn.of(.stallMsPerNavigation)[0]
        }
    }
}

/// A ceiling a finalist must stay under: `bytes_per_navigation=N`, the only one `tune` knows.
public struct TuneBudget: Sendable, Hashable, CustomStringConvertible {
    public var bytesPerNavigation: Double

    public init(bytesPerNavigation: Double) {
        self.bytesPerNavigation = bytesPerNavigation
    }

    /// The column the budget caps.
    public static var column: IntervalColumn { IntervalColumn.of(.bytesPerNavigation)[0] }

    /// Parses `bytes_per_navigation=N` (N ≥ 0).
    public static func parse(_ text: String) -> Result<TuneBudget, TuneError> {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "bytes_per_navigation" else {
            return .failure(.badBudget("--budget must be bytes_per_navigation=N (the only budget tune knows), got \"\(text)\""))
        }
        guard let value = Double(parts[1]), value.isFinite, value >= 0 else {
            return .failure(.badBudget("--budget bytes_per_navigation must be a number of bytes ≥ 0, got \"\(parts[1])\""))
        }
        return .success(TuneBudget(bytesPerNavigation: value))
    }

    public var description: String { "bytes_per_navigation=\(ReportFormat.number(bytesPerNavigation))" }
}

/// Why `tune` cannot give an answer.
public enum TuneError: Error, Sendable, Hashable, CustomStringConvertible {
    case badBudget(String)
    case noCandidates
    /// On `network`, every candidate's bytes per navigation lay above the budget.
    case overBudget(network: String, budget: TuneBudget, leastBytes: Double?)
    case noSearchSessions
    /// The settings ask for no bootstrap replicates: the race has no intervals to judge by.
    case noReplicates

    public var description: String {
        switch self {
        case let .badBudget(message): message
        case .noCandidates: "tune needs at least one candidate: give --policy SPEC (a sweep counts every point)"
        case let .overBudget(network, budget, least):
            "no candidate meets the budget \(budget) on \(network)"
                + (least.map { ": the least bytes per navigation among them was \(ReportFormat.number($0))" } ?? "")
                + "; raise the budget or add smaller windows"
        case .noSearchSessions: "tune found no session to search: the recordings hold none, or --holdout leaves none"
        case .noReplicates: "tune judges by bootstrap intervals: it needs replicates (--bootstrap 100 or more)"
        }
    }
}
