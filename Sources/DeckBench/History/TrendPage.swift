import Foundation

/// `trend.html`: a history night by night, one self-contained page (inline SVG and CSS), that
/// answers "what changed?" first: a table of every change point (the series, its night, its size
/// and interval, and what explains it, the unexplained first), each linked to its chart. Then,
/// per metric, a chart per policy × network on the history's own nights (1 to the last, shared by
/// every chart, so a series that begins later begins at its night): each night's value with its
/// 95 % interval as a band, a dashed line where a change starts (its size and interval above it,
/// and the cause that explains it when the recordings, flags, network or version changed there;
/// grey when explained, red for the worse, green for the better),
/// and a grey triangle on every night whose runs changed in one of those ways. A metric with one
/// series draws it at full width; more fill a grid of small multiples.
public struct TrendPage: Sendable {
    public var trend: HistoryTrend
    public var runs: Int
    /// `history check`'s verdict, drawn when the page is asked for it (`history report --max-increase …`).
    public var check: Check?

    /// The check the page draws: its limits and what it said.
    public struct Check: Sendable {
        public var limits: [Comparison.Threshold]
        public var findings: [HistoryCheck.Finding]
        /// The check's last line as `history check` prints it (nights, series, verdict, what is too
        /// short to judge); nil: the verdict alone.
        public var summary: String?

        public init(limits: [Comparison.Threshold], findings: [HistoryCheck.Finding], summary: String? = nil) {
            self.limits = limits
            self.findings = findings
            self.summary = summary
        }

        /// The findings of `series`.
        func findings(of series: HistorySeries) -> [HistoryCheck.Finding] {
            findings.filter { $0.series.policy == series.policy && $0.series.network == series.network && $0.series.metric == series.metric }
        }
    }

    public init(trend: HistoryTrend, runs: Int, check: Check? = nil) {
        self.trend = trend
        self.runs = runs
        self.check = check
    }

