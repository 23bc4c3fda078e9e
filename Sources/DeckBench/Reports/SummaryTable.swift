/// `summary.csv`: one row per policy × network, in the order given on the command line; the
/// columns after `policy` and `network` are the schema's, then `pareto` (`ParetoFront`: 1 when no
/// other policy on the network beats the row on both stall rate and bytes per navigation, 0 when
/// one does, empty without navigations).
public struct SummaryTable: Sendable {
    public let schema: MetricSchema
    /// Whether rows carry 95 % bootstrap intervals: `NAME_ci_low`, `NAME_ci_high` after every
    /// metric that is a ratio of counts the replicates keep (`BootstrapReplicates`).
    public let intervals: Bool

    public init(schema: MetricSchema = .standard, intervals: Bool = false) {
        self.schema = schema
        self.intervals = intervals
    }

    public var header: [String] {
        ["policy", "network"] + schema.metrics.flatMap { metric in
            metric.summaryColumns + (hasInterval(metric) ? [metric.name + "_ci_low", metric.name + "_ci_high"] : [])
        } + ["pareto"]
    }

    private func hasInterval(_ metric: Metric) -> Bool {
        intervals && BootstrapReplicates.covers(metric.summary) != nil
    }

    /// One row's metric fields, intervals included (`weights`: the bootstrap's weight table).
    private func fields(_ summary: MetricsSummary, weights: [[UInt8]]?) -> [String] {
        let covered = schema.metrics.filter(hasInterval).compactMap { BootstrapReplicates.covers($0.summary) }
        var intervals = summary.replicates.intervals(covered, weights: weights).makeIterator()
        return schema.metrics.flatMap { metric -> [String] in
            let fields = metric.summaryFields(summary)
            guard hasInterval(metric), let interval = intervals.next() else { return fields }
            return fields + [ReportFormat.ratio(interval?.low), ReportFormat.ratio(interval?.high)]
        }
    }

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
        let replicates = summaries.first { !$0.summary.replicates.isEmpty }?.summary.replicates.replicates
        let weights = intervals ? replicates.map(BootstrapReplicates.weightTable) : nil
        return summaries.enumerated().map { index, row in
            [row.policy, row.network] + fields(row.summary, weights: weights) + [pareto[index]]
        }
    }
}
