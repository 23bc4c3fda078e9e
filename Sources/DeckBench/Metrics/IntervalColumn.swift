/// A summary column that has a bootstrap interval (`NAME_ci_low`, `NAME_ci_high` in summary.csv,
/// a row of paired.csv, a paired change in compare.csv), and what its value is in one replicate:
/// a ratio of two counts `BootstrapReplicates` keeps per bucket, or a tail statistic of the stall
/// times `StallTimeGroups` keeps per group.
public struct IntervalColumn: Sendable {
    public enum Statistic: Sendable {
        case ratio(numerator: Metric.Count, denominator: Metric.Count)
        /// A percentile (0–100) of `stall_ms` over all navigations, or over the stalled ones only.
        case stallPercentile(Double, stalledOnly: Bool)
        /// The mean of the worst `share` of all navigations' `stall_ms` (CVaR).
        case stallTailMean(share: Double)
    }

    /// The summary column, e.g. `stall_rate` or `stall_ms_p99`.
    public let name: String
    public let statistic: Statistic
    public let better: Metric.Better

    /// The columns of `metric` that have intervals (`Metric.interval`): the ratio itself, the
    /// p99 of `stall_ms` or `stall_ms_stalled`, or the tail mean itself.
    public static func of(_ metric: Metric) -> [IntervalColumn] {
        guard metric.interval else { return [] }
        let better = metric.better ?? .lower
        if let ratio = metric.ratioCounts {
            return [IntervalColumn(name: metric.name, statistic: .ratio(numerator: ratio.numerator, denominator: ratio.denominator),
                                   better: better)]
        }
        switch metric.summary {
        case let .tailMean(_, share): return [IntervalColumn(name: metric.name, statistic: .stallTailMean(share: share), better: better)]
        case let .percentiles(distribution):
            return [IntervalColumn(name: metric.column(.p99), statistic: .stallPercentile(99, stalledOnly: distribution == \MetricsSummary.stallMsPerStall),
                                   better: better)]
        default: return []
        }
    }

    /// Why `metric` cannot have the interval it declares; nil when it can (or declares none).
    static func problem(with metric: Metric) -> String? {
        guard metric.interval else { return nil }
        if let ratio = metric.ratioCounts {
            let kept = BootstrapReplicates.counts
            guard kept.contains(where: { $0 == ratio.numerator }), kept.contains(where: { $0 == ratio.denominator }) else {
                return "metric \(metric.name) declares an interval over counts the bootstrap buckets do not keep; "
                    + "declare it with interval: true in Metric.standardList"
            }
            return nil
        }
        switch metric.summary {
        case let .percentiles(distribution) where distribution == \MetricsSummary.stallMsPerNavigation || distribution == \MetricsSummary.stallMsPerStall:
            return nil
        case let .tailMean(distribution, _) where distribution == \MetricsSummary.stallMsPerNavigation: return nil
        default: return "metric \(metric.name) declares an interval: only ratios of counts and tails of stall_ms have one"
        }
    }

    /// The largest value the column can take: 1 for the stall rate (stalls are some of the
    /// navigations), unbounded for the rest. A widened bound stops there (`FewUnits`).
    var largest: Double {
        if case let .ratio(numerator, denominator) = statistic, numerator == \SessionMetrics.stalls,
           denominator == \SessionMetrics.navigations {
            return 1
        }
        return .infinity
    }

    /// The stalls in the run's tail of the column: of the worst 1 % of navigations for `stall_ms_p99`
    /// and the tail mean, of the worst 1 % of stalls for `stall_ms_stalled_p99` (as `compare` counts
    /// them); nil for a ratio, which has no tail. `FewUnits` gives no interval on a thin tail.
    func tailObservations(in replicates: BootstrapReplicates) -> Double? {
        guard let sums = replicates.pointSums() else { return nil }
        func total(_ count: Metric.Count) -> Double {
            BootstrapReplicates.counts.firstIndex { $0 == count }.map { sums.sums[$0] } ?? 0
        }
        let (navigations, stalls) = (total(\.navigations), total(\.stalls))
        switch statistic {
        case .ratio: return nil
        case let .stallPercentile(percentile, stalledOnly):
            let share = 1 - percentile / 100
            return stalledOnly ? share * stalls : min(stalls, share * navigations)
        case let .stallTailMean(share): return min(stalls, share * navigations)
        }
    }

