import Foundation

/// `distributions.csv`: every distribution of `summary.csv` in long form, one row per
/// (policy, network, metric, value) with its cumulative fraction, so that a CDF is one `groupby`
/// away in pandas or one `plot ... with steps` in gnuplot. Its metrics are the schema's
/// percentile metrics, in column order.
///
/// A curve keeps at most `maxRows` rows (`keptSteps`), so that a sweep of a thousand policies writes
/// megabytes, not hundreds of them; the rows kept are exact, and exact percentiles stay in summary.csv.
package struct DistributionsTable: Sendable {
    /// The columns, in order; `DistributionRow` reads them back.
    package enum Column: String, TableColumn {
        case policy, network, metric, value, count
        case cumulativeFraction = "cumulative_fraction"
    }

    public static let header = Column.header

    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    /// The rows of one policy × network.
    public func append(policy: String, network: String, summary: MetricsSummary, to writer: inout CSVWriter) {
        for (metric, distribution) in schema.distributions {
            let values = summary[keyPath: distribution]
            let total = values.count
            for step in Self.keptSteps(values.steps, total: total) {
                writer.appendRow([policy, network, metric, String(step.value), String(step.count),
                                  ReportFormat.fraction(step.cumulativeCount, over: total)])
            }
        }
    }

    /// Rows of the CDF at even fractions: the first level at or past each 1/50 of the values.
    static let evenSteps = 50
    /// Rows of the tail past the even grid's 0.9: the first level at or past 1 − 10^(−j/10) for
    /// j = 11 … 60 (0.921 down to one value in a million above it), 10 a decade.
    static let tailSteps = 11 ... 60
    static let tailPerDecade = 10
    /// The most rows a curve has: the even and tail rows, the first level and the last (the maximum).
    public static let maxRows = evenSteps + tailSteps.count + 2

    /// The levels of a curve that distributions.csv writes: all of them up to `maxRows`; past that
    /// the first and the last, and for each point of the even grid (i/50) and of the tail grid
    /// (1 − 10^(−j/10), j ≥ 11) the first level whose cumulative fraction reaches it. The levels
    /// kept are the curve's own (its CDF is exact there), and the nearest-rank p50, p90, p99 and
    /// p99.9 are among them. A kept row's count is the values above the previous row's level up to
    /// its own, so the counts still add up to the total.
    static func keptSteps(_ steps: [Distribution.Step], total: Int) -> [Distribution.Step] {
        guard steps.count > maxRows else { return steps }
        var kept: [Distribution.Step] = []
        var even = 1
        var tail = tailSteps.lowerBound
        func tailReached(_ step: Distribution.Step, _ j: Int) -> Bool {
            Double(total - step.cumulativeCount) <= Double(total) * pow(10, -Double(j) / Double(tailPerDecade))
        }
        for (index, step) in steps.enumerated() {
            var keep = index == 0 || index == steps.count - 1
            while even <= evenSteps, step.cumulativeCount * evenSteps >= even * total {
                keep = true
                even += 1
            }
            while tail <= tailSteps.upperBound, tailReached(step, tail) {
                keep = true
                tail += 1
            }
            if keep {
                var row = step
                row.count = step.cumulativeCount - (kept.last?.cumulativeCount ?? 0)
                kept.append(row)
            }
        }
        return kept
    }
}
