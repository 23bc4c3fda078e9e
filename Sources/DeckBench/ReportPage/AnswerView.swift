import Foundation

/// The page's first section, "What to ship", per network. A tune folder leads with tune's answer
/// from `tune.csv` (the shipped policy, or the choice at a knee, with held-out figures, the budget
/// and the paired difference against the incumbent); a run leads with `PageAnswer`: tune's rule on
/// its own sessions with `--byte-budget`, or the front and what each step along it buys.
enum AnswerView {
    static func render(_ data: ReportData, answers: [PageAnswer], bootstrap: BootstrapFile?) -> Markup {
        var html = Markup()
        html.element("h2", [("id", "answer")], "What to ship")
        if !data.reports.tune.isEmpty {
            html.append(tuneAnswer(data, bootstrap: bootstrap, pageBudget: answers.first?.budget))
            return html
        }
        for answer in answers {
            let name = data.networkNames[answer.network] ?? answer.network
            if answer.budget == nil {
                html.append(front(answer, name: name, data: data))
            } else {
                html.paragraph(sentence(answer, name: name, data: data), [("class", "lead answer"), ("data-network", answer.network)])
            }
        }
        return html
    }

    /// The rule's verdict with a budget, as one paragraph.
    static func sentence(_ answer: PageAnswer, name: String, data: ReportData) -> String {
        let budget = kB(answer.budget ?? 0)
        func figures(_ policy: String) -> String {
            "\(rate(data.value(policy, answer.network, Metric.stallRate.name))) stalls, "
                + "\(kB(data.value(policy, answer.network, Metric.bytesPerNavigation.name) ?? 0)) a navigation"
        }
        switch answer.verdict {
        case let .ship(policy, leader, zone)?:
            var text = "\(name): ship `\(policy)` — \(figures(policy)). Within the byte budget of \(budget) a navigation (confirmed, "
                + "paired) and "
            if let leader {
                text += "the fewest bytes of the \(zone) policies within 0.1 points of the lowest stall rate, `\(leader)` (\(figures(leader)))"
            } else {
                text += "the lowest stall rate within it; no cheaper policy was shown within 0.1 points of it"
            }
            return text + ": `deckbench tune`'s rule on these sessions."
        case let .choice(safe, better, difference, probability, settling)?:
            var text = "\(name): no confirmed answer — choose between `\(better)` (\(figures(better))"
            if let probability { text += ", over the budget of \(budget) with probability \(TuneAnswer.probability(probability))" }
            text += ") and `\(safe)` (\(figures(safe)), confirmed within it), \(String(format: "%.2f", -100 * difference)) points of "
                + "stall rate apart (paired)"
            if let settling { text += "; about \(settling) sessions would settle the better one's bytes" }
            return text + "."
        case let .none(undecided)?:
            return "\(name): no policy is confirmed within the byte budget of \(budget) a navigation"
                + (undecided > 0 ? "; \(undecided) straddle it: more sessions would settle them." : ".")
        case .noReplicates?, nil:
            return "\(name): the run has no bootstrap replicates, so no policy can be confirmed within the byte budget of \(budget) "
                + "(replay with --bootstrap N)."
        }
    }

    /// Without a budget: the front, cheapest first, and what each step buys, paired.
    private static func front(_ answer: PageAnswer, name: String, data: ReportData) -> Markup {
        var html = Markup()
        html.paragraph("\(name): no byte budget was given, so the page ships nothing (`deckbench report --byte-budget BYTES` applies "
            + "`deckbench tune`'s rule). The Pareto front, cheapest first, and what each step to the next point buys on the same "
            + "sessions (paired 95 % interval; a step whose interval holds 0 buys nothing sampling noise can tell):",
            [("class", "lead answer"), ("data-network", answer.network)])
        guard !answer.steps.isEmpty else {
            if let only = answer.front.first { html.paragraph("The front is one policy: `\(only)`.") }
            return html
        }
        html.open("div", [("class", "scroll")])
        html.open("table", [("class", "numbers steps")])
        html.open("thead")
        html.open("tr")
        for header in ["step along the front", "stall rate", "change (paired 95 % CI)", "bytes / navigation"] { html.element("th", [], header) }
        html.close("tr")
        html.close("thead")
        html.open("tbody")
        for step in answer.steps {
            html.open("tr")
            html.open("td")
            html.element("code", [], step.cheaper)
            html.write(" → ")
            html.element("code", [], step.dearer)
            html.close("td")
            html.element("td", [], "\(rate(data.value(step.cheaper, answer.network, Metric.stallRate.name))) → "
                + rate(data.value(step.dearer, answer.network, Metric.stallRate.name)))
            html.element("td", [], points(step.difference) + (step.interval.map {
                String(format: " (%+.2f … %+.2f)", 100 * $0.low, 100 * $0.high)
            } ?? ""))
            html.element("td", [], String(format: "%+.1f kB", step.bytesDifference / 1_000))
            html.close("tr")
        }
        html.close("tbody")
        html.close("table")
        html.close("div")
        return html
    }

