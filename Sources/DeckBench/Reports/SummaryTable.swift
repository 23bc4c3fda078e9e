/// `summary.csv`: one row per policy × network, in the order given on the command line; the
/// columns after `policy` and `network` are the schema's.
public struct SummaryTable: Sendable {
    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    public var header: [String] { ["policy", "network"] + schema.summaryColumns }

    public func row(policy: String, network: String, summary: MetricsSummary) -> [String] {
        [policy, network] + schema.summaryFields(summary)
    }
}
