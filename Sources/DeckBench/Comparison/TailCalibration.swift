/// How `compare` judges the gateable tails of the stall times, `stall_ms_cvar99` and
/// `stall_ms_stalled_p99`, whose bootstrap spread runs short of their true spread: few navigations
/// lie in a tail, and a replicate can only reweigh the stalls seen, never draw a longer one.
///
/// Two rules, both measured on A/A pairs (docs/STATISTICS.md, "Tails that can be gated"):
/// - a run whose tail holds fewer than `minimumObservations` stalls cannot judge it: the row is
///   inconclusive ("too few stalls to judge the tail"), with no interval;
/// - otherwise the row's standard error is its replicates' standard deviation times
///   `widening(of:)`, the ratio of the change's spread over A/A pairs to the replicates' own.
/// Ratios and `stall_ms_p99` are judged as before.
enum TailCalibration {
    /// The fewest stalls in a run's tail (the worst 1 % of navigations for the tail mean, the worst
    /// 1 % of stalls for the stalled p99) for its interval to be read.
    static let minimumObservations = 20.0

    /// The factor on a tail's bootstrap standard error: the spread of its change over A/A pairs in
    /// its replicates' standard deviations, the largest measured on 240 pairs (1.09 for the tail
    /// mean, 1.05 for the stalled p99), rounded up; 1 for a column these rules do not judge.
    static func widening(of column: IntervalColumn) -> Double {
        switch column.statistic {
        case .stallTailMean: 1.10
        case .stallPercentile(_, stalledOnly: true): 1.05
        case .ratio, .stallPercentile(_, stalledOnly: false): 1
        }
    }

    /// Whether `column` is a tail these rules judge.
    static func applies(to column: IntervalColumn) -> Bool {
        switch column.statistic {
        case .stallTailMean, .stallPercentile(_, stalledOnly: true): true
        case .ratio, .stallPercentile(_, stalledOnly: false): false
        }
    }

    /// The stalls in the run's tail of `column`: of the worst `share` of navigations (tail mean) or
    /// of stalls (stalled percentile), those that stalled; nil for a column these rules do not judge,
    /// and for replicates written before stall times were kept (the tail is then judged on its
    /// point estimates, not called short of stalls).
    static func observations(_ column: IntervalColumn, in replicates: BootstrapReplicates) -> Double? {
        guard applies(to: column), !replicates.stallMs.isEmpty else { return nil }
        let groups = StallTimeGroups.groups
        let rows = replicates.stallMs.cumulativeRows()
        let stalls = rows.atOrAbove.prefix(groups).reduce(0, +)
        let navigations = Double(replicates.stallMs.navigations.reduce(0, +))
        switch column.statistic {
        case let .stallTailMean(share): return min(stalls, share * navigations)
        case let .stallPercentile(percentile, _): return (1 - percentile / 100) * stalls
        case .ratio: return nil
        }
    }
}
