/// `paired.csv`: for pairs of policies on one network, the difference of each metric that has an
/// interval (A − B) with its 95 % paired interval. Every policy replays the same sessions, and a
/// bootstrap replicate weighs the sessions of both alike, so the interval is read from the
/// replicates' differences: the statistically strong way to compare two policies. Pairs in the
/// order given (A before B); with more than `allPairsUpTo` policies on a network (a sweep), each
/// policy is paired with the first one only.
public struct PairedTable: Sendable {
    public static let header = ["network", "policy_a", "policy_b", "metric", "a", "b", "difference", "difference_ci_low",
                                "difference_ci_high"]
    public static let allPairsUpTo = 16
    public static let fileName = "paired.csv"

    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    /// The file for `summaries` (which carry replicates), or nil when they carry none.
    public func csv(_ summaries: [(policy: String, network: String, summary: MetricsSummary)]) -> String? {
        guard let replicates = summaries.first(where: { !$0.summary.replicates.isEmpty })?.summary.replicates.replicates else { return nil }
        let weights = BootstrapReplicates.weightTable(replicates: replicates)
        let metrics = schema.metrics.compactMap { metric in BootstrapReplicates.covers(metric.summary).map { (metric.name, $0.numerator, $0.denominator) } }
        var networks: [String] = []
        for row in summaries where !networks.contains(row.network) { networks.append(row.network) }
        var writer = CSVWriter(header: Self.header)
        for network in networks {
            let rows = summaries.filter { $0.network == network }
            let sums = rows.map { $0.summary.replicates.replicateSums(weights: weights) }
            for (a, b) in Self.pairs(rows.count) {
                guard let sumsA = sums[a], let sumsB = sums[b] else { continue }
                for (name, numerator, denominator) in metrics {
                    let totalsA = rows[a].summary.totals
                    let totalsB = rows[b].summary.totals
                    guard totalsA[keyPath: denominator] > 0, totalsB[keyPath: denominator] > 0 else { continue }
                    let pointA = Double(totalsA[keyPath: numerator]) / Double(totalsA[keyPath: denominator])
                    let pointB = Double(totalsB[keyPath: numerator]) / Double(totalsB[keyPath: denominator])
                    let differences = zip(sumsA.ratios(numerator, over: denominator), sumsB.ratios(numerator, over: denominator))
                        .compactMap { x, y in x.flatMap { x in y.map { x - $0 } } }
                    let interval = BootstrapReplicates.percentiles(differences)
                    writer.appendRow([network, rows[a].policy, rows[b].policy, name, ReportFormat.ratio(pointA), ReportFormat.ratio(pointB),
                                      ReportFormat.signedRatio(pointA - pointB), ReportFormat.signedRatio(interval?.low), ReportFormat.signedRatio(interval?.high)])
                }
            }
        }
        return writer.text
    }

    /// Index pairs (a < b) of `count` policies: all of them up to `allPairsUpTo`, else each with the first.
    static func pairs(_ count: Int) -> [(Int, Int)] {
        count <= allPairsUpTo
            ? (0 ..< count).flatMap { a in (a + 1 ..< count).map { (a, $0) } }
            : (1 ..< max(1, count)).map { (0, $0) }
    }
}
