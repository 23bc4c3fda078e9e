/// The metrics a run reports, in column order, and what each report reads from them: the columns
/// of `sessions.csv` and `summary.csv`, the blocks of `distributions.csv`, the metrics `compare`
/// judges and the HTML report's table. `standard` is DeckBench's; a schema with more metrics (a
/// test's, a fork's) re-presents what the replay measures without touching the report code.
public struct MetricSchema: Sendable {
    public let metrics: [Metric]

    /// DeckBench's metrics.
    public static let standard = MetricSchema(Metric.standardList)

    /// A schema of `metrics`; column names must be unique, and summaries may read only the counts
    /// the standard metrics add up (`SessionMetrics` totals are kept once, for every schema).
    public init(_ metrics: [Metric]) {
        self.metrics = metrics
        let accumulation = MetricsAccumulation(Metric.standardList)
        for metric in metrics {
            if let problem = accumulation.problem(with: metric) ?? IntervalColumn.problem(with: metric) { preconditionFailure(problem) }
        }
        for columns in [sessionsColumns, summaryColumns] {
            precondition(Set(columns).count == columns.count, "MetricSchema: a column name is used twice in \(columns)")
        }
    }

    /// This schema's metrics and `extra` after them.
    public func adding(_ extra: [Metric]) -> MetricSchema {
        MetricSchema(metrics + extra)
    }

    /// `sessions.csv`'s metric columns (after `file`, `session`, `policy`, `network`).
    public var sessionsColumns: [String] {
        metrics.filter { $0.session != nil }.map(\.name)
    }

    /// `summary.csv`'s metric columns (after `policy`, `network`).
    public var summaryColumns: [String] {
        metrics.flatMap(\.summaryColumns)
    }

    /// The distributions behind percentile columns, in column order: the blocks of `distributions.csv`.
    public var distributions: [(name: String, distribution: KeyPath<MetricsSummary, Distribution> & Sendable)] {
        metrics.compactMap { metric in
            guard case let .percentiles(distribution) = metric.summary else { return nil }
            return (metric.name, distribution)
        }
    }

    /// The summary columns `compare` judges, in column order, with the good direction of each.
    public var comparedColumns: [(name: String, better: Metric.Better)] {
        metrics.flatMap { metric in
            metric.summaryColumns(metric.compared).map { ($0.name, metric.better ?? .lower) }
        }
    }

    /// The summary columns of the HTML report's per-policy table, with their header text.
    public var reportedColumns: [(name: String, label: String)] {
        metrics.flatMap { metric in
            metric.summaryColumns(metric.reported).map { column in
                guard let statistic = column.statistic else { return (column.name, metric.label) }
                return (column.name, "\(statistic.rawValue) \(metric.label) (\(metric.unit.rawValue))")
            }
        }
    }

    /// The metric fields of one `summary.csv` row.
    public func summaryFields(_ summary: MetricsSummary) -> [String] {
        metrics.flatMap { $0.summaryFields(summary) }
    }

    /// The metric fields of one `sessions.csv` row, built as strings (the reference that
    /// `SessionsTable`'s byte path must equal).
    public func sessionFields(_ metrics: SessionMetrics) -> [String] {
        self.metrics.compactMap { $0.sessionField(metrics) }
    }
}
