/// `report.html`: one self-contained page (inline SVG, CSS and a few lines of script to sort
/// tables; nothing from the network) that a performance engineer reads in a minute. It opens with
/// what to ship (`AnswerView`: tune's answer, or tune's rule on the run's sessions with a byte
/// budget, or the front without one); then per network: a heatmap per swept family, the stall-time distribution, the policy table, the Pareto front
/// and paired differences; then bytes against the tail on every network, the comparison with a
/// baseline if any, and the run. Each view is a file of this folder; the page is well-formed XML.
public struct HTMLReport: Sendable {
    public var reports: ReportFolder
    public var comparison: Comparison?
    /// Both compared runs' settings and the changes of the model between them, shown with the
    /// comparison; nil: none are said.
    public var settings: ComparedSettings?
    /// The limits the comparison was judged by, as `compare` prints them.
    public var limits: [Comparison.Threshold]
    /// The metrics of the per-policy table (`Metric.reported`).
    public var schema: MetricSchema
    /// The heatmaps' budget in bytes per navigation; nil: the median cell's.
    public var byteBudget: Double?

    public init(reports: ReportFolder, comparison: Comparison? = nil, settings: ComparedSettings? = nil, limits: [Comparison.Threshold] = [],
                schema: MetricSchema = .standard, byteBudget: Double? = nil) {
        self.reports = reports
        self.comparison = comparison
        self.settings = settings
        self.limits = limits
        self.schema = schema
        self.byteBudget = byteBudget
    }

