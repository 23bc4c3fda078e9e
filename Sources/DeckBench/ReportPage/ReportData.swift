/// What the page's views read: a run's reports by policy and network, the policies grouped by
/// family, each network's short name, and the policies of the default job.
struct ReportData {
    let reports: ReportFolder
    let schema: MetricSchema
    let policies: [String]
    let networks: [String]
    let families: [PolicyFamily]
    /// Each network's name on the page (`pageName`, numbered when two would be the same).
    let networkNames: [String: String]
    let defaultJob: Set<String>
    private let rowIndex: [ReplayPoint: SummaryRow]
    /// Ratio columns whose two counts are columns of the file too: read as the quotient of those
    /// counts, since the file's ratio has four decimals and a view that rounds it again (a percent
    /// with one decimal) could show a digit the exact ratio does not have (0.99746 → 0.9975 →
    /// 99.8 %, where the terminal says 99.7 %).
    private let exactRatios: [String: (numerator: String, denominator: String)]

    init(reports: ReportFolder, schema: MetricSchema) {
        self.reports = reports
        self.schema = schema
        policies = Self.unique(reports.summary.map(\.policy))
        networks = Self.unique(reports.summary.map(\.network))
        families = PolicyFamily.families(of: policies)
        var names: [String: String] = [:]
        for (index, network) in networks.enumerated() {
            let name = Self.pageName(network)
            names[network] = !names.values.contains(name) ? name : "\(name) (\(index + 1))"
        }
        networkNames = names
        defaultJob = Set(PolicyRegistry.defaults.map(\.spec))
        var index: [ReplayPoint: SummaryRow] = [:]
        for row in reports.summary { index[row.point] = row }
        rowIndex = index
        exactRatios = Self.exactRatios(schema)
    }

    /// A network as the page's headings, legends and tables name it (`NetworkModel.displayName`
    /// in 40 characters); the full spec is under each network's heading.
    static func pageName(_ network: String) -> String { NetworkModel.displayName(network, limit: 40) }

    private static func exactRatios(_ schema: MetricSchema) -> [String: (numerator: String, denominator: String)] {
        func column(summing count: Metric.Count) -> String? {
            schema.metrics.first { metric in
                if case let .sum(summed) = metric.summary { return summed == count }
                return false
            }?.name
        }
        var ratios: [String: (numerator: String, denominator: String)] = [:]
        for metric in schema.metrics {
            guard case let .ratioOfSums(numerator, denominator) = metric.summary,
                  let top = column(summing: numerator), let bottom = column(summing: denominator) else { continue }
            ratios[metric.name] = (top, bottom)
        }
        return ratios
    }

    func row(_ policy: String, _ network: String) -> SummaryRow? {
        rowIndex[ReplayPoint(policy: policy, network: network)]
    }

    func value(_ policy: String, _ network: String, _ column: String) -> Double? {
        guard let row = row(policy, network) else { return nil }
        if let ratio = exactRatios[column], let top = row.value(ratio.numerator), let bottom = row.value(ratio.denominator), bottom > 0,
           row.text(column)?.isEmpty == false {
            return top / bottom
        }
        return row.value(column)
    }

    /// The policies on `network`'s Pareto front (`pareto` = 1), in report order.
    func front(_ network: String) -> [String] {
        policies.filter { row($0, network)?.pareto == true }
    }

    /// The policies worth a curve when there are too many to draw: the Pareto front and the
    /// default job's, at most `limit`, in report order; all of them when they fit.
    func highlighted(_ network: String, limit: Int = 8) -> [String] {
        guard policies.count > limit else { return policies }
        let front = Set(front(network))
        let chosen = policies.filter { front.contains($0) } + policies.filter { defaultJob.contains($0) && !front.contains($0) }
        return Array(chosen.prefix(limit))
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}

/// A curve's colour and dash pattern: Okabe–Ito colours, distinguishable with every common
/// colour-vision deficiency, times seven dash patterns: 49 distinct styles.
enum CurveStyle {
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4"]

    static func color(_ index: Int) -> String { palette[index % palette.count] }
    static func dash(_ index: Int) -> String { dashes[(index / palette.count + index) % dashes.count] }
}
