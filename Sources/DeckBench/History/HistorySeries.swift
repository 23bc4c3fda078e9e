/// One metric of one policy on one network, night by night, as a history holds it: the nights in
/// the order their runs were appended, with what made each.
///
/// The network is followed as `compare` pairs it (`NetworkSeries`): by its preset or kind (`lte`,
/// `trace`, `empirical`) whenever a run replays only one network of that name, so a job that
/// changes a parameter (`lte` → `lte:rtt_ms=200`) continues its series, and the change is a cause
/// ("a new network"), not a new series of one night. A run that replays two networks of one name
/// (`lte` and `lte:loss=0.3`) keeps each by its whole spec.
public struct HistorySeries: Sendable {
    public var policy: String
    /// The network's name in this series: its preset or kind, or its whole spec (see above).
    public var network: String
    public var metric: String
    public var rows: [HistoryRow]
    /// Each row's night in the whole history (1 for the history's first run): a series that
    /// begins later (a policy added) is said and drawn at the history's own nights.
    public var nightNumbers: [Int] = []

    /// Every series of `history`, in the order their first rows come.
    public static func all(_ history: HistoryFile) -> [HistorySeries] {
        var specsOf: [String: Set<String>] = [:]
        for row in history.rows { specsOf[row.run, default: []].insert(row.network) }
        let keysOf = specsOf.mapValues { NetworkSeries.keys($0) }
        var order: [String] = []
        var byKey: [String: Int] = [:]
        var series: [HistorySeries] = []
        var nightOf: [String: Int] = [:]
        for row in history.rows where nightOf[row.run] == nil { nightOf[row.run] = nightOf.count + 1 }
        for row in history.rows {
            let network = keysOf[row.run]?[row.network] ?? row.network
            let key = row.policy + "\u{1F}" + network + "\u{1F}" + row.metric
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = series.count
                series.append(HistorySeries(policy: row.policy, network: network, metric: row.metric, rows: []))
            }
            if let index = byKey[key] {
                series[index].rows.append(row)
                series[index].nightNumbers.append(nightOf[row.run] ?? 0)
            }
        }
        return series
    }

    /// The nights with a value, and their indices in `rows`. Nights that replayed the same
    /// recordings with the same seed and flags are of one draw (`ChangePointSearch.Night.draw`);
    /// a night written without its seed is a draw of its own.
    public var nights: [(row: Int, night: ChangePointSearch.Night)] {
        var draws: [String: Int] = [:]
        return rows.indices.compactMap { index in
            let row = rows[index]
            guard let value = Double(row.value) else { return nil }
            let key = [row.corpus, row.flags, row.seed].joined(separator: "\u{1F}")
            let draw = row.seed.isEmpty ? nil : draws[key] ?? { draws[key] = draws.count; return draws.count - 1 }()
            return (index, ChangePointSearch.Night(value: value, low: Double(row.ciLow), high: Double(row.ciHigh), draw: draw))
        }
    }

    /// The judged nights split where a cause is: the causes (each at an index into
    /// `judgedNights`) and the parts between them, as `history check` and the trend page judge them.
    public var parts: (causes: [(night: Int, cause: String)], ranges: [Range<Int>]) {
        let valued = judgedNights
        let causes = valued.indices.compactMap { index in cause(at: valued[index].row).map { (night: index, cause: $0) } }
        let bounds = [0] + causes.map(\.night) + [valued.count]
        return (causes, zip(bounds, bounds.dropFirst()).map { $0 ..< $1 }.filter { !$0.isEmpty })
    }

    /// The nights a change is searched and judged on: those with a value, less the nights whose
    /// runs had other settings for that night only.
    public var judgedNights: [(row: Int, night: ChangePointSearch.Night)] {
        nights.filter { !isOneNightChange(at: $0.row) }
    }

    /// What changed at `rows[index]` besides the code, if it lasted: the recordings, the flags, the
    /// network's parameters or DeckBench's version differ from the night before, and the next
    /// night has them too (tonight's new corpus cannot be told from one that is new every night).
    /// Recordings that are new on most nights (a job replaying each night's sessions, whose
    /// export may repeat a night) explain nothing. Flags, a network or a version that change again
    /// the next night (an item size grown a little every night) are a cause each night: the code
    /// is not blamed for a model that moves. A one-night change (`isOneNightChange`) and the night
    /// it is undone (the runs are again what they were) explain nothing. A change of two nights or
    /// more (a week on another network, or three nights) explains its step, and its undoing
    /// explains the step back: said as the earlier one's return ("the network of before") when the
    /// last 14 nights had it, so the try's nights are a part of their own and a later step of the
    /// code is judged on the nights after it.
    public func cause(at index: Int) -> String? {
        guard index > 0, index + 1 < rows.count else { return nil }
        let causes = Self.causes.compactMap { cause -> String? in
            let value = rows[index][keyPath: cause.field], previous = rows[index - 1][keyPath: cause.field]
            let next = rows[index + 1][keyPath: cause.field]
            // The night after a one-night change has what the night before it had: no cause.
            guard value != previous, index < 2 || rows[index - 2][keyPath: cause.field] != value else { return nil }
            if cause.field == \HistoryRow.corpus {
                guard next == value, !Self.changesMostNights(rows[max(0, index - 14) ..< index].map(\.corpus)) else { return nil }
            } else {
                guard next != previous else { return nil }
            }
            return rows[max(0, index - 14) ..< index].contains { $0[keyPath: cause.field] == value } ? cause.back : cause.new
        }
        return causes.isEmpty ? nil : causes.joined(separator: " and ")
    }

    /// Whether `values` change from one night to the next on at least half of the nights.
    static func changesMostNights(_ values: [String]) -> Bool {
        guard values.count >= 3 else { return false }
        let changes = zip(values, values.dropFirst()).count { $0 != $1 }
        return 2 * changes >= values.count - 1
    }

    /// Whether the runs of `rows[index]` differed for that night only in their flags, network or
    /// version (the nights before and after agree, and it differs from both): a night run under
    /// other settings, which measures something else and is left out of the nights judged.
    public func isOneNightChange(at index: Int) -> Bool {
        guard index > 0, index + 1 < rows.count else { return false }
        return Self.causes.contains { _, _, field in
            field != \HistoryRow.corpus && rows[index][keyPath: field] != rows[index - 1][keyPath: field]
                && rows[index + 1][keyPath: field] == rows[index - 1][keyPath: field]
        }
    }

    /// Whether the runs of `rows[index]` replayed other recordings for that night only: the
    /// nights before and after have the recordings most of the 14 nights before had, and it has
    /// others. Such a night measures the same code on other users, so it stays among the nights
    /// judged (the median keeps one wild night from making a change); the trend page marks it.
    /// Recordings new every night are not marked: the night before is then no usual one.
    public func isOneNightRecordings(at index: Int) -> Bool {
        guard index > 0, index + 1 < rows.count else { return false }
        let before = rows[index - 1].corpus
        return rows[index].corpus != before && rows[index + 1].corpus == before
            && Self.mostCommon(rows[max(0, index - 14) ..< index].map(\.corpus)) == before
    }

    /// The value most of `values` have (the latest of those tied).
    private static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return values.reversed().max { counts[$0, default: 0] < counts[$1, default: 0] }
    }

    /// What may change in the runs besides the code: as said when new and when it returns, and
    /// the column that says it.
    static var causes: [(new: String, back: String, field: KeyPath<HistoryRow, String>)] {
        [("new recordings", "the recordings of before", \.corpus), ("new flags", "the flags of before", \.flags),
         ("a new network", "the network of before", \.network), ("a new DeckBench version", "the DeckBench version of before", \.version)]
    }
}
