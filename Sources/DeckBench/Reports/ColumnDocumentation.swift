/// The column tables of reports/README.md for `summary.csv` and `sessions.csv`, written from a
/// schema so that the docs cannot drift from the files: a test compares them with the README, and
/// `make docs` writes them into it.
enum ColumnDocumentation {
    /// The line before a generated table in the README; `name` is the file it documents.
    public static func beginMarker(_ name: String) -> String {
        "<!-- \(name) columns: generated from Metric.standardList by `make docs`; a test checks them -->"
    }

    public static let endMarker = "<!-- end of generated columns -->"

    /// The `summary.csv` table.
    public static func summary(_ schema: MetricSchema) -> String {
        var lines = header
        lines.append("| `policy` | | | the policy's full spec, every parameter written out (`fixed:radius=1`) |")
        lines.append("| `network` | | | the network's full spec (`lte:rtt_ms=150,jitter=0.3,downlink_kbps=1638.4,connections=4,server_ms=0`) |")
        for metric in schema.metrics where metric.summary != nil {
            let columns = metric.summaryColumns.map { "`\($0)`" }
            let names = columns.count == 1
                ? columns[0]
                : ([columns[0]] + Metric.Statistic.allCases.dropFirst().map { "`_\($0.rawValue)`" }).joined(separator: ", ")
            lines.append(row(names, metric, meaning: metric.meaning))
            for column in IntervalColumn.of(metric) {
                let digits = switch column.statistic {
                case .ratio: "four decimals"
                case .stallTailMean: "four decimals, read from bins 1.5–3 % wide"
                case .stallPercentile: "whole ms, read from bins 1.5–3 % wide"
                }
                lines.append("| `\(column.name)_ci_low`, `_ci_high` | \(metric.unit.rawValue) | | the 95 % interval of `\(column.name)`, "
                    + "\(digits): bootstrap over sessions, with `--bootstrap N` > 0 (the default; docs/STATISTICS.md) |")
            }
        }
        lines.append("| `pareto` | | | 1 when no other policy on the same network beats this one on both `stall_rate` and "
            + "`bytes_per_navigation` (no worse on both, better on one, compared exactly), 0 when one does, empty without navigations: "
            + "the trade-offs worth choosing between |")
        lines.append("")
        lines.append("`deckbench compare` judges " + schema.comparedColumns.map { "`\($0.name)`" }.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `sessions.csv` table.
    public static func sessions(_ schema: MetricSchema) -> String {
        var lines = header
        lines.append("| `file`, `session` | | | the recording file and the session id: the row's key, with `policy` and `network` |")
        lines.append("| `policy`, `network` | | | full specs, as in `summary.csv` |")
        for metric in schema.metrics where metric.session != nil {
            lines.append(row("`\(metric.name)`", metric, meaning: metric.sessionMeaning ?? metric.meaning))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with the tables between its markers replaced by those of `schema`; nil when a marker is missing.
    public static func updating(_ text: String, schema: MetricSchema) -> String? {
        var result = text
        for (name, table) in [("summary.csv", summary(schema)), ("sessions.csv", sessions(schema))] {
            guard let begin = result.range(of: beginMarker(name) + "\n"),
                  let end = result.range(of: endMarker, range: begin.upperBound ..< result.endIndex)
            else { return nil }
            result.replaceSubrange(begin.upperBound ..< end.lowerBound, with: table)
        }
        return result
    }

    private static let header = ["| column | unit | better | meaning |", "|---|---|---|---|"]

    private static func row(_ names: String, _ metric: Metric, meaning: String) -> String {
        "| " + [names, metric.unit.rawValue, metric.better?.rawValue ?? "", meaning].map { $0.isEmpty ? "" : $0 + " " }.joined(separator: "| ") + "|"
    }
}