    public var html: String {
        var page = Markup()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", [("lang", "en")])
        page.wrap("head") { head in
            head.element("meta", [("charset", "utf-8")])
            head.element("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
            head.element("title", [], "DeckBench trend")
            head.code("style", HTMLReport.css + Self.css)
        }
        page.open("body")
        page.element("h1", [], "DeckBench trend")
        let found = trend.series.reduce(0) { $0 + $1.changes.count }
        page.paragraph("\(Self.count(runs, "night")), \(trend.series.count) series, \(Self.count(found, "change point")) (interval "
            + "excluding no change; a dashed line where each starts). A grey triangle marks a night whose runs had new recordings, new flags, a new network or a new "
            + "version (recordings new on most nights, as a job replaying each night's sessions has them, are not marked).",
            [("class", "lead")])
        if let check { page.append(Self.checkSection(check, trend: trend)) }
        page.append(index)
        var metrics: [String] = []
        for series in trend.series where !metrics.contains(series.series.metric) { metrics.append(series.series.metric) }
        for metric in metrics {
            page.element("h2", [], metric)
            let members = trend.series.enumerated().filter { $0.element.series.metric == metric }
            page.open("div", [("class", members.count > 1 ? "trend-grid" : "trend-wide")])
            for (number, series) in members {
                page.open("div", [("class", "trend-cell"), ("id", Self.anchor(number))])
                page.element("h3", [], "\(series.series.policy) on \(series.series.network)")
                let findings = check?.findings(of: series.series) ?? []
                let limit = check?.limits.first { $0.metric == series.series.metric }
                page.append(Self.chart(series, nights: runs, marks: Self.marks(series, findings: findings, limit: limit)))
                for (change, cause) in series.changes {
                    page.paragraph("From night \(series.series.nightNumbers[change.start]) (\(Self.name(series, change))): "
                        + "\(Self.change(change.size, series)) (95 % CI \(Self.change(change.low, series)) … \(Self.change(change.high, series))) "
                        + "from \(Self.level(change.baseline, series))" + (cause.map { "; explained by \($0)" } ?? "; not explained by the "
                        + "recordings, flags, network or version: the code, or the world it measures"), [("class", "note")])
                }
                for finding in findings {
                    page.paragraph("The check: " + finding.line, [("class", finding.fails ? "note check-fail" : "note")])
                }
                page.close("div")
            }
            page.close("div")
        }
        page.close("body")
        page.close("html")
        page.raw("\n")
        return page.text
    }

    /// "What changed": every change point, the unexplained first, then by night; or a line that
    /// says there is none.
    var index: Markup {
        var markup = Markup()
        markup.element("h2", [], "What changed")
        let rows = trend.series.enumerated().flatMap { number, series in
            series.changes.map { (number: number, series: series, change: $0.change, cause: $0.cause) }
        }.sorted { ($0.cause != nil ? 1 : 0, $0.series.series.nightNumbers[$0.change.start], $0.number)
            < ($1.cause != nil ? 1 : 0, $1.series.series.nightNumbers[$1.change.start], $1.number) }
        guard !rows.isEmpty else {
            markup.paragraph("No change point in any series.", [("class", "note")])
            return markup
        }
        markup.open("div", [("class", "scroll")])
        markup.open("table", [("class", "trend-index")])
        markup.wrap("tr") { row in
            for header in ["metric", "policy", "network", "from night", "change (95 % CI)", "explained by"] { row.element("th", [], header) }
        }
        for entry in rows {
            let series = entry.series.series
            let worse = Self.isWorsening(entry.change, entry.series)
            markup.wrap("tr", entry.cause == nil ? [("class", worse ? "unexplained" : "improved")] : []) { row in
                row.wrap("td") { $0.element("a", [("href", "#" + Self.anchor(entry.number))], series.metric) }
                row.element("td", [], series.policy)
                row.element("td", [], series.network)
                row.element("td", [], "\(series.nightNumbers[entry.change.start]) (\(Self.name(entry.series, entry.change)))")
                row.element("td", [], "\(Self.change(entry.change.size, entry.series)) (\(Self.change(entry.change.low, entry.series)) … "
                    + "\(Self.change(entry.change.high, entry.series)))")
                row.element("td", [], entry.cause ?? (worse ? "nothing: the code, or the world it measures" : "nothing (an improvement)"))
            }
        }
        markup.close("table")
        markup.close("div")
        return markup
    }

    /// "The check": its limits, its verdict, and each change it said, linked to its chart.
    static func checkSection(_ check: Check, trend: HistoryTrend) -> Markup {
        var markup = Markup()
        markup.element("h2", [], "The check")
        let failed = check.findings.filter(\.fails).count
        let limits = check.limits.map { "\($0.metric) \($0.relative ? "\(ReportFormat.number($0.amount)) %" : HistoryCheck.number($0.amount))" }
        markup.paragraph("history check, limits \(limits.joined(separator: ", ")): " + (failed > 0 ? "FAIL, " : "pass, ")
            + (check.summary ?? HistoryCheck.verdict(failed: failed)) + ". A limit is drawn on each chart it judges, dashed in orange: from the level "
            + "before a change the check said, or else from the mean of the last 14 nights; a creep the check said is drawn as its "
            + "fitted rise.", [("class", failed > 0 ? "lead check-fail" : "lead")])
        guard !check.findings.isEmpty else { return markup }
        markup.open("div", [("class", "scroll")])
        markup.open("table", [("class", "trend-index")])
        markup.wrap("tr") { row in
            for header in ["verdict", "metric", "policy", "network", "since", "change (95 % CI)", "limit", "detectable"] { row.element("th", [], header) }
        }
        for finding in check.findings {
            let number = trend.series.firstIndex { $0.series.policy == finding.series.policy && $0.series.network == finding.series.network
                && $0.series.metric == finding.series.metric }
            let series = number.map { trend.series[$0] }
            markup.wrap("tr", [("class", finding.fails ? "unexplained" : finding.cause == nil ? "unconfirmed" : "")]) { row in
                row.element("td", [], finding.verdictWord)
                row.wrap("td") { cell in
                    if let number { cell.element("a", [("href", "#" + Self.anchor(number))], finding.series.metric) } else { cell.write(finding.series.metric) }
                }
                row.element("td", [], finding.series.policy)
                row.element("td", [], finding.series.network)
                row.element("td", [], series.map { series in finding.since { Self.change($0, series) } } ?? finding.since)
                row.element("td", [], series.map { "\(Self.change(finding.size, $0)) (\(Self.change(finding.low, $0)) … \(Self.change(finding.high, $0)))" }
                    ?? "\(HistoryCheck.signed(finding.size))")
                row.element("td", [], series.map { Self.change(finding.limit, $0, signed: false) } ?? HistoryCheck.number(finding.limit))
                row.element("td", [], series.map { Self.change(finding.detectable, $0, signed: false) } ?? HistoryCheck.number(finding.detectable))
            }
        }
        markup.close("table")
        markup.close("div")
        return markup
    }

    /// What the check draws on a chart: limit lines (from night, to night, value) and creeps'
    /// fitted rises (from night and value to night and value), in the metric's own values.
    struct Marks {
        var limits: [(from: Double, to: Double, value: Double)] = []
        var creeps: [(from: Double, start: Double, to: Double, end: Double, fails: Bool)] = []
    }

    /// The marks of `series`: for each finding, its limit from its night on and, for a creep,
    /// its rise; with no finding, the limit from the mean of the last 14 nights judged.
    static func marks(_ series: HistoryTrend.Series, findings: [HistoryCheck.Finding], limit: Comparison.Threshold?) -> Marks {
        var marks = Marks()
        let numbers = series.series.nightNumbers
        guard let limit, let last = numbers.last else { return marks }
        let direction = series.betterLower ? 1.0 : -1.0
        for finding in findings {
            // The search judged the nights in the metric's worse direction: its baseline is negated for a metric better higher.
            let baseline = direction * finding.change.baseline
            let from = Double(numbers[finding.startRow])
            marks.limits.append((from - 1, Double(last), baseline + direction * finding.limit))
            if case .creep = finding.change.shape {
                marks.creeps.append((from - 1, baseline, Double(last), baseline + finding.size, finding.fails))
            }
        }
        if findings.isEmpty {
            let recent = series.series.judgedNights.suffix(14).map(\.night.value)
            guard !recent.isEmpty else { return marks }
            let level = recent.reduce(0, +) / Double(recent.count)
            let allowed = limit.relative ? limit.amount / 100 * abs(level) : limit.amount
            let first = series.series.judgedNights.suffix(14).first.map { Double(numbers[$0.row]) } ?? 1
            marks.limits.append((first, Double(last), level + direction * allowed))
        }
        return marks
    }

    /// A level as the report shows it: a share in %, else as written.
    static func level(_ value: Double, _ series: HistoryTrend.Series) -> String {
        series.isShare ? PolicyTableView.percent(value) + " %" : HistoryCheck.number(value)
    }

    /// A change as the report shows it: a share's in points of %, else in the metric's unit.
    static func change(_ value: Double, _ series: HistoryTrend.Series, signed: Bool = true) -> String {
        let sign = signed && value >= 0 ? "+" : ""
        return series.isShare ? sign + PolicyTableView.percent(value) + " points" : sign + HistoryCheck.number(value)
    }

    static let css = ".trend-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(440px,100%),1fr));gap:8px 24px}"
        + ".trend-grid svg,.trend-wide svg{width:100%}.trend-index td,.trend-index th{padding:2px 10px;text-align:left}"
        + ".trend-index tr.unexplained td{color:#c0392b}.trend-index tr.improved td{color:#2e7d32}"
        + ".trend-index tr.unconfirmed td{color:#b9770e}.check-fail{color:#c0392b;font-weight:600}"

    static func anchor(_ number: Int) -> String { "series-\(number + 1)" }

    /// Whether `change` is for the worse: a rise of a metric better lower, a fall of one better higher.
    static func isWorsening(_ change: ChangePointSearch.Change, _ series: HistoryTrend.Series) -> Bool {
        (change.size > 0) == series.betterLower
    }

    /// A change's colour: grey when explained, red for the worse, green for the better.
    static func color(_ change: ChangePointSearch.Change, cause: String?, _ series: HistoryTrend.Series) -> String {
        cause != nil ? "#777" : isWorsening(change, series) ? "#c0392b" : "#2e7d32"
    }

    static func name(_ series: HistoryTrend.Series, _ change: ChangePointSearch.Change) -> String {
        let row = series.series.rows[change.start]
        return row.label.isEmpty ? "run \(row.run)" : row.label
    }

    static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + HistoryCheck.number(value)
    }

