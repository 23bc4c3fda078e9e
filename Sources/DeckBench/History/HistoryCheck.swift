/// `history check`: in each series that has a limit, the most certain lasting change among the
/// recent nights (`ChangePointSearch`); a change whose whole interval lies past the limit, held
/// for at least the search's `minNights`, fails the check — unless what made the runs changed on
/// its first night (new recordings, new flags, a new version), which explains it and is said.
public struct HistoryCheck: Sendable {
    public var limits: [Comparison.Threshold]
    public var search: ChangePointSearch
    public var schema: MetricSchema

    public init(limits: [Comparison.Threshold], search: ChangePointSearch = ChangePointSearch(), schema: MetricSchema = .standard) {
        self.limits = limits
        self.search = search
        self.schema = schema
    }

    /// A series' change past its limit.
    public struct Finding: Sendable {
        public var series: HistorySeries
        public var change: ChangePointSearch.Change
        /// The change in the metric's own direction (negative for a decrease).
        public var size: Double
        public var low: Double
        public var high: Double
        public var limit: Double
        /// The row (in `series.rows`) of the change's first night.
        public var startRow: Int
        /// What explains it besides the code, if anything.
        public var cause: String?

        public var fails: Bool { cause == nil }
    }

    /// A number for a reader: whole from 100 on, else three significant digits.
    public static func number(_ value: Double) -> String {
        abs(value) >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }

    /// Every series with a limit whose change lies past it, in the history's order.
    public func findings(_ history: HistoryFile) -> [Finding] {
        HistorySeries.all(history).compactMap { series in
            guard let limit = limits.first(where: { $0.metric == series.metric }),
                  let better = schema.comparedColumns.first(where: { $0.name == series.metric })?.better else { return nil }
            let sign: Double = better == .lower ? 1 : -1
            let nights = series.nights
            // A decrease of a metric better higher is an increase of its negation.
            let signed = nights.map(\.night).map { night in
                sign > 0 ? night : ChangePointSearch.Night(value: -night.value, low: night.high.map { -$0 }, high: night.low.map { -$0 })
            }
            guard let change = search.largestIncrease(signed) else { return nil }
            let allowed = limit.relative ? limit.amount / 100 * abs(change.baseline) : limit.amount
            guard change.low > allowed else { return nil }
            let startRow = nights[change.start].row
            return Finding(series: series, change: change, size: sign * change.size, low: sign > 0 ? change.low : -change.high,
                           high: sign > 0 ? change.high : -change.low, limit: allowed, startRow: startRow,
                           cause: series.cause(at: startRow))
        }
    }
}
