import Foundation

/// A sweep over one or two parameters of a family, on one network, as a grid: a cell per policy
/// with its stall rate and bytes per navigation, coloured by stall rate (light is better), the
/// Pareto front's cells marked with a dot, and the page's answer outlined (`PageAnswer`: with
/// `report --byte-budget`, `tune`'s rule on the run's sessions, the same answer the page opens
/// with). The grid scrolls sideways on a narrow screen rather than shrinking its numbers. Each
/// cell's tooltip names its policy in full.
enum HeatmapView {
    static func render(_ data: ReportData, family: PolicyFamily, network: String, answer: PageAnswer) -> Markup {
        var html = Markup()
        guard let grid = family.grid else { return html }
        let cellWidth = 86, cellHeight = 40
        let left = 90, top = 46
        let width = left + cellWidth * grid.columns.count + 20
        let height = top + cellHeight * grid.rows.count + 24
        var cells: [(policy: String, row: Int, column: Int, rate: Double, bytes: Double, front: Bool)] = []
        for (rowIndex, rowValue) in grid.rows.enumerated() {
            for (columnIndex, columnValue) in grid.columns.enumerated() {
                guard let policy = grid.cells[rowValue + "|" + columnValue],
                      let rate = data.value(policy, network, Metric.stallRate.name),
                      let bytes = data.value(policy, network, Metric.bytesPerNavigation.name) else { continue }
                cells.append((policy, rowIndex, columnIndex, rate, bytes, data.row(policy, network)?.pareto == true))
            }
        }
        guard !cells.isEmpty else { return html }
        let best = answer.shipped.flatMap { shipped in cells.first { $0.policy == shipped } }
        let rates = cells.map(\.rate)
        let (low, high) = (rates.min() ?? 0, rates.max() ?? 1)
        html.paragraph("`\(family.name)` swept over \(grid.columnKey.map { "`\(grid.rowKey)` (rows) and `\($0)` (columns)" } ?? "`\(grid.rowKey)`"): "
            + "each cell holds the stall rate and the kilobytes per navigation; lighter is fewer stalls (log scale) "
            + "(\(PolicyTableView.percent(low)) % to \(PolicyTableView.percent(high)) %). A dot marks the Pareto front"
            + (answer.budget == nil ? "; with a byte budget (`deckbench report --byte-budget BYTES`) a thick outline marks the cell to ship."
                : "; the thick outline is the cell to ship, the page's answer above."))
        var svg = Markup()
        svg.open("svg", [("class", "chart heatmap"), ("width", "\(width)"), ("height", "\(height)"), ("viewBox", "0 0 \(width) \(height)"),
                         ("role", "img"), ("aria-label", "\(family.name) sweep on \(data.networkNames[network] ?? network)")])
        svg.raw("\n")
        if let columnKey = grid.columnKey {
            svg.element("text", [("x", "\(left + cellWidth * grid.columns.count / 2)"), ("y", "14"), ("text-anchor", "middle")], columnKey)
        }
        for (index, value) in grid.columns.enumerated() where grid.columnKey != nil {
            svg.element("text", [("x", "\(left + cellWidth * index + cellWidth / 2)"), ("y", "\(top - 8)"), ("text-anchor", "middle"),
                                 ("class", "small")], value)
        }
        svg.element("text", [("transform", "translate(16 \(top + cellHeight * grid.rows.count / 2)) rotate(-90)"), ("text-anchor", "middle")],
                    grid.rowKey)
        for (index, value) in grid.rows.enumerated() {
            svg.element("text", [("x", "\(left - 8)"), ("y", "\(top + cellHeight * index + cellHeight / 2 + 4)"), ("text-anchor", "end"),
                                 ("class", "small")], value)
        }
        for cell in cells {
            let x = left + cellWidth * cell.column, y = top + cellHeight * cell.row
            // On a log scale, so that the cells near the best stay apart from the worst ones.
            let share = high > low && low > 0 ? log(cell.rate / low) / log(high / low) : high > low ? (cell.rate - low) / (high - low) : 0
            let isBest = best?.policy == cell.policy
            svg.open("g", [("class", "cell"), ("data-policy", cell.policy), ("data-network", network)] + (isBest ? [("data-best", "1")] : [])
                + (cell.front ? [("data-front", "1")] : []))
            svg.element("title", [], "\(cell.policy): \(PolicyTableView.percent(cell.rate)) % stalls, \(ReportFormat.number(cell.bytes / 1_000)) kB "
                + "per navigation" + (cell.front ? ", on the Pareto front" : ""))
            svg.element("rect", [("x", "\(x + 1)"), ("y", "\(y + 1)"), ("width", "\(cellWidth - 2)"), ("height", "\(cellHeight - 2)"),
                                 ("fill", color(share)), ("stroke", isBest ? "#000" : "#fff"), ("stroke-width", isBest ? "3" : "1")])
            let ink = share > 0.55 ? "#fff" : "#111"
            svg.element("text", [("x", "\(x + cellWidth / 2)"), ("y", "\(y + 17)"), ("text-anchor", "middle"), ("class", "small"), ("fill", ink)],
                        PolicyTableView.percent(cell.rate) + " %")
            svg.element("text", [("x", "\(x + cellWidth / 2)"), ("y", "\(y + 31)"), ("text-anchor", "middle"), ("class", "tiny"), ("fill", ink)],
                        ReportFormat.number((cell.bytes / 100).rounded() / 10) + " kB")
            if cell.front {
                svg.element("circle", [("cx", "\(x + 9)"), ("cy", "\(y + 9)"), ("r", "4"), ("fill", "#D55E00"), ("stroke", "#fff")])
            }
            svg.close("g")
        }
        svg.close("svg")
        html.append(svg)
        if let best {
            html.paragraph("Outlined: `\(best.policy)`, \(PolicyTableView.percent(best.rate)) % stalls at "
                + "\(exactKB(best.bytes)) per navigation.", [("class", "note")])
        } else if let budget = answer.budget {
            let cheapest = cells.min { ($0.bytes, $0.policy) < ($1.bytes, $1.policy) }
            let why: String
            switch answer.verdict {
            case let .ship(policy, _, _)?: why = "the answer, `\(policy)`, is not of this sweep."
            case let .choice(safe, better, _, _, _)?:
                why = "there is no confirmed answer within \(exactKB(budget)) per navigation (above): `\(better)`, whose bytes straddle "
                    + "the budget, or `\(safe)`, confirmed within it but far worse."
            case .noReplicates?: why = "the run has no bootstrap replicates to confirm a cell within the budget by."
            case .none?, nil:
                why = "no cell is confirmed within \(exactKB(budget)) per navigation (above); the fewest bytes of a cell is "
                    + "\(exactKB(cheapest?.bytes ?? 0)), at `\(cheapest?.policy ?? "")`."
            }
            html.paragraph("No cell is outlined: " + why, [("class", "note")])
        }
        return html
    }

    /// Bytes as kB to a tenth, or as bytes below 100 (a budget of a few bytes reads as itself, not 0 kB).
    private static func exactKB(_ bytes: Double) -> String {
        bytes < 100 ? ReportFormat.number(bytes) + " bytes" : ReportFormat.number((bytes / 100).rounded() / 10) + " kB"
    }

    /// A sequential colour from light (0: fewest stalls) to dark red (1: most), readable in grey.
    static func color(_ share: Double) -> String {
        let stops: [(Double, Double, Double)] = [(255, 247, 236), (253, 212, 158), (252, 141, 89), (215, 48, 31), (127, 0, 0)]
        let position = min(max(share, 0), 1) * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let t = position - Double(index)
        let (a, b) = (stops[index], stops[index + 1])
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * t).rounded()) }
        return String(format: "#%02X%02X%02X", mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }
}