    /// The column's value for the totals of `summary` (the point estimate the interval goes with).
    func point(_ summary: MetricsSummary) -> Double? {
        switch statistic {
        case let .ratio(numerator, denominator):
            let divisor = summary.totals[keyPath: denominator]
            return divisor == 0 ? nil : Double(summary.totals[keyPath: numerator]) / Double(divisor)
        case let .stallPercentile(percentile, stalledOnly):
            let distribution = stalledOnly ? summary.stallMsPerStall : summary.stallMsPerNavigation
            return distribution.count == 0 ? nil : Double(distribution.value(at: percentile))
        case let .stallTailMean(share): return summary.stallMsPerNavigation.tailMean(share)
        }
    }

    /// The column's value for the whole run computed as its replicates are (every bucket and group
    /// weighed once: ratios unrounded, tails from the bins), so that a point and its replicates
    /// are the same estimator; nil without replicates or where undefined. `compare` judges on it.
    func pointFromReplicates(_ replicates: BootstrapReplicates) -> Double? {
        let groups = [Double](repeating: 1, count: StallTimeGroups.groups)
        switch statistic {
        case let .ratio(numerator, denominator): return replicates.pointSums()?.ratios(numerator, over: denominator).first ?? nil
        case let .stallPercentile(percentile, stalledOnly):
            return replicates.stallMs.replicatePercentiles(percentile, stalledOnly: stalledOnly, weights: groups).first ?? nil
        case let .stallTailMean(share): return replicates.stallMs.replicateTailMeans(share, weights: groups).first ?? nil
        }
    }

    /// A bound or a difference (`signed`) as the CSV writes it: ratios and tail means to four
    /// decimals, percentiles in whole milliseconds.
    func format(_ value: Double?, signed: Bool = false) -> String {
        guard let value else { return "" }
        switch statistic {
        case .ratio, .stallTailMean: return signed ? ReportFormat.signedRatio(value) : ReportFormat.ratio(value)
        case .stallPercentile: return String(Int(value.rounded()))
        }
    }
}

extension MetricSchema {
    /// Every column with an interval, in column order.
    public var intervalColumns: [IntervalColumn] {
        metrics.flatMap(IntervalColumn.of)
    }
}

/// The weights of a bootstrap of `replicates` replicates: per bucket for ratios
/// (`BootstrapReplicates.weightTable`), per group for stall percentiles
/// (`StallTimeGroups.weightTable`). Made once for every row of a report.
public struct BootstrapWeights: Sendable {
    public let replicates: Int
    let buckets: [UInt8]
    let groups: [Double]

    public init(replicates: Int) {
        self.replicates = replicates
        buckets = BootstrapReplicates.weightTable(replicates: replicates)
        groups = StallTimeGroups.weightTable(replicates: replicates)
    }
}

/// One policy × network's interval columns, replicate by replicate: computed once, read by
/// summary.csv, paired.csv and compare alike.
public struct ReplicateEstimates: Sendable {
    /// Each column's replicate values, NaN where undefined (8 bytes a value where an optional
    /// takes 16); empty once dropped (`droppingValues`).
    private var values: [String: [Double]]
    /// Each column's central 95 % interval, kept when the values are dropped.
    private let bounds: [String: Bounds]
    /// Whether the replicate values are still held (paired differences need them; intervals do not).
    public private(set) var hasValues = true
    /// The independent units the replicates resample (`BootstrapReplicates.units`): below
    /// `FewUnits.widenedBelow` the intervals are widened, below `FewUnits.fewest` there are none.
    public let units: Int
    /// Each tail column's stalls in its tail (`IntervalColumn.tailObservations`), kept on few
    /// units only, where a thin tail has no interval (paired.csv's too).
    let tailObservations: [String: Double]

    private struct Bounds: Sendable {
        var low: Double
        var high: Double
    }

    /// nil without replicates, or with replicates of another number than `weights`'.
    public init?(_ replicates: BootstrapReplicates, weights: BootstrapWeights, columns: [IntervalColumn]) {
        guard replicates.replicates == weights.replicates, let sums = replicates.replicateSums(weights: weights.buckets) else { return nil }
        var values: [String: [Double]] = [:]
        var bounds: [String: Bounds] = [:]
        // Every tail column of stall_ms reads the same cumulative bins: made once for the row.
        let tails = columns.contains { if case .ratio = $0.statistic { false } else { true } } && !replicates.stallMs.isEmpty
            ? replicates.stallMs.cumulativeRows() : nil
        let units = replicates.units
        let few = units <= FewUnits.most
        let widened = units < FewUnits.widenedBelow
        var tailObservations: [String: Double] = [:]
        for column in columns {
            let estimates: [Double?] = switch column.statistic {
            case let .ratio(numerator, denominator): sums.ratios(numerator, over: denominator)
            case let .stallPercentile(percentile, stalledOnly):
                replicates.stallMs.replicatePercentiles(percentile, stalledOnly: stalledOnly, weights: weights.groups, rows: tails)
            case let .stallTailMean(share): replicates.stallMs.replicateTailMeans(share, weights: weights.groups, rows: tails)
            }
            values[column.name] = estimates.map { $0 ?? .nan }
            if few { tailObservations[column.name] = column.tailObservations(in: replicates) }
            // Every column with an interval is a count, a time or bytes: never below 0.
            if let interval = FewUnits.interval(BootstrapReplicates.percentiles(estimates.compactMap { $0 }),
                                                point: widened ? column.pointFromReplicates(replicates) : nil, units: units,
                                                tailObservations: tailObservations[column.name], within: 0 ... column.largest) {
                bounds[column.name] = Bounds(low: interval.low, high: interval.high)
            }
        }
        self.values = values
        self.bounds = bounds
        self.units = units
        self.tailObservations = tailObservations
    }

