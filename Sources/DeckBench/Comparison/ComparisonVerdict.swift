import Foundation

/// What `deckbench compare` prints for people: the verdict on the first line (regressions,
/// inconclusive rows and rows confirmed within their limits), then each row with a limit under its
/// verdict with its change, its simultaneous interval, the limit and the smallest worsening the run
/// could have confirmed, then what moved without a limit. Lines stay within `width` columns:
/// networks are named by preset (`lte`, `lte:loss=0.3`), or `net1`, `net2`… defined once above
/// the lists.
package struct ComparisonVerdict: Sendable {
    /// Where a row of the comparison goes in the text.
    public enum Section: String, Sendable, CaseIterable {
        case regression = "Regressions"
        case inconclusive = "Inconclusive: the interval holds the limit, this run cannot tell"
        case within = "Within the limit: the whole interval inside it (or, for a row without one, the point)"
        case worse = "Worse, no limit on it"
        case better = "Better, no limit on it"
        case withinNoise
        case missingAllowed = "Missing in the candidate (allowed by --allow-missing)"
        case newInCandidate = "New in the candidate"
        case unchanged
        case other
    }

    public let comparison: Comparison
    public let width: Int
    /// Whether an inconclusive row fails the run (`compare --strict`).
    public let strict: Bool
    /// The name each network spec is shown by.
    public let networkNames: [String: String]
    /// Networks shown by a name that is not their short spec (`empirical: api.har`, a spec cut
    /// with an ellipsis), with their full spec, in order.
    public let networkDefinitions: [(name: String, spec: String)]
    private let keyMetrics: Set<String>
    private let limits: [String: Comparison.Threshold]

    public init(_ comparison: Comparison, limits: [Comparison.Threshold], schema: MetricSchema = .standard, width: Int = 120,
                strict: Bool = false) {
        self.init(comparison, limits: limits, schema: schema, width: width, strict: strict, names: [:])
    }

    /// `names` are names to show networks by (the report page's), before the verdict's own.
    public init(_ comparison: Comparison, limits: [Comparison.Threshold], schema: MetricSchema = .standard, width: Int = 120,
                strict: Bool = false, names given: [String: String]) {
        self.comparison = comparison
        self.width = width
        self.strict = strict
        self.limits = Dictionary(limits.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
        keyMetrics = Set(schema.intervalColumns.map(\.name)).union(limits.map(\.metric))
        var names: [String: String] = [:]
        var definitions: [(String, String)] = []
        for network in comparison.rows.flatMap({ [$0.network, $0.candidateNetwork].compactMap { $0 } }) where names[network] == nil {
            var name = NetworkModel.displayName(network, limit: 40)
            if let shown = given[network] {
                name = shown
            } else if names.values.contains(name) {
                name += " (\(names.count + 1))"
            }
            names[network] = name
            if name != NetworkModel.shortSpec(network) { definitions.append((name, network)) }
        }
        networkNames = names
        networkDefinitions = definitions
    }

    /// The network `row` was replayed on, by the name it is shown by: `lte → lte:rtt_ms=200` when
    /// the candidate replayed another spec of the baseline's network.
    public func network(of row: Comparison.Row) -> String {
        let baseline = networkNames[row.network] ?? row.network
        return row.candidateNetwork.map { baseline + " → " + (networkNames[$0] ?? $0) } ?? baseline
    }

    /// The section `row` belongs to.
    public func section(of row: Comparison.Row) -> Section {
        if comparison.isRegression(row) { return .regression }
        switch row.verdict {
        case .inconclusive: return .inconclusive
        case .within: return .within
        case .regression: return .regression
        case nil: break
        }
        switch row.status {
        case .missingInCandidate: return .missingAllowed
        case .missingInBaseline: return .newInCandidate
        case .unchanged, .undefined, .regression: return .unchanged
        case .better, .worse:
            guard keyMetrics.contains(row.metric) else { return .other }
            if let interval = row.changeInterval, interval.low <= 0, interval.high >= 0 { return .withinNoise }
            return row.status == .worse ? .worse : .better
        }
    }

    /// Whether the run fails: a regression, or under `strict` an inconclusive row or a limit that
    /// judged nothing because the baseline predates its column.
    public var fails: Bool {
        comparison.regressions > 0 || (strict && (comparison.inconclusive > 0 || !comparison.unjudgedLimits.isEmpty))
    }

    /// The first line: PASS or FAIL, the three verdicts' counts, then how many rows without a limit
    /// moved.
    public var verdictLine: String {
        let counts = Dictionary(grouping: comparison.rows, by: section).mapValues(\.count)
        let regressions = counts[.regression] ?? 0
        var head = (fails ? "FAIL" : "PASS") + (strict && regressions == 0 && fails ? " (--strict)" : "") + ": "
        head += "\(regressions) regression" + (regressions == 1 ? "" : "s")
        head += ", \(counts[.inconclusive] ?? 0) inconclusive, \(counts[.within] ?? 0) within"
        var parts: [String] = []
        for (section, label) in [(Section.worse, "worse without a limit"), (.withinNoise, "within noise"), (.better, "better without a limit")] {
            if let count = counts[section], count > 0 { parts.append("\(count) \(label)") }
        }
        let unjudged = comparison.unjudgedLimits
        if !unjudged.isEmpty {
            parts.append("\(unjudged.count) limit\(unjudged.count == 1 ? "" : "s") judged nothing (\(unjudged.joined(separator: ", ")): "
                + "the baseline predates \(unjudged.count == 1 ? "its column" : "their columns"))")
        }
        return head + (parts.isEmpty ? "" : "; " + parts.joined(separator: ", "))
    }

    /// What the verdict promises, in a sentence: the rows judged together and their error rates.
    public var promiseLine: String? {
        guard let critical = comparison.critical else { return nil }
        let level = Self.levelPercent(comparison.level)
        let error = String(format: "%g", ((1 - comparison.level) * 1_000).rounded() / 10)
        var line = "Limits judged together on one-sided simultaneous \(level) % bounds, a \(Self.levelPercent(comparison.intervalLevel)) % "
            + "simultaneous interval between them (\(critical.rows) row\(critical.rows == 1 ? "" : "s") varying; "
            + String(format: "%.2f below and %.2f above each estimate, in standard errors", critical.lower, critical.upper)
        if let replicates = comparison.replicatesJudged { line += ", \(replicates) replicates" }
        return line + "): with nothing changed a run fails at most about \(error) % of the time, and \"within\" is wrong at most as "
            + "often. A worsening smaller than a row's \"detectable\" is unlikely to be confirmed."
    }

    /// A share as a percentage without trailing zeros: 0.95 → "95", 0.975 → "97.5".
    private static func levelPercent(_ share: Double) -> String {
        String(format: "%g", (share * 10_000).rounded() / 100)
    }

    /// The simultaneous interval's column heading: its joint level named.
    private var intervalHeading: String {
        "simultaneous \(Self.levelPercent(comparison.intervalLevel)) % interval"
    }

    /// The whole text, ending with a newline.
    public var text: String {
        var lines = [verdictLine]
        if let promise = promiseLine { lines.append(promise) }
        if !networkDefinitions.isEmpty {
            lines.append("")
            for (name, spec) in networkDefinitions { lines += Self.wrap("\(name) = \(spec)", width: width, indent: "  ") }
        }
        let sectioned = Dictionary(grouping: comparison.rows, by: section)
        for section in [Section.regression, .inconclusive, .within, .worse, .better, .missingAllowed, .newInCandidate] {
            guard let rows = sectioned[section], !rows.isEmpty else { continue }
            lines.append("")
            lines.append(section.rawValue + " (\(rows.count))")
            lines += list(rows, judged: [.regression, .inconclusive, .within].contains(section))
        }
        let noise = sectioned[.withinNoise]?.count ?? 0
        let unchanged = sectioned[.unchanged]?.count ?? 0
        let other = sectioned[.other]?.count ?? 0
        lines.append("")
        if noise > 0 { lines.append("Within noise: \(noise) change\(noise == 1 ? "" : "s") without a limit whose 95 % paired interval holds 0.") }
        lines.append("Not listed: \(unchanged) unchanged; \(other) change\(other == 1 ? "" : "s") without a limit or an interval "
                     + "(--format table lists every row).")
        return lines.flatMap { Self.wrap($0, width: width, indent: "  ") }.joined(separator: "\n") + "\n"
    }

    /// Rows grouped by policy × network: a heading line per group, the metrics indented under it.
    /// Judged rows show their simultaneous interval and detectable change; the others their own
    /// 95 % paired interval.
    private func list(_ rows: [Comparison.Row], judged: Bool) -> [String] {
        enum Line { case heading(String), metric(Int) }
        let header = judged ? ["", "baseline", "candidate", "change", intervalHeading, "limit", "detectable"]
            : ["", "baseline", "candidate", "change", "95 % interval", "limit"]
        var table = TextTable(header: header)
        var lines: [Line] = []
        var group: String?
        for row in rows {
            let heading = "\(row.policy) on \(network(of: row))"
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
            let interval = judged
                ? (row.verdict == .inconclusive && row.standardError == 0 ? "no spread: noise not measured"
                    : row.simultaneousInterval.map { inLimitForm($0, row) } ?? (row.tooFewStalls ? "too few stalls to judge" : "(point)"))
                : (row.changeInterval.map { inLimitForm($0, row) } ?? "")
            var cells = ["  " + row.metric, row.baseline, row.candidate, change(row), interval, limits[row.metric]?.description ?? "—"]
            if judged { cells.append(row.detectableChange.map { detectable($0, row) } ?? "") }
            table.append(cells)
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

    /// The change in the form of the limit, as its interval.
    func change(_ row: Comparison.Row) -> String {
        if let percent = row.changePercent, relativeBase(row) != nil { return Self.percent(percent) + " %" }
        return row.change.map { ReportFormat.signedNumber($0) } ?? ""
    }

    /// An interval of the change in the form of the limit: relative to the baseline for a `%` limit
    /// (or none), absolute otherwise or when the baseline is 0.
    func inLimitForm(_ interval: (low: Double, high: Double), _ row: Comparison.Row) -> String {
        if let base = relativeBase(row) {
            // Every metric is 0 or more, so from a positive baseline no change is below −100 %: an
            // interval's end past it (its spread on a candidate near 0) is shown at it.
            let floor = (row.baselineValue ?? 0) > 0 ? -100.0 : -Double.infinity
            return Self.percent(max(floor, interval.low / base * 100)) + " … " + Self.percent(max(floor, interval.high / base * 100)) + " %"
        }
        return ReportFormat.signedNumber(interval.low) + " … " + ReportFormat.signedNumber(interval.high)
    }

    /// The detectable worsening in the form of the limit, signed as a change in the bad direction.
    func detectable(_ worsening: Double, _ row: Comparison.Row) -> String {
        let better = comparison.metrics.first { $0.name == row.metric }?.better ?? .lower
        let change = better == .lower ? worsening : -worsening
        if let base = relativeBase(row) { return Self.percent(change / base * 100) + " %" }
        return ReportFormat.signedNumber(change)
    }

    /// |baseline| when the row's changes read in percent of it.
    private func relativeBase(_ row: Comparison.Row) -> Double? {
        guard let base = row.baselineValue, base != 0, limits[row.metric]?.relative ?? true else { return nil }
        return abs(base)
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
