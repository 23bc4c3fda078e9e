/// `paired.csv`: for pairs of policies on one network, the difference of each column that has an
/// interval (A − B; `IntervalColumn`) with its 95 % paired interval, and the shares of sessions
/// where A, and where B, did strictly better (`PairedWins`; ratios only, the rest are ties).
/// Every policy replays the same sessions, and a bootstrap replicate weighs the sessions of both
/// alike, so the interval is read from the replicates' differences: the statistically strong way
/// to compare two policies. Pairs in the order given (A before B); with more than
/// `PairedWins.allPairsUpTo` policies on a network (a sweep), each policy is paired with the first only.
public struct PairedTable: Sendable {
    public static let header = ["network", "policy_a", "policy_b", "metric", "a", "b", "difference", "difference_ci_low",
                                "difference_ci_high", "a_better_share", "b_better_share"]
    public static let fileName = "paired.csv"

    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    /// The file for `summaries` (policy-major, which carry replicates), or nil when they carry
    /// none; `wins` gives the share columns (empty without); `estimates` (one per row, as
    /// `ReplicateEstimates.of` makes them) are made here when not given.
    public func csv(_ summaries: [(policy: String, network: String, summary: MetricsSummary)], wins: PairedWins? = nil,
                    estimates: [ReplicateEstimates?]? = nil) -> String? {
        guard summaries.contains(where: { !$0.summary.replicates.isEmpty }) else { return nil }
        let columns = schema.intervalColumns
        let allEstimates = estimates ?? ReplicateEstimates.of(summaries, columns: columns)
        var networks: [String] = []
        for row in summaries where !networks.contains(row.network) { networks.append(row.network) }
        var writer = CSVWriter(header: Self.header)
        for (networkIndex, network) in networks.enumerated() {
            let indices = summaries.indices.filter { summaries[$0].network == network }
            let rows = indices.map { summaries[$0] }
            let estimates = indices.map { allEstimates[$0] }
            for (a, b) in PairedWins.pairs(rows.count) {
                guard let estimatesA = estimates[a], let estimatesB = estimates[b] else { continue }
                for column in columns {
                    guard let pointA = column.point(rows[a].summary), let pointB = column.point(rows[b].summary) else { continue }
                    let differences = zip(estimatesA.values(column), estimatesB.values(column))
                        .compactMap { x, y in x.flatMap { x in y.map { x - $0 } } }
                    let interval = BootstrapReplicates.percentiles(differences)
                    let shares = wins?.shares(network: networkIndex, a: a, b: b, column: column.name)
                    writer.appendRow([network, rows[a].policy, rows[b].policy, column.name, column.format(pointA), column.format(pointB),
                                      column.format(pointA - pointB, signed: true), column.format(interval?.low, signed: true),
                                      column.format(interval?.high, signed: true), ReportFormat.ratio(shares?.a), ReportFormat.ratio(shares?.b)])
                }
            }
        }
        return writer.text
    }
}
