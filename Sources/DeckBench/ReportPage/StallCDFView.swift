import Foundation

/// The stall-time distribution of one network as a complementary CDF on log–log axes: for each
/// stall time x, the share of navigations that stalled longer. Every policy's tail stays visible
/// whatever its share of stalls (a linear CDF squeezes all but the worst into its top few
/// percent). A policy's curve starts at its share of stalled navigations and ends at its longest
/// stall. With many policies, the Pareto front and the default job are drawn.
enum StallCDFView {
    static func render(_ data: ReportData, network: String) -> Markup {
        let policies = data.highlighted(network)
        let series = policies.map { policy in
            (policy, data.reports.distributions
                .filter { $0.point == ReplayPoint(policy: policy, network: network) && $0.metric == Metric.stallMs.name }
                .map { row -> (value: Double, beyond: Double) in (Double(row.value), max(0, 1 - row.cumulativeFraction)) })
        }
        let shares = series.flatMap { $0.1.map(\.beyond) }.filter { $0 > 0 }
        let values = series.flatMap { $0.1.map(\.value) }
        let legendWidth = min(360, Int((policies.map { LabelLayout.width(of: $0, fontSize: 11) }.max() ?? 80) + 50))
        let frame = ChartFrame(width: 560 + legendWidth, height: 320, left: 64, right: legendWidth, top: 16, bottom: 50,
                               xScale: .decades(values + [10]), yScale: .decades(shares.map { max($0, 1e-5) }, atLeast: 1e-5))
        var svg = Markup()
        svg.paragraph("How long stalls last: the share of navigations that stalled longer than each time (log–log; lower is "
            + "better). A curve starts at the policy's share of stalled navigations and ends at its longest stall."
            + (policies.count < data.policies.count
                ? " Drawn: \(policies.count) of \(data.policies.count) policies, the Pareto front and the default job's." : ""))
        frame.open(&svg, label: "Share of navigations stalled longer than each time on \(data.networkNames[network] ?? network)",
                   xTitle: "stall time (ms, log scale)", yTitle: "share of navigations stalled longer (log scale)",
                   xLabel: ChartFrame.milliseconds, yLabel: ChartFrame.percent)
        for (index, (policy, points)) in series.enumerated() {
            var path = ""
            let floorY = Markup.number(frame.plotBottom)
            for (value, beyond) in points {
                let px = Markup.number(frame.x(max(value, 1)))
                let py = beyond > 0 ? Markup.number(frame.y(beyond)) : floorY
                path += path.isEmpty ? "M\(px) \(py)" : " H\(px) V\(py)"
            }
            svg.open("path", [("class", "cdf"), ("data-policy", policy), ("data-points", "\(points.count)"), ("d", path), ("fill", "none"),
                              ("stroke", CurveStyle.color(index)), ("stroke-width", "2"), ("stroke-dasharray", CurveStyle.dash(index))])
            svg.element("title", [], policy)
            svg.close("path")
            let y = frame.top + 12 + index * 20
            let x = frame.width - frame.right + 12
            svg.element("line", [("x1", "\(x)"), ("y1", "\(y)"), ("x2", "\(x + 28)"), ("y2", "\(y)"), ("stroke", CurveStyle.color(index)),
                                 ("stroke-width", "2"), ("stroke-dasharray", CurveStyle.dash(index))])
            svg.element("text", [("x", "\(x + 34)"), ("y", "\(y + 4)"), ("class", "small legend")], policy)
        }
        svg.close("svg")
        return svg
    }
}
