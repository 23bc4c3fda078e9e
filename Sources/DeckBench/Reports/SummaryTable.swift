/// `summary.csv`: one row per policy × network, in the order given on the command line; the
/// columns after `policy` and `network` are the schema's, then `pareto` (`ParetoFront`: 1 when no
/// other policy on the network beats the row on both stall rate and bytes per navigation, 0 when
/// one does, empty without navigations).
public struct SummaryTable: Sendable {
    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    public var header: [String] { ["policy", "network"] + schema.summaryColumns + ["pareto"] }

    /// The rows of every policy × network, in the order given.
    public func rows(_ summaries: [(policy: String, network: String, summary: MetricsSummary)]) -> [[String]] {
        var pareto = [String](repeating: "", count: summaries.count)
        var networks: [String: [Int]] = [:]
        for (index, row) in summaries.enumerated() { networks[row.network, default: []].append(index) }
        for indices in networks.values {
            let points = indices.map { index in
                let totals = summaries[index].summary.totals
                return ParetoFront.Point(stalls: totals.stalls, bytes: totals.bytes, navigations: totals.navigations)
            }
            for (index, member) in zip(indices, ParetoFront.membership(points)) {
                pareto[index] = member.map { $0 ? "1" : "0" } ?? ""
            }
        }
        return summaries.enumerated().map { index, row in
            [row.policy, row.network] + schema.summaryFields(row.summary) + [pareto[index]]
        }
    }
}
