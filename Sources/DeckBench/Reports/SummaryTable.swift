/// `summary.csv`: one row per policy × network, in the order given on the command line; the
/// columns after `policy` and `network` are the schema's, then `pareto` (`ParetoFront`: 1 when no
/// other policy on the network beats the row on both stall rate and bytes per navigation, 0 when
/// one does, empty without navigations).
public struct SummaryTable: Sendable {
    public let schema: MetricSchema
    /// Whether rows carry 95 % bootstrap intervals: `NAME_ci_low`, `NAME_ci_high` after every
    /// column that has one (`IntervalColumn`: the ratios of counts, and `stall_ms_p99`).
    public let intervals: Bool

    public init(schema: MetricSchema = .standard, intervals: Bool = false) {
        self.schema = schema
        self.intervals = intervals
    }

    public var header: [String] {
        Self.pointColumns + schema.metrics.flatMap { metric in
            metric.summaryColumns + intervalColumns(metric).flatMap { column in
                let bounds = Self.intervalColumns(of: column.name)
                return [bounds.low, bounds.high]
            }
        } + [Self.paretoColumn]
    }

    /// The columns every summary.csv has, whatever its schema and version.
    public static let policyColumn = "policy", networkColumn = "network"
    public static let pointColumns = [policyColumn, networkColumn]
    public static let paretoColumn = "pareto"
    /// The metric columns every DeckBench has written in summary.csv since its first report: a
    /// folder's summary.csv without one had it removed (a spreadsheet, a script), and its page,
    /// history and hull would be silently blank where it was.
    public static let alwaysWritten = ["sessions", "navigations", "stalls", "stall_rate", "requests", "bytes", "bytes_per_navigation"]

    /// The columns of `column`'s 95 % interval.
    public static func intervalColumns(of column: String) -> (low: String, high: String) {
        (column + "_ci_low", column + "_ci_high")
    }

    private func intervalColumns(_ metric: Metric) -> [IntervalColumn] {
        intervals ? IntervalColumn.of(metric) : []
    }

    /// One row's metric fields, intervals included.
    private func fields(_ summary: MetricsSummary, estimates: ReplicateEstimates?) -> [String] {
        schema.metrics.flatMap { metric -> [String] in
            metric.summaryFields(summary) + intervalColumns(metric).flatMap { column -> [String] in
                let interval = estimates?.interval(column)
                return [column.format(interval?.low), column.format(interval?.high)]
            }
        }
    }

    /// The rows of every policy × network, in the order given; `estimates` (one per row, as
    /// `ReplicateEstimates.of` makes them) are made here when not given.
    public func rows(_ summaries: [PointSummary],
                     estimates: [ReplicateEstimates?]? = nil) -> [[String]] {
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
        let estimates = intervals ? estimates ?? ReplicateEstimates.of(summaries, columns: schema.intervalColumns) : nil
        return summaries.enumerated().map { index, row in
            [row.policy, row.network] + fields(row.summary, estimates: estimates?[index]) + [pareto[index]]
        }
    }
}
