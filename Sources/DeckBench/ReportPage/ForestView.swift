/// Paired differences of one metric on one network (`paired.csv`) as a forest plot: a row per
/// pair, the difference A − B as a dot, its 95 % interval as a bar, zero as a line; a bar that
/// misses the line is a difference sampling noise does not explain. The axis fits the intervals.
/// With many policies, the rows are the Pareto front's and the default job's policies against
/// the best one on the metric (at most 12), so the plot stays a screen high.
enum ForestView {
    struct Pair {
        var a: String
        var b: String
        var difference: Double
        var low: Double
        var high: Double
    }

    static func render(_ data: ReportData, network: String, metric: Metric) -> Markup {
        let all = data.reports.paired.compactMap { row -> Pair? in
            guard row.network == network, row.metric == metric.name, let difference = row.difference,
                  let low = row.differenceLow, let high = row.differenceHigh else { return nil }
            return Pair(a: row.policyA, b: row.policyB, difference: difference, low: low, high: high)
        }
        var html = Markup()
        guard !all.isEmpty else { return html }
        let rows = selected(all, data: data, network: network, metric: metric)
        let scale = metric.unit == .ratio ? 100.0 : 1.0
        let unit = metric.unit == .ratio ? "points" : metric.unit.rawValue
        let labelWidth = rows.flatMap { [$0.a, "− " + $0.b] }.map { LabelLayout.width(of: $0, fontSize: 11) }.max() ?? 100
        let frame = ChartFrame(width: Int(labelWidth) + 24 + 420, height: 56 + 34 * rows.count, left: Int(labelWidth) + 24, right: 24,
                               top: 10, bottom: 46, xScale: .fitted(rows.flatMap { [$0.low * scale, $0.high * scale] } + [0]),
                               yScale: .linear(low: 0, high: 1, step: 1))
        html.paragraph("Paired differences of `\(metric.name)` (A − B, \(unit); `paired.csv`): the dot is the difference, the bar its "
            + "95 % interval over the same sessions; left of the line A is lower."
            + (rows.count < all.count ? " Shown: \(rows.count) of \(all.count) pairs, the Pareto front's and the default job's policies "
                + "against `\(rows.first?.b ?? "")`." : ""))
        var svg = Markup()
        svg.open("svg", [("class", "chart"), ("width", "\(frame.width)"), ("height", "\(frame.height)"),
                         ("viewBox", "0 0 \(frame.width) \(frame.height)"), ("role", "img"), ("aria-label", "Paired differences of \(metric.name)")])
        svg.raw("\n")
        for tick in frame.xScale.ticks {
            let x = Markup.number(frame.x(tick))
            svg.element("line", [("x1", x), ("y1", "\(frame.top)"), ("x2", x), ("y2", Markup.number(frame.plotBottom)), ("stroke", "#e4e4e4")])
            svg.element("text", [("x", x), ("y", Markup.number(frame.plotBottom + 16)), ("text-anchor", "middle"), ("class", "small")],
                        ReportFormat.number(tick))
        }
        svg.element("text", [("x", Markup.number((Double(frame.left) + frame.plotRight) / 2)), ("y", "\(frame.height - 8)"),
                             ("text-anchor", "middle")], "A − B (\(unit))")
        let zero = Markup.number(frame.x(0))
        svg.element("line", [("class", "zero"), ("x1", zero), ("y1", "\(frame.top)"), ("x2", zero), ("y2", Markup.number(frame.plotBottom)),
                             ("stroke", "#000")])
        for (index, row) in rows.enumerated() {
            let y = Double(frame.top + 24 + 34 * index)
            svg.element("text", [("x", "\(frame.left - 10)"), ("y", Markup.number(y - 3)), ("text-anchor", "end"), ("class", "small")], row.a)
            svg.element("text", [("x", "\(frame.left - 10)"), ("y", Markup.number(y + 10)), ("text-anchor", "end"), ("class", "small")], "− " + row.b)
            svg.open("line", [("class", "interval"), ("data-network", network), ("data-metric", metric.name),
                              ("x1", Markup.number(frame.x(row.low * scale))), ("y1", Markup.number(y)),
                              ("x2", Markup.number(frame.x(row.high * scale))), ("y2", Markup.number(y)), ("stroke", "#0072B2"),
                              ("stroke-width", "3")])
            svg.element("title", [], "\(row.a) − \(row.b): \(ReportFormat.number(row.difference * scale)) [\(ReportFormat.number(row.low * scale)), "
                + "\(ReportFormat.number(row.high * scale))] \(unit)")
            svg.close("line")
            svg.element("circle", [("cx", Markup.number(frame.x(row.difference * scale))), ("cy", Markup.number(y)), ("r", "4"), ("fill", "#D55E00")])
        }
        svg.close("svg")
        html.append(svg)
        return html
    }

    /// Every pair with few policies; else the highlighted policies against the best on `metric`,
    /// or, where `paired.csv` does not pair them (with many policies it pairs each with one
    /// reference policy), against that reference.
    static func selected(_ pairs: [Pair], data: ReportData, network: String, metric: Metric) -> [Pair] {
        guard data.policies.count > 8 else { return pairs }
        let values = data.policies.compactMap { policy in data.value(policy, network, metric.name).map { (policy, $0) } }
        let best = values.min(by: { $0.1 < $1.1 })?.0
        func against(_ other: String) -> [Pair] {
            data.highlighted(network, limit: 13).filter { $0 != other }.compactMap { policy in
                if let pair = pairs.first(where: { $0.a == policy && $0.b == other }) { return pair }
                guard let pair = pairs.first(where: { $0.a == other && $0.b == policy }) else { return nil }
                return Pair(a: policy, b: other, difference: -pair.difference, low: -pair.high, high: -pair.low)
            }
        }
        var rows = best.map(against) ?? []
        var counts: [String: Int] = [:]
        for pair in pairs { counts[pair.a, default: 0] += 1; counts[pair.b, default: 0] += 1 }
        if let reference = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, reference != best {
            let referenced = against(reference)
            if referenced.count > rows.count { rows = referenced }
        }
        return Array(rows.prefix(12))
    }
}
