/// What the trend page shows, series by series: each night's value and interval, what changed in
/// the runs that night (recordings, flags, version), and the change points the search finds in the
/// whole series (`ChangePointSearch.changes`), each with its size, interval and the cause that
/// explains it, if any. `trend.csv` is this table.
public struct HistoryTrend: Sendable {
    public struct Series: Sendable {
        public var series: HistorySeries
        /// Per row of the series: the night's value (nil when the run has none) and what changed that night.
        public var nights: [(value: ChangePointSearch.Night?, changed: String?)]
        /// The changes, their `start` an index into `series.rows`, with the lasting cause at their start.
        public var changes: [(change: ChangePointSearch.Change, cause: String?)]
    }

    public var series: [Series]

    public init(_ history: HistoryFile, search: ChangePointSearch = ChangePointSearch()) {
        series = HistorySeries.all(history).map { series in
            let valued = series.nights
            var nights: [(value: ChangePointSearch.Night?, changed: String?)] = series.rows.indices.map { (nil, Self.changed(series, at: $0)) }
            for (row, night) in valued { nights[row].value = night }
            let changes = search.changes(valued.map(\.night)).map { change in
                var change = change
                change.start = valued[change.start].row
                return (change, series.cause(at: change.start))
            }
            return Series(series: series, nights: nights, changes: changes)
        }
    }

    /// What differs from the night before in the runs of `series` at `index` (whether or not it
    /// lasted); a kind of change that happens on most nights (new recordings every night) is no news.
    static func changed(_ series: HistorySeries, at index: Int) -> String? {
        guard index > 0 else { return nil }
        let rows = series.rows
        let names = HistorySeries.causes.filter { _, field in
            let changes = rows.indices.dropFirst().count { rows[$0][keyPath: field] != rows[$0 - 1][keyPath: field] }
            return rows[index][keyPath: field] != rows[index - 1][keyPath: field] && changes * 2 <= rows.count - 1
        }.map(\.0)
        return names.isEmpty ? nil : names.joined(separator: " and ")
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
