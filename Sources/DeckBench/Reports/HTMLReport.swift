import Foundation

/// `report.html`: one self-contained page (inline SVG and CSS, no script, no font or file from
/// the network) that a performance engineer reads in a minute: stall-time CDFs, the per-policy
/// table, the bytes-against-tail trade-off, the run's manifest and rejects, and optionally the
/// comparison with a baseline. Well-formed XML, so that it can be checked by a parser.
public struct HTMLReport: Sendable {
    public var reports: ReportFolder
    public var comparison: Comparison?
    /// The metrics of the per-policy table (`Metric.reported`).
    public var schema: MetricSchema

    public init(reports: ReportFolder, comparison: Comparison? = nil, schema: MetricSchema = .standard) {
        self.reports = reports
        self.comparison = comparison
        self.schema = schema
    }

    /// Okabe–Ito colours, distinguishable with every common colour-vision deficiency, each with a
    /// dash pattern so that series differ without colour too.
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4"]

    private var policies: [String] { unique(reports.summary.map { $0["policy"] ?? "" }) }
    private var networks: [String] { unique(reports.summary.map { $0["network"] ?? "" }) }

    public var html: String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>DeckBench report</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <h1>DeckBench report</h1>
            <p class="lead">\(reports.manifest.sessions) sessions × \(policies.count) policies × \(networks.count) networks, \
            seed \(reports.manifest.seed), DeckBench \(escape(reports.manifest.version)). \
            Rejected inputs: <strong>\(reports.rejects.count)</strong>.</p>