    /// "1 night", "2 nights".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The value axis over `low` … `high` with a tenth of the range spare on either side, its
    /// ends on multiples of a round step. A series of one value (a rate always 0) gets a tenth of
    /// that value spare, or 1 around 0, and does not reach below 0 when no value does: an axis
    /// of a billionth would label its ticks with more digits than any value has.
    static func valueScale(low: Double, high: Double) -> ChartFrame.Scale {
        let pad = high > low ? max((high - low) * 0.1, abs(high) * 0.01) : max(abs(high) * 0.1, high == 0 ? 1 : 0)
        let bottom = high > low || low < 0 ? low - pad : max(0, low - pad)
        let step = ChartFrame.niceCeiling((high + pad - bottom) / 4)
        return .linear(low: (bottom / step).rounded(.down) * step, high: ((high + pad) / step).rounded(.up) * step, step: step)
    }

    /// A tick of a value axis whose ticks are `step` apart: as many decimals as the step needs (a
    /// step of 0.00025 needs 5), trailing zeros dropped, and never "-0".
    static func axisLabel(_ value: Double, step: Double) -> String {
        let power = log10(step).rounded(.down)
        let decimals = max(0, Int(-power) + (abs(step / pow(10, power) - 2.5) < 1e-9 ? 1 : 0))
        var text = String(format: "%.\(min(decimals, 12))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// One series' chart, on the history's nights 1 … `nights`.
    static func chart(_ series: HistoryTrend.Series, nights count: Int, marks: Marks = Marks()) -> Markup {
        let numbers = series.series.nightNumbers
        let nights = series.nights
        let values = nights.compactMap(\.value).flatMap { [$0.value, $0.low ?? $0.value, $0.high ?? $0.value] } + marks.limits.map(\.value)
            + marks.creeps.flatMap { [$0.start, $0.end] }
        let low = values.min() ?? 0, high = values.max() ?? 1
        let yScale = valueScale(low: low, high: high)
        // One night is drawn in the middle of an axis that shows that night alone.
        let xScale = count > 1 ? ChartFrame.Scale.linear(low: 1, high: Double(count), step: max(1, ChartFrame.niceCeiling(Double(count - 1) / 6).rounded(.up)))
            : .linear(low: 0.5, high: 1.5, step: 0.5)
        let frame = ChartFrame(width: 760, height: 242, left: 70, right: 20, top: 46, bottom: 44, xScale: xScale, yScale: yScale)
        var svg = Markup()
        let yStep = if case let .linear(_, _, step) = yScale { step } else { 1.0 }
        frame.open(&svg, label: "\(series.series.metric) of \(series.series.policy) on \(series.series.network), night by night",
                   xTitle: "night", yTitle: series.series.metric, xLabel: { $0 == $0.rounded() ? ReportFormat.number($0) : "" },
                   yLabel: { series.isShare ? ChartFrame.percent($0) : axisLabel($0, step: yStep) })
        let points = nights.enumerated().compactMap { index, night in night.value.map { (x: frame.x(Double(numbers[index])), night: $0) } }
        let banded = points.filter { $0.night.low != nil && $0.night.high != nil }
        if banded.count > 1 {
            let upper = banded.map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.high!)))" }
            let lower = banded.reversed().map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.low!)))" }
            svg.element("polygon", [("points", (upper + lower).joined(separator: " ")), ("fill", "#c9d9ea"), ("stroke", "none")])
        } else if let only = banded.first, let low = only.night.low, let high = only.night.high {
            // A band needs two nights: one night's interval is a bar.
            svg.element("line", [("x1", Markup.number(only.x)), ("y1", Markup.number(frame.y(high))), ("x2", Markup.number(only.x)),
                                 ("y2", Markup.number(frame.y(low))), ("stroke", "#c9d9ea"), ("stroke-width", "6")])
        }
        svg.element("polyline", [("points", points.map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.value)))" }
                        .joined(separator: " ")), ("fill", "none"), ("stroke", "#1f5f99"), ("stroke-width", "1.5")])
        for point in points {
            svg.element("circle", [("cx", Markup.number(point.x)), ("cy", Markup.number(frame.y(point.night.value))), ("r", "2.5"),
                                   ("fill", "#1f5f99")])
        }
        for (index, night) in nights.enumerated() {
            guard let changed = night.changed else { continue }
            let x = frame.x(Double(numbers[index]))
            svg.wrap("polygon", [("points", "\(Markup.number(x - 5)),\(frame.top - 2) \(Markup.number(x + 5)),\(frame.top - 2) "
                                    + "\(Markup.number(x)),\(frame.top + 6)"), ("fill", "#888")]) { $0.element("title", [], "night \(numbers[index]): \(changed)") }
        }
        for limit in marks.limits {
            let (x1, x2, y) = (frame.x(max(1, limit.from)), frame.x(limit.to), Markup.number(frame.y(limit.value)))
            svg.element("line", [("x1", Markup.number(x1)), ("y1", y), ("x2", Markup.number(x2)), ("y2", y), ("stroke", "#e67e22"),
                                 ("stroke-dasharray", "2 3"), ("stroke-width", "1.5")])
            svg.element("text", [("x", Markup.number(x2)), ("y", Markup.number(frame.y(limit.value) - 4)), ("text-anchor", "end"),
                                 ("fill", "#e67e22"), ("class", "small")], "limit")
        }
        for creep in marks.creeps {
            svg.element("line", [("x1", Markup.number(frame.x(max(1, creep.from)))), ("y1", Markup.number(frame.y(creep.start))),
                                 ("x2", Markup.number(frame.x(creep.to))), ("y2", Markup.number(frame.y(creep.end))),
                                 ("stroke", creep.fails ? "#c0392b" : "#b9770e"), ("stroke-width", "2")])
        }
        // Labels of changes close together alternate between two lines so that none covers another.
        var lastLabel: (x: Double, line: Int)?
        for (change, cause) in series.changes {
            let position = frame.x(Double(numbers[change.start]))
            let line = lastLabel.map { position - $0.x < 260 ? 1 - $0.line : 0 } ?? 0
            lastLabel = (position, line)
            let x = Markup.number(position)
            let color = color(change, cause: cause, series)
            svg.element("line", [("x1", x), ("y1", "\(frame.top)"), ("x2", x), ("y2", Markup.number(frame.plotBottom)), ("stroke", color),
                                 ("stroke-dasharray", "5 4"), ("stroke-width", "1.5")])
            svg.element("text", [("x", x), ("y", "\(frame.top - 10 - 13 * line)"), ("text-anchor", "middle"), ("fill", color), ("class", "small")],
                        "\(Self.change(change.size, series)) (\(Self.change(change.low, series)) … \(Self.change(change.high, series)))"
                            + (cause.map { ", \($0)" } ?? ""))
        }
        svg.close("svg")
        return svg
    }
}
