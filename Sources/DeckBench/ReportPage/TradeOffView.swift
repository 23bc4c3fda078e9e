/// Bytes per navigation against the p99 stall, every policy on every network in one chart: colour
/// by policy family, marker shape by network, the full name in each point's tooltip. Lower left
/// is better.
enum TradeOffView {
    static func render(_ data: ReportData) -> Markup {
        let points = data.reports.summary.compactMap { row -> (policy: String, network: String, kilobytes: Double, p99: Double)? in
            guard let bytes = row.value(Metric.bytesPerNavigation.name), let p99 = row.value(Metric.stallMs.column(.p99)) else { return nil }
            return (row.policy, row.network, bytes / 1_000, p99)
        }
        var html = Markup()
        html.element("h2", [], "Trade-off: bytes against the tail")
        html.paragraph("Lower left is better: fewer kilobytes per navigation and a shorter p99 stall (log scale). Colour is the policy "
            + "family, the marker's shape the network; hover a point for its policy.")
        let legend = data.families.map(\.name) + data.networks.map { data.networkNames[$0] ?? $0 }
        let legendWidth = min(320, Int((legend.map { LabelLayout.width(of: $0, fontSize: 11) }.max() ?? 60) + 44))
        let frame = ChartFrame(width: 600 + legendWidth, height: 340, left: 64, right: legendWidth, top: 16, bottom: 50,
                               xScale: .fitted(points.map(\.kilobytes)), yScale: .decades(points.map(\.p99)))
        var svg = Markup()
        frame.open(&svg, label: "Bytes per navigation against p99 stall", xTitle: "bytes per navigation (kB)",
                   yTitle: "p99 stall (log scale)", xLabel: ReportFormat.number, yLabel: ChartFrame.milliseconds)
        let familyIndex = Dictionary(uniqueKeysWithValues: data.families.enumerated().map { ($1.name, $0) })
        for point in points {
            let color = CurveStyle.color(familyIndex[PolicyFamily.familyName(point.policy)] ?? 0)
            let shape = data.networks.firstIndex(of: point.network) ?? 0
            marker(&svg, shape: shape, x: frame.x(point.kilobytes), y: frame.y(max(point.p99, 1)), color: color,
                   attributes: [("class", "point"), ("data-policy", point.policy), ("data-network", point.network)],
                   title: "\(point.policy) on \(data.networkNames[point.network] ?? point.network): p99 \(ReportFormat.number(point.p99)) ms, "
                       + "\(ReportFormat.number(point.kilobytes)) kB")
        }
        let x = Double(frame.width - frame.right + 18)
        for (index, family) in data.families.enumerated() {
            let y = Double(frame.top + 12 + 20 * index)
            marker(&svg, shape: 0, x: x, y: y, color: CurveStyle.color(index), attributes: [], title: nil)
            svg.element("text", [("x", Markup.number(x + 12)), ("y", Markup.number(y + 4)), ("class", "small legend")], family.name)
        }
        for (index, network) in data.networks.enumerated() {
            let y = Double(frame.top + 22 + 20 * (data.families.count + index))
            marker(&svg, shape: index, x: x, y: y, color: "#555", attributes: [], title: nil)
            svg.element("text", [("x", Markup.number(x + 12)), ("y", Markup.number(y + 4)), ("class", "small legend")],
                        data.networkNames[network] ?? network)
        }
        svg.close("svg")
        html.append(svg)
        return html
    }

    /// A circle, square, triangle or diamond (by `shape`) at (x, y).
    static func marker(_ svg: inout Markup, shape: Int, x: Double, y: Double, color: String, attributes: Markup.Attributes, title: String?) {
        let (name, geometry): (String, Markup.Attributes) = switch shape % 4 {
        case 0: ("circle", [("cx", Markup.number(x)), ("cy", Markup.number(y)), ("r", "5")])
        case 1: ("rect", [("x", Markup.number(x - 5)), ("y", Markup.number(y - 5)), ("width", "10"), ("height", "10")])
        case 2: ("path", [("d", "M\(Markup.number(x)) \(Markup.number(y - 6)) L\(Markup.number(x + 6)) \(Markup.number(y + 5)) L\(Markup.number(x - 6)) \(Markup.number(y + 5)) Z")])
        default: ("path", [("d", "M\(Markup.number(x)) \(Markup.number(y - 7)) L\(Markup.number(x + 6)) \(Markup.number(y)) L\(Markup.number(x)) \(Markup.number(y + 7)) L\(Markup.number(x - 6)) \(Markup.number(y)) Z")])
        }
        svg.open(name, attributes + geometry + [("fill", color), ("fill-opacity", "0.85")])
        if let title { svg.element("title", [], title) }
        svg.close(name)
    }
}
