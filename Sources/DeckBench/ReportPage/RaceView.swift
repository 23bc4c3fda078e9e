import Foundation

/// A tune folder's race (`tune.csv`), above the held-out reports: per network the shipped policy
/// and the incumbent with their held-out figures, the leader, the candidates within the
/// indifference zone and those still undecided at the end with their searched ones (objective and
/// bytes), and how many candidates left in each round and why.
enum RaceView {
    static func render(_ data: ReportData) -> Markup {
        let rows = data.reports.tune
        var html = Markup()
        html.element("h2", [("id", "race")], "The race")
        let raced = Set(rows.filter { $0.status != .incumbent }.map(\.policy)).count
        html.element("p", [], "deckbench tune raced \(raced) candidate polic\(raced == 1 ? "y" : "ies") on the searched "
            + "sessions, shipped the one with the fewest bytes among the feasible candidates within the indifference zone of the "
            + "best (at a knee, where a far better one straddles the budget, there is no confirmed answer: both sides of the choice), "
            + "then replayed it (and the incumbent, when given) on held-out sessions the race never saw: the reports below are "
            + "that held-out replay. The held-out figure is the one to expect; the searched one chose the policy and flatters it.")
        let networks = rows.map(\.network).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for network in networks {
            let members = rows.filter { $0.network == network }
            html.element("h3", [], data.networkNames[network] ?? network)
            html.append(finalists(members))
            html.element("p", [], outByRound(members))
        }
        return html
    }

    /// The shipped policy, the leader, those within the zone and the incumbent: searched and
    /// held-out objective, with the held-out interval.
    private static func finalists(_ members: [TuneRow]) -> Markup {
        var html = Markup()
        html.open("div", [("class", "scroll")])
        html.open("table", [("class", "numbers")])
        html.open("thead")
        html.open("tr")
        let objective = members.first?.objective ?? TuneObjective.stallRate.rawValue
        for header in ["policy", "status", "\(objective), searched", "bytes / navigation, searched", "held out (95 % CI)", "held-out sessions",
                       "held-out bytes / navigation"] {
            html.element("th", [], header)
        }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        // The finalists first, then those the race could not settle (still in, undecided: a
        // cheaper one among them is what more sessions might have shipped), then the incumbent.
        let open: [TuneRow.Status] = [.stillIn, .undecided]
        let finalists = members.filter { $0.status.isFinalist && $0.status != .incumbent }
        for row in finalists + members.filter({ open.contains($0.status) }) + members.filter({ $0.status == .incumbent }) {
            html.open("tr")
            html.open("td")
            html.element("code", [], row.policy)
            html.close("td")
            html.element("td", row.why.isEmpty ? [] : [("title", row.why)], row.status == .stillIn ? "still in" : row.status.rawValue.replacingOccurrences(of: "_", with: " "))
            let shown = { (number: Double?) in value(number, objective: objective) }
            html.element("td", [], shown(row.value))
            html.element("td", [], row.bytesPerNavigation.map { String(Int($0.rounded())) } ?? "")
            html.element("td", [], row.heldoutValue != nil
                ? "\(shown(row.heldoutValue)) (\(shown(row.heldoutLow))–\(shown(row.heldoutHigh)))" : "")
            html.element("td", [], row.heldoutSessions.map(String.init) ?? "")
            html.element("td", [], row.heldoutBytesPerNavigation.map { String(Int($0.rounded())) } ?? "")
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
        return html
    }

    /// A ratio as the page's tables show it: a stall rate in %, a time per navigation in ms.
    private static func value(_ number: Double?, objective: String) -> String {
        guard let number else { return "" }
        return objective == TuneObjective.stallRate.rawValue ? String(format: "%.2f %%", 100 * number) : String(format: "%.1f ms", number)
    }

    /// "Out: round 1: 90 (60 over the budget, 30 worse than the leader); …".
    private static func outByRound(_ members: [TuneRow]) -> String {
        let out = members.filter { $0.status == .out }
        let undecided = members.count { $0.status == .undecided || $0.status == .betterUndecided }
        let stillIn = members.count { $0.status == .stillIn }
        guard !out.isEmpty || undecided > 0 || stillIn > 0 else { return "No candidate left the race." }
        var parts: [String] = []
        for round in Set(out.compactMap(\.round)).sorted() {
            let here = out.filter { $0.round == round }
            let reasons = TuneCandidate.Exit.allCases.compactMap { exit -> String? in
                let count = here.count { $0.why == exit.rawValue }
                return count == 0 ? nil : "\(count) \(exit.rawValue)"
            }
            parts.append("round \(round): \(here.count) (\(reasons.joined(separator: ", ")))")
        }
        var text = "Out: " + (parts.isEmpty ? "none" : parts.joined(separator: "; ")) + "."
        if stillIn > 0 { text += " Still in at the end, neither shown worse than the leader nor within delta of it: \(stillIn)." }
        if undecided > 0 { text += " Still in at the end, their bytes interval holding the budget (undecided): \(undecided)." }
        return text + " Every candidate, its round and its figures: tune.csv."
    }
}
