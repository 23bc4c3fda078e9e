/// `trend.html`: a history night by night, one self-contained page (inline SVG and CSS). Per
/// metric, a chart per policy × network: the nights on the x axis, each night's value with its
/// 95 % interval as a band, a dashed line where a change starts (its size and interval above it,
/// and the cause that explains it when the recordings, the flags or the version changed there),
/// and a grey triangle on every night whose runs changed in one of those ways.
public struct TrendPage: Sendable {
    public var trend: HistoryTrend
    public var runs: Int

    public init(trend: HistoryTrend, runs: Int) {
        self.trend = trend
        self.runs = runs
    }

    public var html: String {
        var page = Markup()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", [("lang", "en")])
        page.wrap("head") { head in
            head.element("meta", [("charset", "utf-8")])
            head.element("title", [], "DeckBench trend")
            head.code("style", HTMLReport.css)
        }
        page.open("body")
        page.element("h1", [], "DeckBench trend")
        let found = trend.series.reduce(0) { $0 + $1.changes.count }
        page.paragraph("\(runs) runs, \(trend.series.count) series, \(found) change points (interval excluding no change; a dashed "
            + "line where each starts). A grey triangle marks a night whose runs had new recordings, new flags or a new version "
            + "(recordings new on most nights, as a job replaying each night's sessions has them, are not marked).",
            [("class", "lead")])
        var metrics: [String] = []
        for series in trend.series where !metrics.contains(series.series.metric) { metrics.append(series.series.metric) }
        for metric in metrics {
            page.element("h2", [], metric)
            for series in trend.series where series.series.metric == metric {
                page.element("h3", [], "\(series.series.policy) on \(series.series.network)")
                page.append(Self.chart(series))
                for (change, cause) in series.changes {
                    let row = series.series.rows[change.start]
                    page.paragraph("From night \(change.start + 1) (\(row.label.isEmpty ? "run \(row.run)" : row.label)): "
                        + "\(Self.signed(change.size)) (95 % CI \(Self.signed(change.low)) … \(Self.signed(change.high))) from "
                        + "\(HistoryCheck.number(change.baseline))" + (cause.map { "; explained by \($0)" } ?? "; not explained by the "
                        + "recordings, flags or version: the code, or the world it measures"), [("class", "note")])
                }
            }
        }
        page.close("body")
        page.close("html")
        page.raw("\n")
        return page.text
    }

    static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + HistoryCheck.number(value)
    }

    /// One series' chart.
    static func chart(_ series: HistoryTrend.Series) -> Markup {
        let nights = series.nights
        let values = nights.compactMap(\.value).flatMap { [$0.value, $0.low ?? $0.value, $0.high ?? $0.value] }
        let low = values.min() ?? 0, high = values.max() ?? 1
        let pad = max((high - low) * 0.1, abs(high) * 0.01, 1e-9)
        let step = ChartFrame.niceCeiling((high - low + 2 * pad) / 4)
        let yScale = ChartFrame.Scale.linear(low: ((low - pad) / step).rounded(.down) * step,
                                             high: ((high + pad) / step).rounded(.up) * step, step: step)
        let xStep = max(1, ChartFrame.niceCeiling(Double(max(1, nights.count - 1)) / 6).rounded(.up))
        let xEnd = 1 + xStep * (Double(max(1, nights.count - 1)) / xStep).rounded(.up)
        let frame = ChartFrame(width: 760, height: 230, left: 70, right: 20, top: 34, bottom: 44,
                               xScale: .linear(low: 1, high: xEnd, step: xStep), yScale: yScale)
        var svg = Markup()
        frame.open(&svg, label: "\(series.series.metric) of \(series.series.policy) on \(series.series.network), night by night",
                   xTitle: "night", yTitle: series.series.metric, xLabel: { ReportFormat.number($0) }, yLabel: { ReportFormat.number($0) })
        let points = nights.enumerated().compactMap { index, night in night.value.map { (x: frame.x(Double(index + 1)), night: $0) } }
        let banded = points.filter { $0.night.low != nil && $0.night.high != nil }
        if banded.count > 1 {
            let upper = banded.map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.high!)))" }
            let lower = banded.reversed().map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.low!)))" }
            svg.element("polygon", [("points", (upper + lower).joined(separator: " ")), ("fill", "#c9d9ea"), ("stroke", "none")])
        }
        svg.element("polyline", [("points", points.map { "\(Markup.number($0.x)),\(Markup.number(frame.y($0.night.value)))" }
                        .joined(separator: " ")), ("fill", "none"), ("stroke", "#1f5f99"), ("stroke-width", "1.5")])
        for point in points {
            svg.element("circle", [("cx", Markup.number(point.x)), ("cy", Markup.number(frame.y(point.night.value))), ("r", "2.5"),
                                   ("fill", "#1f5f99")])
        }
        for (index, night) in nights.enumerated() {
            guard let changed = night.changed else { continue }
            let x = frame.x(Double(index + 1))
            svg.wrap("polygon", [("points", "\(Markup.number(x - 5)),\(frame.top - 2) \(Markup.number(x + 5)),\(frame.top - 2) "
                                    + "\(Markup.number(x)),\(frame.top + 6)"), ("fill", "#888")]) { $0.element("title", [], "night \(index + 1): \(changed)") }
        }
        for (change, cause) in series.changes {
            let x = Markup.number(frame.x(Double(change.start + 1)))
            let color = cause == nil ? "#c0392b" : "#777"
            svg.element("line", [("x1", x), ("y1", "\(frame.top)"), ("x2", x), ("y2", Markup.number(frame.plotBottom)), ("stroke", color),
                                 ("stroke-dasharray", "5 4"), ("stroke-width", "1.5")])
            svg.element("text", [("x", x), ("y", "\(frame.top - 10)"), ("text-anchor", "middle"), ("fill", color), ("class", "small")],
                        "\(signed(change.size)) (\(signed(change.low)) … \(signed(change.high)))" + (cause.map { ", \($0)" } ?? ""))
        }
        svg.close("svg")
        return svg
    }
}
