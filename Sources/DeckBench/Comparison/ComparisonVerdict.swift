import Foundation

/// What `deckbench compare` prints for people: the verdict on the first line, then each regression
/// with its change, its paired interval and the limit it crossed, then what got worse but passed,
/// what got better, and a count of the rest. Lines stay within `width` columns: networks are
/// named by preset (`lte`, `lte:loss=0.3`), or `net1`, `net2`… defined once above the lists.
public struct ComparisonVerdict: Sendable {
    /// Where a row of the comparison goes in the text.
    public enum Section: String, Sendable, CaseIterable {
        case regression = "Regressions"
        case worseWithinLimit = "Worse, within the limit"
        case worse = "Worse, no limit on it"
        case better = "Better"
        case withinNoise
        case missingAllowed = "Missing in the candidate (allowed by --allow-missing)"
        case newInCandidate = "New in the candidate"
        case unchanged
        case other
    }

    public let comparison: Comparison
    public let width: Int
    /// The name each network spec is shown by.
    public let networkNames: [String: String]
    /// Networks shown as `netN`, with their full spec, in order.
    public let networkDefinitions: [(name: String, spec: String)]
    private let keyMetrics: Set<String>
    private let limits: [String: Comparison.Threshold]

    public init(_ comparison: Comparison, limits: [Comparison.Threshold], schema: MetricSchema = .standard, width: Int = 120) {
        self.comparison = comparison
        self.width = width
        self.limits = Dictionary(limits.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
        keyMetrics = Set(schema.intervalColumns.map(\.name)).union(limits.map(\.metric))
        var names: [String: String] = [:]
        var definitions: [(String, String)] = []
        for row in comparison.rows where names[row.network] == nil {
            let short = NetworkModel.shortSpec(row.network)
            if short.count <= 24, !names.values.contains(short) {
                names[row.network] = short
            } else {
                let name = "net\(definitions.count + 1)"
                names[row.network] = name
                definitions.append((name, row.network))
            }
        }
        networkNames = names
        networkDefinitions = definitions
    }

    /// The section `row` belongs to.
    public func section(of row: Comparison.Row) -> Section {
        if comparison.isRegression(row) { return .regression }
        switch row.status {
        case .missingInCandidate: return .missingAllowed
        case .missingInBaseline: return .newInCandidate
        case .unchanged, .undefined: return .unchanged
        case .regression: return .regression
        case .better, .worse:
            guard keyMetrics.contains(row.metric) else { return .other }
            if row.status == .worse, limits[row.metric] != nil { return .worseWithinLimit }
            if let interval = row.changeInterval, interval.low <= 0, interval.high >= 0 { return .withinNoise }
            return row.status == .worse ? .worse : .better
        }
    }

    /// The first line: PASS or FAIL, and how many rows each kind of change holds.
    public var verdictLine: String {
        let counts = Dictionary(grouping: comparison.rows, by: section).mapValues(\.count)
        let regressions = counts[.regression] ?? 0
        var parts = ["\(regressions) regression" + (regressions == 1 ? "" : "s")]
        for (section, label) in [(Section.worseWithinLimit, "worse within the limit"), (.worse, "worse without a limit"),
                                 (.withinNoise, "within noise"), (.better, "better")] {
            if let count = counts[section], count > 0 { parts.append("\(count) \(label)") }
        }
        return (regressions > 0 ? "FAIL: " : "PASS: ") + parts[0] + (parts.count > 1 ? "; " + parts.dropFirst().joined(separator: ", ") : "")
    }

    /// The whole text, ending with a newline.
    public var text: String {
        var lines = [verdictLine]
        if !networkDefinitions.isEmpty {
            lines.append("")
            for (name, spec) in networkDefinitions { lines += Self.wrap("\(name) = \(spec)", width: width, indent: "  ") }
        }
        let sectioned = Dictionary(grouping: comparison.rows, by: section)
        for section in [Section.regression, .worseWithinLimit, .worse, .better, .missingAllowed, .newInCandidate] {
            guard let rows = sectioned[section], !rows.isEmpty else { continue }
            lines.append("")
            lines.append(section.rawValue + " (\(rows.count))")
            lines += list(rows)
        }
        let noise = sectioned[.withinNoise]?.count ?? 0
        let unchanged = sectioned[.unchanged]?.count ?? 0
        let other = sectioned[.other]?.count ?? 0
        lines.append("")
        if noise > 0 { lines.append("Within noise: \(noise) change\(noise == 1 ? "" : "s") whose 95 % paired interval holds 0.") }
        lines.append("Not listed: \(unchanged) unchanged; \(other) change\(other == 1 ? "" : "s") without a limit or an interval "
                     + "(--format table lists every row).")
        return lines.flatMap { Self.wrap($0, width: width, indent: "  ") }.joined(separator: "\n") + "\n"
    }

    /// Rows grouped by policy × network: a heading line per group, the metrics indented under it.
    private func list(_ rows: [Comparison.Row]) -> [String] {
        enum Line { case heading(String), metric(Int) }
        var table = TextTable(header: ["", "baseline", "candidate", "change", "95 % interval", "limit"])
        var lines: [Line] = []
        var group: String?
        for row in rows {
            let heading = "\(row.policy) on \(networkNames[row.network] ?? row.network)"
            if row.metric.isEmpty {
                lines.append(.heading(heading + ": " + row.status.rawValue))
                group = nil
                continue
            }
            if heading != group {
                group = heading
                lines.append(.heading(heading))
            }
            lines.append(.metric(table.rows.count))
            table.append(["  " + row.metric, row.baseline, row.candidate, change(row), interval(row), limits[row.metric]?.description ?? "—"])
        }
        let rendered = table.rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (table.rows.isEmpty ? [] : [rendered[0]]) + lines.flatMap { line -> [String] in
            switch line {
            case let .heading(text): Self.wrap(text, width: width, indent: "    ")
            case let .metric(index): [rendered[index + 1]]
            }
        }
    }

    /// A change in percent, with two decimals when one would round it to 0.
    private static func percent(_ value: Double) -> String {
        String(format: value != 0 && abs(value) < 0.05 ? "%+.2f" : "%+.1f", value)
    }

    private func change(_ row: Comparison.Row) -> String {
        if let percent = row.changePercent { return Self.percent(percent) + " %" }
        return row.change.map { ReportFormat.signedNumber($0) } ?? ""
    }

    /// The paired interval in the form of the limit: relative to the baseline for a `%` limit (or
    /// none), absolute otherwise or when the baseline is 0.
    private func interval(_ row: Comparison.Row) -> String {
        guard let interval = row.changeInterval else { return "" }
        let limit = limits[row.metric]
        if let base = Double(row.baseline), base != 0, limit?.relative ?? true {
            return Self.percent(interval.low / abs(base) * 100) + " … " + Self.percent(interval.high / abs(base) * 100) + " %"
        }
        return ReportFormat.signedNumber(interval.low) + " … " + ReportFormat.signedNumber(interval.high)
    }

    /// `line` cut at commas or spaces so that no piece is wider than `width`; later pieces indented.
    static func wrap(_ line: String, width: Int, indent: String) -> [String] {
        guard line.count > width else { return [line] }
        var pieces: [String] = []
        var rest = Substring(line)
        var prefix = ""
        while prefix.count + rest.count > width {
            let room = width - prefix.count
            let window = rest.prefix(room)
            let cut = window.lastIndex(where: { $0 == "," || $0 == " " }).map { rest.index(after: $0) } ?? window.endIndex
            pieces.append(prefix + rest[..<cut].trimmingSuffix())
            rest = rest[cut...].drop { $0 == " " }
            prefix = indent
        }
        if !rest.isEmpty { pieces.append(prefix + rest) }
        return pieces
    }
}

extension Substring {
    fileprivate func trimmingSuffix() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
