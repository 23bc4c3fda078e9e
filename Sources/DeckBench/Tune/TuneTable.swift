/// `tune.csv`: every candidate on every network, as it left or finished the race — its round,
/// why, its figures then with their race intervals — and for the finalists (the winner and the
/// ties) their figures on the held-out sessions. Per network: the winner, the ties, any candidate
/// still in but over the budget at its estimate, then those that were out, the latest first.
struct TuneTable: Sendable {
    static let header = ["network", "policy", "status", "round", "why", "sessions", "objective", "value", "leader", "difference",
                         "difference_ci_low", "difference_ci_high", "bytes_per_navigation", "bytes_ci_low", "bytes_ci_high",
                         "heldout_sessions", "heldout_value", "heldout_ci_low", "heldout_ci_high", "heldout_stall_rate",
                         "heldout_bytes_per_navigation"]

    let objective: TuneObjective
    let candidates: [TuneCandidate]
    /// Per network, the finalists' indices: the winner first.
    let finalists: [[Int]]

    /// The file, with held-out figures from the finalists' replay (`heldOut`, with `estimates`).
    func csv(heldOut: [(policy: String, network: String, summary: MetricsSummary)], estimates: [ReplicateEstimates?]) -> [UInt8] {
        var writer = CSVWriter(header: Self.header)
        let column = objective.column
        let bytesColumn = TuneBudget.column
        for (network, members) in finalists.enumerated() {
            for index in order(network: network, finalists: members) {
                let candidate = candidates[index]
                let standing = candidate.standing
                let status = status(index, finalists: members)
                var row = [candidate.network, candidate.policy, status, standing.map { String($0.round) } ?? "",
                           candidate.exit?.rawValue ?? (status == "over_budget" ? "over the budget at its estimate" : ""),
                           standing.map { String($0.sessions) } ?? "", objective.rawValue, column.format(standing?.objective),
                           standing?.leader ?? "", column.format(standing?.difference, signed: true),
                           column.format(standing?.differenceInterval?.lowerBound, signed: true),
                           column.format(standing?.differenceInterval?.upperBound, signed: true),
                           bytesColumn.format(standing?.bytesPerNavigation), bytesColumn.format(standing?.bytesInterval?.lowerBound),
                           bytesColumn.format(standing?.bytesInterval?.upperBound)]
                let confirmed = members.contains(index)
                    ? heldOut.firstIndex { $0.policy == candidate.policy && $0.network == candidate.network } : nil
                if let confirmed {
                    let summary = heldOut[confirmed].summary
                    let interval = estimates[confirmed]?.interval(column)
                    row += [String(summary.sessions), column.format(column.point(summary)), column.format(interval?.low),
                            column.format(interval?.high), TuneObjective.stallRate.column.format(TuneObjective.stallRate.column.point(summary)),
                            bytesColumn.format(bytesColumn.point(summary))]
                } else {
                    row += Array(repeating: "", count: 6)
                }
                writer.appendRow(row)
            }
        }
        return writer.bytes
    }

    /// The network's candidates in the file's order.
    private func order(network: Int, finalists members: [Int]) -> [Int] {
        let others = candidates.indices.filter { candidates[$0].networkIndex == network && !members.contains($0) }
        let stillIn = others.filter { candidates[$0].isIn }
        let out = others.filter { !candidates[$0].isIn }
            .sorted { (-(candidates[$0].standing?.round ?? 0), $0) < (-(candidates[$1].standing?.round ?? 0), $1) }
        return members + stillIn + out
    }

    private func status(_ index: Int, finalists members: [Int]) -> String {
        if index == members.first { return "winner" }
        if members.contains(index) { return "tie" }
        return candidates[index].isIn ? "over_budget" : "out"
    }
}