            """
        if let comparison {
            page += "<p class=\"lead\">Against the baseline: <strong>\(comparison.regressions) regression(s)</strong> "
                + "(<a href=\"#comparison\">comparison</a>).</p>\n"
        }
        for (index, network) in networks.enumerated() {
            page += "<h2>Network \(index + 1): <code>\(escape(network))</code></h2>\n"
            page += cdfChart(network: network)
            page += policyTable(network: network)
            page += paretoChart(network: network)
            for metric in [Metric.stallRate, Metric.bytesPerNavigation] { page += forestPlot(network: network, metric: metric) }
        }
        page += tradeOffChart()
        if let comparison { page += comparisonSection(comparison) }
        page += manifestSection()
        page += "</body>\n</html>\n"
        return page
    }

    // MARK: Stall CDF

    /// Fraction of navigations whose stall was at most x ms, x on a log axis from 1 ms; the
    /// curve starts at the share of navigations that did not stall.
    private func cdfChart(network: String) -> String {
        let series = policies.map { policy in
            (policy, reports.distributions.filter { $0["policy"] == policy && $0["network"] == network && $0["metric"] == Metric.stallMs.name }
                .compactMap { row -> (Double, Double)? in
                    guard let value = Double(row["value"] ?? ""), let fraction = Double(row["cumulative_fraction"] ?? "") else { return nil }
                    return (value, fraction)
                })
        }
        let largest = series.flatMap { $0.1.map(\.0) }.max() ?? 1
        let decades = max(1, Int(ceil(log10(max(largest, 10)))))
        let plot = Plot(width: 720, height: 300, left: 60, right: 190, top: 20, bottom: 50)
        func x(_ value: Double) -> Double { plot.x(log10(max(value, 1)) / Double(decades)) }
        func y(_ fraction: Double) -> Double { plot.y(fraction) }
        var svg = plot.open(label: "Stall time CDF on \(network)")
        for decade in 0 ... decades {
            let value = pow(10, Double(decade))
            svg += plot.verticalGrid(x(value), label: Self.milliseconds(value))
        }
        for tenth in stride(from: 0.0, through: 1.0, by: 0.2) {
            svg += plot.horizontalGrid(y(tenth), label: String(format: "%.1f", tenth))
        }
        svg += plot.axisTitles(x: "stall time per navigation (ms, log scale)", y: "fraction of navigations")
        for (index, (policy, points)) in series.enumerated() {
            var path = ""
            for (value, fraction) in points {
                let px = x(value)
                path += path.isEmpty ? "M\(f(px)) \(f(y(fraction)))" : " H\(f(px)) V\(f(y(fraction)))"
            }
            if !path.isEmpty { path += " H\(f(x(pow(10, Double(decades)))))" }
            svg += "<path class=\"cdf\" data-policy=\"\(escape(policy))\" data-points=\"\(points.count)\" d=\"\(path)\" "
                + "fill=\"none\" stroke=\"\(Self.palette[index % Self.palette.count])\" stroke-width=\"2\" "
                + "stroke-dasharray=\"\(Self.dashes[index % Self.dashes.count])\"/>\n"
            svg += plot.legend(index, text: policy, color: Self.palette[index % Self.palette.count],
                               dash: Self.dashes[index % Self.dashes.count])
        }
        return svg + "</svg>\n"
    }

    // MARK: Per-policy table

    private func policyTable(network: String) -> String {
        let columns = schema.reportedColumns
        var html = "<table class=\"numbers\"><thead><tr><th>policy</th>"
            + columns.map { "<th>\(escape($0.label))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in reports.summary where row["network"] == network {
            html += "<tr><td><code>\(escape(row["policy"] ?? ""))</code></td>"
            for (column, _) in columns {
                html += "<td data-column=\"\(column)\">\(escape(row[column] ?? ""))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    // MARK: Pareto front

    /// Stall rate against bytes per navigation for the policies of one network: every policy a
    /// point, the front (`pareto` = 1) joined by a line in order of bytes and labelled. With a
    /// sweep, this answers "which window size".
    private func paretoChart(network: String) -> String {
        let points = reports.summary.compactMap { row -> (policy: String, kilobytes: Double, rate: Double, front: Bool)? in
            guard row["network"] == network, let bytes = Double(row[Metric.bytesPerNavigation.name] ?? ""),
                  let rate = Double(row[Metric.stallRate.name] ?? "") else { return nil }
            return (row["policy"] ?? "", bytes / 1_000, rate, row["pareto"] == "1")
        }
        guard !points.isEmpty else { return "" }
        let plot = Plot(width: 720, height: 300, left: 60, right: 190, top: 20, bottom: 50)
        let maxX = Self.niceCeiling(points.map(\.kilobytes).max() ?? 1)
        let maxY = Self.niceCeiling(max(0.01, points.map(\.rate).max() ?? 0.01))
        var svg = "<p>The Pareto front: policies no other beats on both stall rate and bytes per navigation (the "
            + "<code>pareto</code> column), joined by a line and labelled; a grey point is beaten by one on the line.</p>\n"
        svg += plot.open(label: "Stall rate against bytes per navigation, with the Pareto front")
        for step in 0 ... 4 {
            svg += plot.verticalGrid(plot.x(Double(step) / 4), label: ReportFormat.number(maxX * Double(step) / 4))
            svg += plot.horizontalGrid(plot.y(Double(step) / 4), label: String(format: "%.1f %%", 100 * maxY * Double(step) / 4))
        }
        svg += plot.axisTitles(x: "bytes per navigation (kB)", y: "stall rate")
        let front = points.filter(\.front).sorted { ($0.kilobytes, -$0.rate) < ($1.kilobytes, -$1.rate) }
        let corners = front.map { "\(f(plot.x($0.kilobytes / maxX))),\(f(plot.y($0.rate / maxY)))" }
        if corners.count > 1 {
            svg += "<polyline class=\"pareto-line\" data-network=\"\(escape(network))\" points=\"\(corners.joined(separator: " "))\" fill=\"none\" stroke=\"#D55E00\" stroke-width=\"2\"/>\n"
        }
        for point in points where !point.front {
            svg += "<circle class=\"pareto-beaten\" data-network=\"\(escape(network))\" data-policy=\"\(escape(point.policy))\" cx=\"\(f(plot.x(point.kilobytes / maxX)))\" "
                + "cy=\"\(f(plot.y(point.rate / maxY)))\" r=\"3\" fill=\"#999\"/>\n"
        }
        for point in front {
            let px = plot.x(point.kilobytes / maxX)
            let py = plot.y(point.rate / maxY)
            svg += "<circle class=\"pareto-front\" data-network=\"\(escape(network))\" data-policy=\"\(escape(point.policy))\" cx=\"\(f(px))\" cy=\"\(f(py))\" r=\"5\" "
                + "fill=\"#D55E00\"/>\n<text x=\"\(f(px + 7))\" y=\"\(f(py - 7))\" class=\"small\">\(escape(Self.short(point.policy)))</text>\n"
        }
        return svg + "</svg>\n"
    }

    // MARK: Paired differences

    /// `paired.csv` for one network and metric as a forest plot: a row per pair of policies, the
    /// difference A − B as a dot, its 95 % interval as a bar, and zero as a line; a bar that
    /// misses the line is a difference that sampling noise does not explain.
    private func forestPlot(network: String, metric: Metric) -> String {
        let rows = reports.paired.compactMap { row -> (a: String, b: String, difference: Double, low: Double, high: Double)? in
            guard row["network"] == network, row["metric"] == metric.name, let difference = Double(row["difference"] ?? ""),
                  let low = Double(row["difference_ci_low"] ?? ""), let high = Double(row["difference_ci_high"] ?? "") else { return nil }
            return (row["policy_a"] ?? "", row["policy_b"] ?? "", difference, low, high)
        }
        guard !rows.isEmpty else { return "" }
        let scale = metric.unit == .ratio ? 100.0 : 1.0
        let unit = metric.unit == .ratio ? "points" : metric.unit.rawValue
        let reach = Self.niceCeiling(max(1e-9, rows.map { max(abs($0.low), abs($0.high)) }.max() ?? 1) * scale)
        let plot = Plot(width: 720, height: 50 + 24 * rows.count, left: 330, right: 30, top: 10, bottom: 40)
        func x(_ value: Double) -> Double { plot.x((value * scale + reach) / (2 * reach)) }
        var svg = "<p>Paired differences of <code>\(metric.name)</code> (A − B, \(unit); <code>paired.csv</code>): "
            + "the dot is the difference, the bar its 95 % interval over the same sessions; left of the line A is lower.</p>\n"
        svg += plot.open(label: "Paired differences of \(metric.name)")
        for step in 0 ... 4 {
            let value = -reach + 2 * reach * Double(step) / 4
            svg += plot.verticalGrid(plot.x(Double(step) / 4), label: ReportFormat.number(value))
        }
        svg += "<line class=\"zero\" x1=\"\(f(x(0)))\" y1=\"\(plot.top)\" x2=\"\(f(x(0)))\" y2=\"\(plot.height - plot.bottom)\" "
            + "stroke=\"#000\"/>\n"
        for (index, row) in rows.enumerated() {
            let y = Double(plot.top + 22 + 24 * index)
            svg += "<text x=\"\(plot.left - 8)\" y=\"\(f(y + 4))\" text-anchor=\"end\" class=\"small\">"
                + "\(escape(Self.short(row.a))) − \(escape(Self.short(row.b)))</text>\n"
            svg += "<line class=\"interval\" data-network=\"\(escape(network))\" data-metric=\"\(metric.name)\" "
                + "x1=\"\(f(x(row.low)))\" y1=\"\(f(y))\" x2=\"\(f(x(row.high)))\" y2=\"\(f(y))\" stroke=\"#0072B2\" stroke-width=\"3\"/>"
                + "<circle cx=\"\(f(x(row.difference)))\" cy=\"\(f(y))\" r=\"4\" fill=\"#D55E00\"/>\n"
        }
        return svg + "</svg>\n"
    }

    // MARK: Trade-off

    /// Bytes per navigation against p99 stall: one point per policy × network; colour and marker
    /// by policy, a label by network number.
    private func tradeOffChart() -> String {
        let points = reports.summary.compactMap { row -> (String, String, Double, Double)? in
            guard let bytes = Double(row[Metric.bytesPerNavigation.name] ?? ""), let p99 = Double(row[Metric.stallMs.column(.p99)] ?? "")
            else { return nil }
            return (row["policy"] ?? "", row["network"] ?? "", bytes / 1_000, p99)
        }
        let plot = Plot(width: 720, height: 320, left: 60, right: 190, top: 20, bottom: 50)
        let maxX = Self.niceCeiling(points.map(\.2).max() ?? 1)
        // p99 stalls span orders of magnitude across networks: a log axis, whole decades.
        let lowDecade = floor(log10(max(1, points.map(\.3).filter { $0 > 0 }.min() ?? 1)))
        let highDecade = max(lowDecade + 1, ceil(log10(max(1, points.map(\.3).max() ?? 1))))
        func yShare(_ p99: Double) -> Double { (log10(max(p99, pow(10, lowDecade))) - lowDecade) / (highDecade - lowDecade) }
        var svg = "<h2>Trade-off: bytes against the tail</h2>\n"
            + "<p>Lower left is better: fewer kilobytes per navigation and a shorter p99 stall (log scale). "
            + "Numbers beside the points are the networks above.</p>\n"
        svg += plot.open(label: "Bytes per navigation against p99 stall")
        for step in 0 ... 4 {
            let xValue = maxX * Double(step) / 4
            svg += plot.verticalGrid(plot.x(xValue / maxX), label: ReportFormat.number(xValue))
        }
        for decade in Int(lowDecade) ... Int(highDecade) {
            let value = pow(10, Double(decade))
            svg += plot.horizontalGrid(plot.y(yShare(value)), label: Self.milliseconds(value))
        }
        svg += plot.axisTitles(x: "bytes per navigation (kB)", y: "p99 stall (log scale)")
        for (policy, network, kilobytes, p99) in points {
            let index = policies.firstIndex(of: policy) ?? 0
            let color = Self.palette[index % Self.palette.count]
            let px = plot.x(kilobytes / maxX)
            let py = plot.y(yShare(p99))
            svg += Self.marker(index, x: px, y: py, color: color, policy: policy, network: network)
            svg += "<text x=\"\(f(px + 8))\" y=\"\(f(py - 6))\" class=\"small\">\((networks.firstIndex(of: network) ?? 0) + 1)</text>\n"
        }
        for (index, policy) in policies.enumerated() {
            let color = Self.palette[index % Self.palette.count]
            let y = Double(plot.top + 10 + index * 20)
            svg += Self.marker(index, x: Double(plot.width - plot.right + 20), y: y, color: color, policy: policy, network: nil)
            svg += "<text x=\"\(plot.width - plot.right + 32)\" y=\"\(f(y + 4))\" class=\"small\">\(escape(Self.short(policy)))</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func marker(_ index: Int, x: Double, y: Double, color: String, policy: String, network: String?) -> String {
        let data = network.map { " class=\"point\" data-policy=\"\(escapeText(policy))\" data-network=\"\(escapeText($0))\"" } ?? ""
        switch index % 3 {
        case 0:
            return "<circle\(data) cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"5\" fill=\"\(color)\"/>\n"
        case 1:
            return "<rect\(data) x=\"\(fmt(x - 5))\" y=\"\(fmt(y - 5))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>\n"
        default:
            return "<path\(data) d=\"M\(fmt(x)) \(fmt(y - 6)) L\(fmt(x + 6)) \(fmt(y + 5)) L\(fmt(x - 6)) \(fmt(y + 5)) Z\" fill=\"\(color)\"/>\n"
        }
    }

    // MARK: Comparison and manifest

    private func comparisonSection(_ comparison: Comparison) -> String {
        // Regressions, rows missing on one side, and changes of 5 % or more; compare.csv has all.
        let shown = comparison.rows.filter { row in
            switch row.status {
            case .regression, .missingInBaseline, .missingInCandidate: true
            case .better, .worse: abs(row.changePercent ?? 100) >= 5
            case .unchanged, .undefined: false
            }
        }
        var html = "<h2 id=\"comparison\">Compared with the baseline</h2>\n<p><strong>\(comparison.regressions) regression(s)</strong>: rows marked "
            + "REGRESSION crossed a threshold. Listed: regressions, rows missing on one side, and changes of 5 % or more "
            + "(\(shown.count) of \(comparison.rows.count) comparisons; `deckbench compare` writes them all). "
            + "Networks are numbered as in the sections below.</p>\n"
            + "<table class=\"numbers\"><thead><tr><th>policy</th><th>network</th><th>metric</th><th>baseline</th>"
            + "<th>candidate</th><th>change</th><th>limit</th><th>status</th></tr></thead><tbody>\n"
        for row in shown {
            let change = row.changePercent.map { String(format: "%+.1f%%", $0) } ?? row.change.map(ReportFormat.number) ?? ""
            let status = row.status == .regression ? "REGRESSION" : row.status.rawValue
            let network = networks.firstIndex(of: row.network).map { "\($0 + 1)" } ?? row.network
            html += "<tr class=\"\(row.status == .regression ? "regression" : row.status == .better ? "better" : "plain")\">"
                + [Self.short(row.policy), network, row.metric, row.baseline, row.candidate, change, row.threshold, status]
                .map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private func manifestSection() -> String {
        let manifest = reports.manifest
        var html = "<h2>Run</h2>\n<table class=\"facts\"><tbody>\n"
        let facts: [(String, String)] = [
            ("command", manifest.command.joined(separator: " ")), ("version", manifest.version), ("seed", String(manifest.seed)),
            ("content", "\(manifest.content.items) items × \(manifest.content.itemBytes) bytes, "
                + "\(ReportFormat.number(manifest.content.churnPerHour)) changes/hour on the newest page"),
            ("max age", "\(manifest.maxAgeMs) ms"), ("user waits", manifest.userWaits == true ? "yes (closed-loop)" : "no (open-loop)"), ("policies", manifest.policies.joined(separator: "; ")),
            ("networks", manifest.networks.joined(separator: "; ")),
            ("sessions", String(manifest.sessions)), ("replays", String(manifest.replays)), ("rejects", String(manifest.rejects)),
        ]
        for (name, value) in facts { html += "<tr><th>\(name)</th><td>\(escape(value))</td></tr>\n" }
        html += "</tbody></table>\n<table class=\"numbers\"><thead><tr><th>input</th><th>sessions</th><th>rejects</th>"
            + "<th>lines</th><th>bytes</th></tr></thead><tbody>\n"
        for input in manifest.inputs {
            html += "<tr><td><code>\(escape(input.file))</code></td><td>\(input.sessions)</td><td>\(input.rejects)</td>"
                + "<td>\(input.lines)</td><td>\(input.bytes)</td></tr>\n"
        }
        html += "</tbody></table>\n"
        if !reports.rejects.isEmpty {
            html += "<h2>Rejected inputs (\(reports.rejects.count))</h2>\n<table class=\"rejects\"><thead><tr><th>file</th>"
                + "<th>line</th><th>session</th><th>reason</th></tr></thead><tbody>\n"
            for reject in reports.rejects.prefix(200) {
                html += "<tr>" + ["file", "line", "session", "reason"].map { "<td>\(escape(reject[$0] ?? ""))</td>" }.joined() + "</tr>\n"
            }
            if reports.rejects.count > 200 { html += "<tr><td colspan=\"4\">… and \(reports.rejects.count - 200) more in rejects.csv</td></tr>\n" }
            html += "</tbody></table>\n"
        }
        return html
    }

    // MARK: Helpers

    /// A chart's frame: pixel positions of the plotting area inside an SVG.
    private struct Plot {
        var width: Int
        var height: Int
        var left: Int
        var right: Int
        var top: Int
        var bottom: Int

        func x(_ share: Double) -> Double { Double(left) + share * Double(width - left - right) }
        func y(_ share: Double) -> Double { Double(height - bottom) - share * Double(height - top - bottom) }

        func open(label: String) -> String {
            "<svg class=\"chart\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
                + "aria-label=\"\(escapeText(label))\">\n<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width - left - right)\" "
                + "height=\"\(height - top - bottom)\" fill=\"none\" stroke=\"#999\"/>\n"
        }

        func verticalGrid(_ x: Double, label: String) -> String {
            "<line x1=\"\(fmt(x))\" y1=\"\(top)\" x2=\"\(fmt(x))\" y2=\"\(height - bottom)\" stroke=\"#ddd\"/>"
                + "<text x=\"\(fmt(x))\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\" class=\"small\">\(escapeText(label))</text>\n"
        }

        func horizontalGrid(_ y: Double, label: String) -> String {
            "<line x1=\"\(left)\" y1=\"\(fmt(y))\" x2=\"\(width - right)\" y2=\"\(fmt(y))\" stroke=\"#ddd\"/>"
                + "<text x=\"\(left - 6)\" y=\"\(fmt(y + 4))\" text-anchor=\"end\" class=\"small\">\(escapeText(label))</text>\n"
        }

        func axisTitles(x: String, y: String) -> String {
            let middleX = Double(left + width - right) / 2
            let middleY = Double(top + height - bottom) / 2
            return "<text x=\"\(fmt(middleX))\" y=\"\(height - 12)\" text-anchor=\"middle\">\(escapeText(x))</text>\n"
                + "<text transform=\"translate(16 \(fmt(middleY))) rotate(-90)\" text-anchor=\"middle\">\(escapeText(y))</text>\n"
        }

        func legend(_ index: Int, text: String, color: String, dash: String) -> String {
            let x = width - right + 12
            let y = top + 10 + index * 20
            return "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x + 26)\" y2=\"\(y)\" stroke=\"\(color)\" stroke-width=\"2\" "
                + "stroke-dasharray=\"\(dash)\"/><text x=\"\(x + 32)\" y=\"\(y + 4)\" class=\"small\">\(escapeText(HTMLReport.short(text)))</text>\n"
        }
    }

    /// A policy spec short enough for a legend.
    static func short(_ spec: String) -> String { spec.count > 24 ? String(spec.prefix(23)) + "…" : spec }

    private static func milliseconds(_ value: Double) -> String {
        value >= 1_000 ? "\(ReportFormat.number(value / 1_000)) s" : "\(ReportFormat.number(value)) ms"
    }

    /// 1, 2 or 5 × a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        for factor in [1.0, 2, 5, 10] where factor * power >= value { return factor * power }
        return 10 * power
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    private func escape(_ text: String) -> String { escapeText(text) }

    private func f(_ value: Double) -> String { fmt(value) }

    static let css = """
        body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:980px}\
        h2 code,td{overflow-wrap:anywhere;word-break:break-word}\
        h1{font-size:22px}h2{font-size:17px;margin-top:28px}code{font-size:12px}\
        .lead{font-size:15px}.small{font-size:11px}svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#222}\
        table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px}\
        table.numbers td{text-align:right}table.numbers td:first-child{text-align:left}th{background:#f3f3f3}\
        tr.regression td{background:#fbe3d6;font-weight:bold}tr.better td{background:#e3f0f7}\
        table.facts th{text-align:left;width:110px}table.rejects td{text-align:left}
        """
}

/// Text escaped for XML and HTML.
func escapeText(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.append(character)
        }
    }
    return result
}

/// A coordinate with one decimal.
func fmt(_ value: Double) -> String { String(format: "%.1f", value) }
