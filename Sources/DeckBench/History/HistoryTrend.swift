/// What the trend page shows, series by series: each night's value and interval, what changed in
/// the runs that night (recordings, flags, network, version), and the change points, found as
/// `history check` finds them: the series split where what made the runs changed and stayed
/// changed (each such step explained by its cause), nights run under other settings for one night
/// left out, and within each part every change whose interval excludes none, up or down
/// (`ChangePointSearch.changes`), with its size and interval. `trend.csv` is this table.
public struct HistoryTrend: Sendable {
    public struct Series: Sendable {
        public var series: HistorySeries
        /// Per row of the series: the night's value (nil when the run has none) and what changed that night.
        public var nights: [(value: ChangePointSearch.Night?, changed: String?)]
        /// The changes, their `start` an index into `series.rows`, with the cause that explains them.
        public var changes: [(change: ChangePointSearch.Change, cause: String?)]
        /// Whether the metric is better lower (a rise is a worsening), as compare judges it.
        public var betterLower: Bool
        /// Whether the metric is a share (a stall rate), shown in % as the report shows it.
        public var isShare = false
    }

    public var series: [Series]

    public init(_ history: HistoryFile, search: ChangePointSearch = ChangePointSearch(), schema: MetricSchema = .standard) {
        series = HistorySeries.all(history).map { series in
            var nights: [(value: ChangePointSearch.Night?, changed: String?)] = series.rows.indices.map { (nil, Self.changed(series, at: $0)) }
            for (row, night) in series.nights { nights[row].value = night }
            let better = schema.comparedColumns.first { $0.name == series.metric }?.better ?? .lower
            let isShare = schema.metrics.first { $0.summaryColumns.contains(series.metric) }?.unit == .ratio
            return Series(series: series, nights: nights, changes: Self.changes(series, search: search), betterLower: better == .lower,
                          isShare: isShare)
        }
    }

    /// The change points of `series`: within each part between causes, and at each cause.
    static func changes(_ series: HistorySeries, search: ChangePointSearch) -> [(change: ChangePointSearch.Change, cause: String?)] {
        let valued = series.judgedNights
        let nights = valued.map(\.night)
        let (causes, parts) = series.parts
        var found: [(change: ChangePointSearch.Change, cause: String?)] = []
        for part in parts {
            for change in search.changes(Array(nights[part])) {
                var change = change
                change.start += part.lowerBound
                found.append((change, nil))
            }
        }
        let tested = max(1, search.starts(count: nights.count).count)
        for (index, cause) in causes.enumerated() {
            let before = index == 0 ? 0 : causes[index - 1].night
            let next = found.filter { $0.change.start > cause.night }.map(\.change.start).min()
            let end = min(next ?? nights.count, index + 1 < causes.count ? causes[index + 1].night : nights.count)
            guard let change = search.change(at: cause.night, nights, part: before ..< end, tested: tested), change.low > 0 || change.high < 0
            else { continue }
            found.append((change, cause.cause))
        }
        return found.map { change, cause in
            var change = change
            change.start = valued[change.start].row
            return (change, cause)
        }.sorted { $0.change.start < $1.change.start }
    }

    /// What changed in the runs of `series` at `index`: a lasting cause, or settings or
    /// recordings for that night only (said on that night, not again on the next, when the runs
    /// are what they were); nothing for recordings new every night.
    static func changed(_ series: HistorySeries, at index: Int) -> String? {
        if let cause = series.cause(at: index) { return cause }
        let leftOut = series.isOneNightChange(at: index)
        let recordings = series.isOneNightRecordings(at: index)
        guard leftOut || recordings else { return nil }
        let rows = series.rows
        let names = HistorySeries.causes.filter { cause in
            cause.field == \HistoryRow.corpus ? recordings : rows[index][keyPath: cause.field] != rows[index - 1][keyPath: cause.field]
        }.map(\.new)
        return names.joined(separator: " and ") + " for this night only" + (leftOut ? " (left out of the search)" : "")
    }

    public static let header = ["policy", "network", "metric", "night", "run", "label", "time", "commit", "value", "ci_low", "ci_high",
                                "changed", "change", "change_ci_low", "change_ci_high", "change_cause"]

    /// `trend.csv`: a row per series and night; the change columns on a change's first night.
    public var csv: [UInt8] {
        var writer = CSVWriter(header: Self.header)
        for series in series {
            for (index, row) in series.series.rows.enumerated() {
                let change = series.changes.first { $0.change.start == index }
                writer.appendRow([row.policy, series.series.network, row.metric, String(series.series.nightNumbers[index]), row.run, row.label, row.time, row.commit,
                                  row.value, row.ciLow, row.ciHigh, series.nights[index].changed ?? "",
                                  change.map { String($0.change.size) } ?? "",
                                  change.map { String($0.change.low) } ?? "",
                                  change.map { String($0.change.high) } ?? "", change?.cause ?? ""])
            }
        }
        return writer.bytes
    }
}