    /// A tune folder: per network the shipped policy (or the choice) with its held-out figures,
    /// the budget tune was given, and the paired difference against the incumbent.
    private static func tuneAnswer(_ data: ReportData, bootstrap: BootstrapFile?, pageBudget: Double?) -> Markup {
        var html = Markup()
        let rows = data.reports.tune
        let budget = option("--byte-budget", in: data.reports.manifest.command) ?? option("--budget", in: data.reports.manifest.command)
        if let asked = pageBudget {
            html.paragraph("This folder is `deckbench tune`'s: its answer is the race's, within the budget tune was given; "
                + "--byte-budget \(ReportFormat.number(asked)) is not applied to it.", [("class", "note")])
        }
        for network in rows.map(\.network).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let members = rows.filter { $0.network == network }
            let name = data.networkNames[network] ?? NetworkModel.shortSpec(network)
            let budgetText = budget.map { " (byte budget `\($0)`)" } ?? " (no byte budget)"
            if let shipped = members.first(where: { $0.status == .shipped }) {
                html.paragraph("\(name): ship `\(shipped.policy)` — \(heldOut(shipped))\(budgetText).", [("class", "lead answer"), ("data-network", network)])
                if let open = stillIn(members, shipped: shipped) { html.paragraph(open, [("class", "note")]) }
                if let incumbent = members.first(where: { $0.status == .incumbent }) {
                    html.paragraph(versus(shipped.policy, incumbent.policy, network: network, data: data, bootstrap: bootstrap), [("class", "note")])
                }
            } else if let safe = members.first(where: { $0.status == .safe }) {
                let better = members.first { $0.status == .betterUndecided && $0.heldoutSessions != nil }
                var text = "\(name): no confirmed answer\(budgetText) — choose between "
                if let better { text += "`\(better.policy)` (\(heldOut(better)); its bytes straddle the budget) and " }
                text += "`\(safe.policy)` (\(heldOut(safe)); confirmed within the budget)."
                html.paragraph(text, [("class", "lead answer"), ("data-network", network)])
                if let better { html.paragraph(versus(safe.policy, better.policy, network: network, data: data, bootstrap: bootstrap), [("class", "note")]) }
                if let incumbent = members.first(where: { $0.status == .incumbent }) {
                    html.paragraph(versus(safe.policy, incumbent.policy, network: network, data: data, bootstrap: bootstrap), [("class", "note")])
                }
            }
        }
        return html
    }

    /// The candidates the race left undecided beside the shipped one, as tune says them: neither
    /// shown worse than the leader nor shown within delta, and those of them that spent fewer
    /// bytes on the searched sessions named (the answer might have been one of them). Nil for none.
    private static func stillIn(_ members: [TuneRow], shipped: TuneRow) -> String? {
        let open = members.filter { $0.status == .stillIn }
        guard !open.isEmpty else { return nil }
        var text = "\(open.count) other\(open.count == 1 ? "" : "s") still in, neither shown worse than the leader nor shown within "
            + "delta of it: too few sessions to tell (more sessions, or a larger --delta, would)"
        if let bytes = shipped.bytesPerNavigation {
            let cheaper = open.filter { ($0.bytesPerNavigation ?? .infinity) < bytes }
            if !cheaper.isEmpty {
                text += "; \(cheaper.count == 1 ? "one spent" : "\(cheaper.count) spent") fewer bytes than `\(shipped.policy)` on the searched "
                    + "sessions: " + cheaper.map { "`\($0.policy)`" }.joined(separator: ", ")
            }
        }
        return text + "."
    }

    private static func heldOut(_ row: TuneRow) -> String {
        var text = "held-out \(row.objective) " + value(row.heldoutValue, objective: row.objective)
        if row.heldoutLow != nil { text += " (95 % CI \(value(row.heldoutLow, objective: row.objective))–\(value(row.heldoutHigh, objective: row.objective)))" }
        if let bytes = row.heldoutBytesPerNavigation { text += ", \(kB(bytes)) a navigation" }
        return text
    }

    /// "A against B on the same held-out sessions: −0.42 points of stall rate (paired 95 % CI …), bytes …".
    private static func versus(_ a: String, _ b: String, network: String, data: ReportData, bootstrap: BootstrapFile?) -> String {
        let evidence = PageAnswer.evidence(data: data, bootstrap: bootstrap, network: network)
        guard let mine = evidence(a), let theirs = evidence(b), let x = mine.objective, let y = theirs.objective else {
            return "`\(a)` against `\(b)`: no figures for both on these sessions."
        }
        let differences = zip(mine.objectiveReplicates, theirs.objectiveReplicates).compactMap { p, q in p.flatMap { p in q.map { p - $0 } } }
        var text = "`\(a)` − `\(b)` on the same held-out sessions: \(points(x - y)) of stall rate"
        if let interval = BootstrapReplicates.percentiles(differences) {
            text += String(format: " (paired 95 %% CI %+.2f … %+.2f)", 100 * interval.low, 100 * interval.high)
        }
        if let p = mine.bytesPerNavigation, let q = theirs.bytesPerNavigation { text += String(format: ", %+.1f kB a navigation", (p - q) / 1_000) }
        return text + "."
    }

    /// The value given to `flag` on a command line (`--flag V` or `--flag=V`).
    static func option(_ flag: String, in command: [String]) -> String? {
        for (index, argument) in command.enumerated() {
            if argument == flag, index + 1 < command.count { return command[index + 1] }
            if argument.hasPrefix(flag + "=") { return String(argument.dropFirst(flag.count + 1)) }
        }
        return nil
    }

    private static func value(_ number: Double?, objective: String) -> String {
        guard let number else { return "-" }
        return objective == TuneObjective.stallRate.rawValue ? rate(number) : String(format: "%.1f ms", number)
    }

    static func rate(_ value: Double?) -> String { value.map { PolicyTableView.percent($0) + " %" } ?? "-" }
    static func points(_ value: Double) -> String { String(format: "%+.2f points", 100 * value) }
    static func kB(_ bytes: Double) -> String { bytes < 100 ? ReportFormat.number(bytes) + " bytes" : ReportFormat.number((bytes / 100).rounded() / 10) + " kB" }
}
