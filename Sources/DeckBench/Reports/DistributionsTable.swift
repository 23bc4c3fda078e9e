import Foundation

/// `distributions.csv`: every distribution of `summary.csv` in long form, one row per
/// (policy, network, metric, value) with its cumulative fraction, so that a CDF is one `groupby`
/// away in pandas or one `plot ... with steps` in gnuplot.
public enum DistributionsTable {
    public static let header = ["policy", "network", "metric", "value", "count", "cumulative_fraction"]

    /// The metrics written, with the distribution of a summary each one reads.
    public static let metrics: [(name: String, distribution: @Sendable (MetricsSummary) -> Distribution)] = [
        ("stall_ms", { $0.stallMsPerNavigation }),
        ("stall_ms_stalled", { $0.stallMsPerStall }),
        ("first_load_ms", { $0.firstLoadMs }),
        ("diff_ops", { $0.diffOps }),
    ]

    /// The rows of one policy × network.
    public static func append(policy: String, network: String, summary: MetricsSummary, to writer: inout CSVWriter) {
        for (metric, distribution) in metrics {
            let values = distribution(summary)
            let total = values.count
            for step in values.steps {
                writer.appendRow([policy, network, metric, String(step.value), String(step.count),
                                  String(format: "%.6f", Double(step.cumulativeCount) / Double(total))])
            }
        }
    }
}
