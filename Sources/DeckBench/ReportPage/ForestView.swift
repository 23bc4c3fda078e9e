/// Paired differences of one metric on one network (`paired.csv`) as a forest plot: a row per
/// pair, the difference A − B as a dot, its 95 % interval as a bar, zero as a line; a bar that
/// misses the line is a difference sampling noise does not explain. With many policies, the rows
/// are the Pareto front's and the default job's policies against the page's answer (the policy to
/// ship) or else the best one on the metric (at most 12), paired from bootstrap.json where
/// `paired.csv` does not pair them, so the plot stays a screen high. Pairs whose sizes differ by
/// far are drawn on separate axes (`panels`), so that every interval is at least a few pixels wide:
/// a pair against a policy that stalls on every swipe never squeezes the comparison that matters
/// under its dot.
enum ForestView {
    struct Pair {
        var a: String
        var b: String
        var difference: Double
        var low: Double
        var high: Double
    }

    /// The width of a chart's plot, in pixels, and the narrowest an interval may be drawn: 8 px, so
    /// that a phone, which shows the chart at about half its size, still shows 4.
    static let plotWidth = 420.0
    static let narrowest = 8.0
    /// At most this many charts a metric; pairs beyond them are listed as text.
    static let charts = 3

    static func render(_ data: ReportData, network: String, metric: Metric, answer: String? = nil,
                       replicates: ((String) -> [Double?]?)? = nil) -> Markup {
        let all = data.reports.paired.compactMap { row -> Pair? in
            guard row.network == network, row.metric == metric.name, let difference = row.difference,
                  let low = row.differenceLow, let high = row.differenceHigh else { return nil }
            return Pair(a: row.policyA, b: row.policyB, difference: difference, low: low, high: high)
        }
        var html = Markup()
        guard !all.isEmpty else { return html }
        let rows = selected(all, data: data, network: network, metric: metric, answer: answer, replicates: replicates)
        let scale = metric.unit == .ratio ? 100.0 : 1.0
        let unit = metric.unit == .ratio ? "points" : metric.unit.rawValue
        let groups = panels(rows.map { ($0.low * scale, $0.high * scale) })
        html.paragraph("Paired differences of `\(metric.name)` (A − B, \(unit); `paired.csv`): the dot is the difference, the bar its "
            + "95 % interval over the same sessions; left of the line A is lower."
            + (rows.count < all.count ? " Shown: \(rows.count) of \(all.count) pairs, the Pareto front's and the default job's policies "
                + "against `\(rows.first?.b ?? "")`." : "")
            + (groups.count > 1 ? " Pairs of very different sizes are drawn on axes of their own (\(groups.count) charts), so that "
                + "every interval can be seen." : ""))
        for (index, group) in groups.prefix(Self.charts).enumerated() {
            if index > 0 { html.paragraph("Farther from zero, on an axis of their own:", [("class", "note")]) }
            html.append(chart(group.map { rows[$0] }, network: network, metric: metric, scale: scale, unit: unit))
        }
        let listed = groups.dropFirst(Self.charts).flatMap { $0 }.sorted().map { rows[$0] }
        if !listed.isEmpty {
            html.paragraph("Farther still: " + listed.map { row in
                "`\(row.a)` − `\(row.b)` \(ReportFormat.number(row.difference * scale)) (\(ReportFormat.number(row.low * scale)) … "
                    + "\(ReportFormat.number(row.high * scale)))"
            }.joined(separator: "; ") + " \(unit).", [("class", "note")])
        }
        return html
    }

    /// Rows (intervals, in the chart's unit) grouped onto axes, each group's positions in the order
    /// given: smallest extent first, a row joins the current group while every interval of it with
    /// a width stays at least `narrowest` pixels on the axis the chart would fit to the group (its
    /// round ends included); otherwise it starts the next group.
    static func panels(_ intervals: [(low: Double, high: Double)]) -> [[Int]] {
        let order = intervals.indices.sorted { (max(abs(intervals[$0].low), abs(intervals[$0].high)), $0)
            < (max(abs(intervals[$1].low), abs(intervals[$1].high)), $1) }
        var groups: [[Int]] = []
        for index in order {
            if var last = groups.last {
                last.append(index)
                let span = axisSpan(last.flatMap { [intervals[$0].low, intervals[$0].high] })
                // An interval too narrow to show even on an axis of its own (far from zero for its
                // width) asks only not to be squeezed by more than a third.
                if last.allSatisfy({ pixels(intervals[$0], span: span) >= min(Self.narrowest, 0.67 * alone(intervals[$0])) }) {
                    groups[groups.count - 1] = last
                    continue
                }
            }
            groups.append([index])
        }
        return groups.map { $0.sorted() }
    }

