/// One metric of one policy on one network, night by night, as a history holds it: the nights in
/// the order their runs were appended, with what made each.
public struct HistorySeries: Sendable {
    public var policy: String
    public var network: String
    public var metric: String
    public var rows: [HistoryRow]

    /// Every series of `history`, in the order their first rows come.
    public static func all(_ history: HistoryFile) -> [HistorySeries] {
        var order: [String] = []
        var byKey: [String: HistorySeries] = [:]
        for row in history.rows {
            let key = row.policy + "\u{1F}" + row.network + "\u{1F}" + row.metric
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = HistorySeries(policy: row.policy, network: row.network, metric: row.metric, rows: [])
            }
            byKey[key]!.rows.append(row)
        }
        return order.map { byKey[$0]! }
    }

    /// The nights with a value, and their indices in `rows`.
    public var nights: [(row: Int, night: ChangePointSearch.Night)] {
        rows.indices.compactMap { index in
            let row = rows[index]
            guard let value = Double(row.value) else { return nil }
            return (index, ChangePointSearch.Night(value: value, low: Double(row.ciLow), high: Double(row.ciHigh)))
        }
    }

    /// What changed at `rows[index]` besides the code, if it lasted: the recordings, the flags or
    /// DeckBench's version differ from the night before and stay as they are for the nights after.
    /// A corpus that changes every night explains nothing.
    public func cause(at index: Int) -> String? {
        guard index > 0 else { return nil }
        let checks: [(String, KeyPath<HistoryRow, String>)] = [("new recordings", \.corpus), ("new flags", \.flags),
                                                              ("a new DeckBench version", \.version)]
        let causes = checks.compactMap { name, field -> String? in
            let value = rows[index][keyPath: field]
            guard value != rows[index - 1][keyPath: field], rows[index...].allSatisfy({ $0[keyPath: field] == value }) else { return nil }
            return name
        }
        return causes.isEmpty ? nil : causes.joined(separator: " and ")
    }
}