    /// The same intervals without the replicate values behind them (1,000 replicates × 7 columns ×
    /// 8 bytes a row: a sweep of a thousand points would hold 57 MB of them).
    public func droppingValues() -> ReplicateEstimates {
        var dropped = self
        dropped.values = [:]
        dropped.hasValues = false
        return dropped
    }

    /// The estimates of every row of `summaries` that has replicates, over `columns`. With
    /// `valuesForPairsOnly`, a row keeps its replicate values only when paired.csv pairs it with
    /// every other row of its network (up to `PairedWins.allPairsUpTo` policies: all of them; past
    /// that, the first policy's); the others keep their intervals, and paired.csv makes their
    /// values again, one row at a time. `visit` sees each row's estimates with their values, in
    /// row order, before any are dropped (`PairedTable.Rows` makes paired.csv from them). With
    /// `threads` above 1, rows are computed on that many threads, up to four rows a thread ahead
    /// of `visit` (the same values: a row's depend on that row alone).
    public static func of(_ summaries: [PointSummary],
                          columns: [IntervalColumn], valuesForPairsOnly: Bool = false, threads: Int = 1,
                          visit: ((Int, ReplicateEstimates?) -> Void)? = nil) -> [ReplicateEstimates?] {
        guard let replicates = summaries.first(where: { !$0.summary.replicates.isEmpty })?.summary.replicates.replicates else {
            for index in summaries.indices { visit?(index, nil) }
            return summaries.map { _ in nil }
        }
        let weights = BootstrapWeights(replicates: replicates)
        var firstOfNetwork: [String: Int] = [:]
        var rowsOfNetwork: [String: Int] = [:]
        for (index, row) in summaries.enumerated() {
            if firstOfNetwork[row.network] == nil { firstOfNetwork[row.network] = index }
            rowsOfNetwork[row.network, default: 0] += 1
        }
        // Rows in chunks: a chunk's values are held until visited, so a chunk is a few rows a thread.
        let chunk = threads > 1 ? 4 * threads : 1
        var all: [ReplicateEstimates?] = []
        all.reserveCapacity(summaries.count)
        for first in stride(from: 0, to: summaries.count, by: chunk) {
            let rows = first ..< min(first + chunk, summaries.count)
            let made = ParallelMap.map(rows.count, threads: threads) { _, item in
                ReplicateEstimates(summaries[rows.lowerBound + item].summary.replicates, weights: weights, columns: columns)
            }
            for (index, estimates) in zip(rows, made) {
                visit?(index, estimates)
                let network = summaries[index].network
                let keeps = !valuesForPairsOnly || rowsOfNetwork[network]! <= PairedWins.allPairsUpTo || firstOfNetwork[network] == index
                all.append(keeps ? estimates : estimates?.droppingValues())
            }
        }
        return all
    }

    /// The column's value in each replicate; nil where it is undefined. Empty when the replicates
    /// do not hold what the column needs (stall times of a file written before they were kept), or
    /// once the values are dropped.
    public func values(_ column: IntervalColumn) -> [Double?] {
        (values[column.name] ?? []).map { $0.isNaN ? nil : $0 }
    }

    /// `values(_:)` as held, NaN where undefined: for a loop over two rows' values without an
    /// optional array made for each.
    func storedValues(_ column: IntervalColumn) -> [Double] {
        values[column.name] ?? []
    }

    /// The central 95 % interval of the column's replicate values, widened when they rest on few
    /// units; nil when there are none, or `FewUnits` gives none.
    public func interval(_ column: IntervalColumn) -> (low: Double, high: Double)? {
        bounds[column.name].map { ($0.low, $0.high) }
    }
}