    public var html: String {
        let data = ReportData(reports: reports, schema: schema)
        let bootstrap = BootstrapFile.read(folder: reports.folder)
        let evidence = data.networks.map { PageAnswer.evidence(data: data, bootstrap: bootstrap, network: $0) }
        let answers = data.networks.enumerated().map { index, network in
            PageAnswer(data: data, network: network, budget: byteBudget, evidence: evidence[index])
        }
        var page = Markup()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", [("lang", "en")])
        page.raw("\n")
        page.wrap("head") { head in
            head.element("meta", [("charset", "utf-8")])
            head.element("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
            head.element("title", [], "DeckBench report")
            head.code("style", Self.css)
        }
        page.open("body")
        page.raw("\n")
        page.element("h1", [], "DeckBench report")
        page.open("p", [("class", "lead")])
        if let shard = reports.manifest.shard {
            page.write("Shard \(shard) of a run, its sessions only (`deckbench merge` the shards for the run): ")
        }
        page.write("\(reports.manifest.sessions) session\(reports.manifest.sessions == 1 ? "" : "s") × \(data.policies.count) polic\(data.policies.count == 1 ? "y" : "ies") × "
            + "\(data.networks.count) network\(data.networks.count == 1 ? "" : "s"), "
            + "seed \(reports.manifest.seed), DeckBench \(reports.manifest.version). Rejected inputs: ")
        page.element("strong", [], "\(reports.rejects.count)")
        page.write(".")
        page.close("p")
        if let note = reports.manifest.fewUnitsNote {
            page.open("p", [("class", "lead few-units")])
            page.element("strong", [], "Few units: ")
            page.write(note.prefix(1).uppercased() + note.dropFirst() + ".")
            page.close("p")
        }
        // A network that answers nothing, as the run warned on stderr: a nightly reads the page.
        // (An empirical network's capture is not read again here: it may be large, or gone.)
        let pageBytes = reports.manifest.content.items * reports.manifest.content.itemBytes
        for network in data.networks where !network.hasPrefix("empirical:") {
            guard let model = try? NetworkModel.parse(network) else { continue }
            for caution in model.cautions(pageBytes: pageBytes) {
                page.open("p", [("class", "lead caution")])
                page.element("strong", [], "\(data.networkNames[network] ?? network) answers nothing: ")
                page.write(caution + ".")
                page.close("p")
            }
        }
        if let comparison {
            let verdict = ComparisonVerdict(comparison, limits: limits)
            page.open("p", [("class", "lead")])
            page.write("Against the baseline: ")
            page.element("strong", [], verdict.verdictLine)
            page.write(" (")
            page.element("a", [("href", "#comparison")], "comparison")
            // Without limits a PASS judges nothing: said here too, as in the comparison's section.
            let unjudged = limits.isEmpty ? "; no --max-increase or --max-decrease was given, so no metric is judged" : ""
            page.write(")" + unjudged + (settings?.caveat.map { "; " + $0 } ?? "") + ".")
            page.close("p")
        }
        page.append(AnswerView.render(data, answers: answers, bootstrap: bootstrap))
        if !reports.tune.isEmpty { page.append(RaceView.render(data)) }
        for (index, network) in data.networks.enumerated() {
            page.element("h2", [("id", "network-\(index + 1)")], "Network \(index + 1): \(data.networkNames[network] ?? network)")
            page.open("p", [("class", "spec")])
            page.element("code", [], network)
            page.close("p")
            for family in data.families where family.grid != nil {
                page.element("h3", [], "The \(family.name) sweep")
                page.append(HeatmapView.render(data, family: family, network: network, answer: answers[index]))
            }
            page.element("h3", [], "Stall times")
            page.append(StallCDFView.render(data, network: network))
            page.element("h3", [], "Policies")
            page.append(PolicyTableView.render(data, network: network))
            page.element("h3", [], "Stalls against bytes")
            page.append(ParetoView.render(data, network: network))
            if !reports.paired.isEmpty { page.element("h3", [], "Paired differences") }
            for metric in [Metric.stallRate, Metric.bytesPerNavigation] {
                page.append(ForestView.render(data, network: network, metric: metric, answer: answers[index].shipped) { policy in
                    evidence[index](policy).map { metric.name == Metric.stallRate.name ? $0.objectiveReplicates : $0.bytesReplicates }
                })
            }
        }
        page.append(TradeOffView.render(data))
        if let comparison { page.append(ComparisonView.render(comparison, limits: limits, settings: settings, data: data)) }
        page.append(RunView.render(data))
        page.code("script", PolicyTableView.script)
        page.close("body")
        page.close("html")
        return page.text
    }

    static let css = """
        body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}\
        @media (max-width:600px){body{margin:10px}}.lead.answer{font-size:16px;border-left:4px solid #0072B2;padding-left:10px}\
        div.chart-box{overflow-x:auto}div.chart-box svg.heatmap{max-width:none}\
        @media (max-width:600px){div.chart-box svg.chart{min-width:560px;max-width:none}}\
        code,td{overflow-wrap:anywhere;word-break:break-word}\
        h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-top:1px solid #ccc;padding-top:12px}h3{font-size:15px;margin:18px 0 4px}\
        code{font-size:12px}p.spec{margin-top:0;color:#555}.lead{font-size:15px}.few-units,.caution{border-left:4px solid #D55E00;padding-left:10px}.note{font-size:13px;color:#444}\
        .small{font-size:11px}.tiny{font-size:10px}svg text{font-family:system-ui,sans-serif;font-size:12px}svg text:not([fill]){fill:#222}\
        svg{display:block;max-width:100%;height:auto}\
        table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px}\
        table.numbers td{text-align:right;white-space:nowrap}table.numbers td:first-child{text-align:left;white-space:normal;min-width:13em}\
        th{background:#f3f3f3}table.sortable thead th{cursor:pointer}tr.family th{text-align:left;background:#e8eef5}\
        tr.regression td{background:#fbe3d6;font-weight:bold}\
        p.caveat{border-left:4px solid #D55E00;padding-left:10px}tr.differs td,tr.differs th{background:#fff3c4;font-weight:bold}table.settings tbody th{text-align:left;white-space:nowrap}tr.better td{background:#e3f0f7}\
        table.facts th{text-align:left;width:110px}table.rejects td{text-align:left}details summary{cursor:pointer;margin:6px 0}div.scroll{overflow-x:auto}ol.front{font-size:13px;columns:2}span.ci{display:block;font-size:11px;color:#555}
        """
}