    /// The pixels `interval` spans on an axis `span` wide, and on the axis of its own.
    static func pixels(_ interval: (low: Double, high: Double), span: Double) -> Double {
        (interval.high - interval.low) / span * plotWidth
    }

    static func alone(_ interval: (low: Double, high: Double)) -> Double {
        pixels(interval, span: axisSpan([interval.low, interval.high]))
    }

    /// The width of the axis a chart fits to `values` (and 0), in the values' unit.
    static func axisSpan(_ values: [Double]) -> Double {
        guard case let .linear(low, high, _) = ChartFrame.Scale.fitted(values + [0]) else { return 1 }
        return high - low
    }

    /// One forest chart of `rows`.
    private static func chart(_ rows: [Pair], network: String, metric: Metric, scale: Double, unit: String) -> Markup {
        let labelWidth = rows.flatMap { [$0.a, "− " + $0.b] }.map { LabelLayout.width(of: $0, fontSize: 11) }.max() ?? 100
        let frame = ChartFrame(width: Int(labelWidth) + 24 + Int(plotWidth), height: 56 + 34 * rows.count, left: Int(labelWidth) + 24,
                               right: 24, top: 10, bottom: 46, xScale: .fitted(rows.flatMap { [$0.low * scale, $0.high * scale] } + [0]),
                               yScale: .linear(low: 0, high: 1, step: 1))
        var html = Markup()
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

    /// Every pair with few policies; else the highlighted policies against the answer (or, without
    /// one, the best on `metric`), paired from the replicates where `paired.csv` does not pair them
    /// (with many policies it pairs each with one reference policy); without replicates, against
    /// that reference when it pairs more.
    static func selected(_ pairs: [Pair], data: ReportData, network: String, metric: Metric, answer: String? = nil,
                         replicates: ((String) -> [Double?]?)? = nil) -> [Pair] {
        guard data.policies.count > 8 else { return pairs }
        // The reference is the answer, else the lowest stall rate — for the bytes chart too, whose
        // lowest value would be the policy that prefetches least (and stalls most).
        let values = data.policies.compactMap { policy in data.value(policy, network, Metric.stallRate.name).map { (policy, $0) } }
        let best = answer ?? values.min(by: { $0.1 < $1.1 })?.0
        func against(_ other: String) -> [Pair] {
            data.highlighted(network, limit: 13).filter { $0 != other }.compactMap { policy in
                if let pair = pairs.first(where: { $0.a == policy && $0.b == other }) { return pair }
                if let pair = pairs.first(where: { $0.a == other && $0.b == policy }) {
                    return Pair(a: policy, b: other, difference: -pair.difference, low: -pair.high, high: -pair.low)
                }
                return paired(policy, other, network: network, metric: metric, data: data, replicates: replicates)
            }
        }
        var rows = best.map(against) ?? []
        var counts: [String: Int] = [:]
        for pair in pairs { counts[pair.a, default: 0] += 1; counts[pair.b, default: 0] += 1 }
        // Without replicates to pair the answer with, the policy paired.csv pairs every other with.
        if rows.isEmpty, let reference = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, reference != best {
            rows = against(reference)
        }
        return Array(rows.prefix(12))
    }

    /// A − B from the replicates: the points' difference and the 95 % percentile interval of the
    /// replicate-by-replicate differences, as paired.csv makes it.
    private static func paired(_ a: String, _ b: String, network: String, metric: Metric, data: ReportData,
                               replicates: ((String) -> [Double?]?)?) -> Pair? {
        guard let replicates, let mine = replicates(a), let theirs = replicates(b),
              let x = data.value(a, network, metric.name), let y = data.value(b, network, metric.name) else { return nil }
        let differences = zip(mine, theirs).compactMap { p, q in p.flatMap { p in q.map { p - $0 } } }
        guard let interval = BootstrapReplicates.percentiles(differences) else { return nil }
        return Pair(a: a, b: b, difference: x - y, low: interval.low, high: interval.high)
    }
}
