/// The run as its manifest records it (command, version, seed, content, policies, networks,
/// inputs) and its rejected inputs, the first 200 with file, line and reason.
enum RunView {
    static func render(_ data: ReportData) -> Markup {
        let manifest = data.reports.manifest
        var html = Markup()
        html.element("h2", [], "Run")
        html.open("table", [("class", "facts")])
        html.open("tbody")
        var facts: [(String, String)] = [
            ("command", manifest.command.joined(separator: " ")), ("version", manifest.version), ("seed", String(manifest.seed)),
            ("content", "\(manifest.content.items) items × \(manifest.content.itemBytes) bytes, "
                + "\(ReportFormat.number(manifest.content.churnPerHour)) changes/hour on the newest page"),
            ("max age", "\(manifest.maxAgeMs) ms"), ("user waits", manifest.userWaits == true ? "yes (closed-loop)" : "no (open-loop)"),
            ("policies", manifest.policies.joined(separator: "; ")),
            ("networks", data.networks.map { "\(data.networkNames[$0] ?? $0) = \($0)" }.joined(separator: "; ")),
            ("sessions", String(manifest.sessions)), ("replays", String(manifest.replays)), ("rejects", String(manifest.rejects)),
        ]
        if manifest.bootstrapUnit == "user" {
            let named = manifest.inputs.reduce(0) { $0 + ($1.sessionsWithUser ?? 0) }
            facts.append(("intervals", "bootstrap over users: \(named) of \(manifest.sessions) sessions name their user "
                            + "(a session without one is a user of its own)"))
        }
        if let note = manifest.fewUnitsNote { facts.append(("few units", note)) }
        for (name, value) in facts {
            html.open("tr")
            html.element("th", [], name)
            html.element("td", [], value)
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        html.open("table", [("class", "numbers")])
        html.open("thead")
        html.open("tr")
        for header in ["input", "sessions", "rejects", "lines", "bytes"] { html.element("th", [], header) }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for input in manifest.inputs {
            html.open("tr")
            html.open("td")
            html.element("code", [], input.file)
            html.close("td")
            for value in [input.sessions, input.rejects, input.lines, input.bytes] { html.element("td", [], String(value)) }
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        let rejects = data.reports.rejects
        guard !rejects.isEmpty else { return html }
        html.element("h2", [], "Rejected inputs (\(rejects.count))")
        html.open("table", [("class", "rejects")])
        html.open("thead")
        html.open("tr")
        for header in RejectsTable.header { html.element("th", [], header) }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for reject in rejects.prefix(200) {
            html.open("tr")
            for field in [reject.file, String(reject.line), reject.session, reject.reason] { html.element("td", [], field) }
            html.close("tr")
        }
        if rejects.count > 200 {
            html.open("tr")
            html.element("td", [("colspan", "4")], "… and \(rejects.count - 200) more in rejects.csv")
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        return html
    }
}
