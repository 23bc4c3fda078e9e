import Foundation

/// `tune`'s answer for one network: the policy to ship, its held-out figures, the ties, and what
/// the race cost against an exhaustive sweep.
public struct TuneAnswer: Sendable {
    public var network: String
    public var winner: String
    public var ties: [String]
    public var objective: TuneObjective
    /// The winner's objective on the searched sessions (the figure that chose it: optimistic).
    public var searchValue: Double?
    /// The winner's figures on the held-out sessions (nil without any): the objective with its
    /// 95 % interval, the stall rate with its interval, bytes per navigation.
    public var heldOutSessions: Int
    public var heldOutValue: Double?
    public var heldOutInterval: (low: Double, high: Double)?
    public var heldOutStallRate: Double?
    public var heldOutStallRateInterval: (low: Double, high: Double)?
    public var heldOutBytesPerNavigation: Double?
    /// Candidate-session replays the race made on this network, and what replaying every candidate
    /// on every searched session would have made.
    public var raceReplays: Int
    public var exhaustiveReplays: Int

    init(network: String, candidates: [TuneCandidate], finalists: [Int], objective: TuneObjective,
         confirmation: ReplayRun.Outcome, raceReplays: Int, exhaustiveReplays: Int) {
        self.network = network
        winner = candidates[finalists[0]].policy
        ties = finalists.dropFirst().map { candidates[$0].policy }
        self.objective = objective
        searchValue = candidates[finalists[0]].standing?.objective
        self.raceReplays = raceReplays
        self.exhaustiveReplays = exhaustiveReplays
        heldOutSessions = 0
        guard let row = confirmation.summaries.firstIndex(where: { $0.policy == winner && $0.network == network }) else { return }
        let summary = confirmation.summaries[row].summary
        let estimates = confirmation.estimates[row]
        heldOutSessions = summary.sessions
        heldOutValue = objective.column.point(summary)
        heldOutInterval = estimates?.interval(objective.column)
        let stallRate = TuneObjective.stallRate.column
        heldOutStallRate = stallRate.point(summary)
        heldOutStallRateInterval = estimates?.interval(stallRate)
        heldOutBytesPerNavigation = TuneBudget.column.point(summary)
    }

    /// The share of an exhaustive sweep's replays the race made.
    public var spentShare: Double { exhaustiveReplays == 0 ? 0 : Double(raceReplays) / Double(exhaustiveReplays) }

    /// The answer in one sentence.
    public var sentence: String {
        var text = "\(NetworkModel.shortSpec(network)): ship \(winner) — "
        if let value = heldOutValue {
            text += "held-out \(objective.rawValue) \(format(value))"
            if let interval = heldOutInterval { text += " (95 % CI \(format(interval.low))–\(format(interval.high)))" }
            if objective != .stallRate, let rate = heldOutStallRate { text += ", stall rate \(Self.percent(rate))" }
            text += " on \(heldOutSessions) sessions"
            if let search = searchValue { text += " (\(format(search)) on the searched sessions that chose it)" }
        } else {
            text += "no held-out sessions (--holdout 0): \(objective.rawValue) \(searchValue.map(format) ?? "-") on the searched sessions that chose it, an optimistic figure"
        }
        if let bytes = heldOutBytesPerNavigation { text += ", \(Int(bytes.rounded())) bytes per navigation" }
        text += ties.isEmpty ? "; no ties" : "; tied with \(ties.count) other\(ties.count == 1 ? "" : "s") (\(Self.list(ties)))"
        text += "; the race made \(Self.percent(spentShare)) of an exhaustive sweep's replays (\(raceReplays) of \(exhaustiveReplays))."
        return text
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
