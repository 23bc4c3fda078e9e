/// The comparison with a baseline (`report --baseline`): the verdict as `compare` prints it, then
/// every row with a limit under its verdict (regression, inconclusive, within) with the
/// simultaneous interval it was judged on, and what moved without a limit with its own paired
/// interval. `compare.csv` has every row. Under the verdict, what `compare` says with it: the
/// changes of the model between the runs, and both runs' settings side by side.
enum ComparisonView {
    static func render(_ comparison: Comparison, limits: [Comparison.Threshold], settings: ComparedSettings? = nil,
                       data: ReportData) -> Markup {
        let verdict = ComparisonVerdict(comparison, limits: limits, names: data.networkNames)
        var html = Markup()
        html.element("h2", [("id", "comparison")], "Compared with the baseline")
        html.element("p", [("class", "lead")], verdict.verdictLine)
        if let caveat = settings?.caveat { html.element("p", [("class", "caveat")], caveat.prefix(1).uppercased() + caveat.dropFirst() + ".") }
        if let settings, !settings.settings.isEmpty { html.append(settingsTable(settings)) }
        if let promise = verdict.promiseLine { html.paragraph(promise) }
        if limits.isEmpty {
            html.paragraph("No --max-increase or --max-decrease was given: nothing is judged, so this passes whatever changed.")
        }
        let listed: [ComparisonVerdict.Section] = [.regression, .inconclusive, .within, .worse, .better, .missingAllowed, .newInCandidate]
        let rows = comparison.rows.filter { listed.contains(verdict.section(of: $0)) }
        html.paragraph("Listed: \(rows.count) of \(comparison.rows.count) comparison\(comparison.rows.count == 1 ? "" : "s") (every metric with a limit, metrics with an "
            + "interval that moved, policies on one side only); `deckbench compare` writes them all to `compare.csv`. Networks are named as in the "
            + "sections above.")
        html.open("table", [("class", "numbers")])
        html.open("thead")
        html.open("tr")
        for header in ["policy", "network", "metric", "baseline", "candidate", "change", "interval", "limit", "detectable", "verdict"] {
            html.element("th", [], header)
        }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for row in rows {
            let section = verdict.section(of: row)
            let regression = section == .regression
            html.open("tr", [("class", regression ? "regression" : section == .better ? "better" : "plain")])
            let change = verdict.change(row)
            // A judged row's simultaneous interval; another row's own 95 % paired interval.
            let shown = row.verdict == nil ? row.changeInterval : row.simultaneousInterval
            let interval = shown.map { verdict.inLimitForm($0, row) } ?? ""
            let detectable = row.detectableChange.map { verdict.detectable($0, row) } ?? ""
            let status = regression ? "REGRESSION" : row.verdict?.rawValue ?? row.status.rawValue
            for cell in [row.policy, verdict.network(of: row), row.metric, row.baseline, row.candidate, change, interval,
                         row.threshold, detectable, status] {
                html.element("td", [], cell)
            }
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        return html
    }

    /// Both runs' settings, those that differ marked.
    private static func settingsTable(_ settings: ComparedSettings) -> Markup {
        var html = Markup()
        html.open("table", [("class", "settings")])
        html.open("thead")
        html.open("tr")
        for header in ["setting", "baseline", "candidate"] { html.element("th", [], header) }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for setting in settings.settings {
            html.open("tr", setting.differs ? [("class", "differs")] : [])
            html.element("th", [], setting.name)
            html.element("td", [], setting.baseline)
            html.element("td", [], setting.candidate)
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        return html
    }
}
