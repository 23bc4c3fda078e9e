/// Stall rate against bytes per navigation on one network: every policy a point, the Pareto
/// front (`pareto` = 1) joined by a line in order of bytes and labelled where a label fits
/// without covering another; every point names its policy in a tooltip. The axes fit the data: a
/// point far above the rest (`ondemand`, which stalls on nearly every navigation) is drawn at the
/// top edge as a triangle and listed under the chart, instead of squeezing the others flat.
enum ParetoView {
    struct Point {
        var policy: String
        var kilobytes: Double
        var rate: Double
        var front: Bool
    }

    static func render(_ data: ReportData, network: String) -> Markup {
        let points = data.policies.compactMap { policy -> Point? in
            guard let bytes = data.value(policy, network, Metric.bytesPerNavigation.name),
                  let rate = data.value(policy, network, Metric.stallRate.name) else { return nil }
            return Point(policy: policy, kilobytes: bytes / 1_000, rate: rate, front: data.row(policy, network)?.pareto == true)
        }
        var html = Markup()
        guard !points.isEmpty else { return html }
        let clipped = outliers(points.map(\.rate))
        let shown = points.filter { $0.rate <= clipped }
        let frame = ChartFrame(width: 760, height: 340, left: 64, right: 24, top: 16, bottom: 50,
                               xScale: .fitted(points.map(\.kilobytes)), yScale: .fitted(shown.map(\.rate) + [0.001]))
        html.paragraph("The Pareto front: policies no other beats on both stall rate and bytes per navigation (the `pareto` "
            + "column), joined by a line and labelled where a label fits" + (front(points).count > 5 ? " (by number, named below)" : "")
            + "; a grey point is beaten by one on the line. Hover a point for its policy.")
        var svg = Markup()
        frame.open(&svg, label: "Stall rate against bytes per navigation on \(data.networkNames[network] ?? network)",
                   xTitle: "bytes per navigation (kB)", yTitle: "stall rate", xLabel: ReportFormat.number, yLabel: ChartFrame.percent)
        func position(_ point: Point) -> (x: Double, y: Double) {
            (frame.x(point.kilobytes), point.rate > clipped ? Double(frame.top) + 6 : frame.y(point.rate))
        }
        let front = front(points)
        if front.count > 1 {
            svg.element("polyline", [("class", "pareto-line"), ("data-network", network),
                                     ("points", front.map { "\(Markup.number(position($0).x)),\(Markup.number(position($0).y))" }.joined(separator: " ")),
                                     ("fill", "none"), ("stroke", "#D55E00"), ("stroke-width", "2")])
        }
        var layout = LabelLayout(
            bounds: .init(x: Double(frame.left), y: Double(frame.top), width: frame.plotRight - Double(frame.left),
                          height: frame.plotBottom - Double(frame.top)),
            obstacles: points.map { LabelLayout.point(x: position($0).x, y: position($0).y) })
        for point in points.filter({ !$0.front }) + front {
            let (x, y) = position(point)
            let kind = point.front ? "pareto-front" : "pareto-beaten"
            let attributes: Markup.Attributes = [("class", kind), ("data-network", network), ("data-policy", point.policy)]
                + (point.rate > clipped ? [("data-clipped", "1")] : [])
            if point.rate > clipped {
                svg.open("path", attributes + [("d", "M\(Markup.number(x)) \(Markup.number(y - 6)) l6 10 h-12 z"),
                                               ("fill", point.front ? "#D55E00" : "#999")])
            } else {
                svg.open("circle", attributes + [("cx", Markup.number(x)), ("cy", Markup.number(y)), ("r", point.front ? "5" : "3"),
                                                 ("fill", point.front ? "#D55E00" : "#999")])
            }
            svg.element("title", [], "\(point.policy): \(PolicyTableView.percent(point.rate)) % stalls, \(ReportFormat.number((point.kilobytes * 10).rounded() / 10)) kB")
            svg.close(point.rate > clipped ? "path" : "circle")
        }
        // A few front points carry their names; more carry numbers, named in a list under the chart.
        let numbered = front.count > 5
        for (index, point) in front.enumerated() {
            let (x, y) = position(point)
            let text = numbered ? "\(index + 1)" : point.policy
            if let box = layout.place(text, nearX: x, y: y) { LabelLayout.label(&svg, text, in: box, fullName: point.policy) }
        }
        svg.close("svg")
        html.append(svg)
        if numbered {
            html.open("ol", [("class", "front")])
            for point in front {
                html.open("li")
                html.element("code", [], point.policy)
                html.write(": \(PolicyTableView.percent(point.rate)) % stalls, \(ReportFormat.number((point.kilobytes * 10).rounded() / 10)) kB")
                html.close("li")
            }
            html.close("ol")
        }
        let off = points.filter { $0.rate > clipped }
        if !off.isEmpty {
            html.paragraph("Above the chart (triangles at the top edge): " + off.map {
                "`\($0.policy)` (\(PolicyTableView.percent($0.rate)) % stalls, \(ReportFormat.number(($0.kilobytes * 10).rounded() / 10)) kB)"
            }.joined(separator: ", ") + ".", [("class", "note")])
        }
        return html
    }

    /// The front's points in order of bytes.
    static func front(_ points: [Point]) -> [Point] {
        points.filter(\.front).sorted { ($0.kilobytes, -$0.rate) < ($1.kilobytes, -$1.rate) }
    }

    /// The highest stall rate the axis shows: the largest rate, unless it is more than 2.5 times
    /// the next one (the policy that stalls on nearly every navigation), which is drawn at the edge.
    static func outliers(_ rates: [Double]) -> Double {
        let sorted = rates.sorted(by: >)
        guard sorted.count > 2, sorted[1] > 0, sorted[0] > 2.5 * sorted[1] else { return .infinity }
        return sorted[1]
    }
}
