import Foundation

/// `distributions.csv`: every distribution of `summary.csv` in long form, one row per
/// (policy, network, metric, value) with its cumulative fraction, so that a CDF is one `groupby`
/// away in pandas or one `plot ... with steps` in gnuplot. Its metrics are the schema's
/// percentile metrics, in column order.
public struct DistributionsTable: Sendable {
    public static let header = ["policy", "network", "metric", "value", "count", "cumulative_fraction"]

    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    /// The rows of one policy × network.
    public func append(policy: String, network: String, summary: MetricsSummary, to writer: inout CSVWriter) {
        for (metric, distribution) in schema.distributions {
            let values = summary[keyPath: distribution]
            let total = values.count
            for step in values.steps {
                writer.appendRow([policy, network, metric, String(step.value), String(step.count),
                                  ReportFormat.fraction(step.cumulativeCount, over: total)])
            }
        }
    }
}
