import CSV
import DeckBench
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct ReportCommandTests {
    /// A corpus (with a damaged file or not) and its run with the page, made once for the suite.
    private static func replayed(damaged: Bool) throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        try DeckBenchTool.prepare(["generate", "--out", "rec", "--sessions", "60", "--seed", "21", "--level", "3"], in: folder)
        if damaged {
            let text = #"{"v":1,"session":"bad","page":0,"first":0,"last":9}"# + "\n" + #"{"t":5,"e":"tap","dir":"up"}"# + "\n"
            _ = FileManager.default.createFile(atPath: folder + "/rec/bad.jsonl", contents: Data(text.utf8))
        }
        try DeckBenchTool.prepare(["replay", "rec", "--out", "out", "--html", "--quiet", "--max-rejects", "5",
                                   "--network", "lte", "--network", "3g"], in: folder)
        return folder
    }

    private static let sound = Result { try replayed(damaged: false) }
    private static let damaged = Result { try replayed(damaged: true) }

    /// A folder of its own with the corpus and its run, for one test.
    private func run(damaged: Bool) throws -> String {
        try DeckBenchTool.copy(of: try (damaged ? Self.damaged : Self.sound).get())
    }

    private func rows(_ path: String) throws -> [[String: String]] {
        try DeckBenchTool.csvRows(path)
    }

    /// A network that answers nothing is said on the page's first lines, as the run said it on
    /// stderr; a network that answers is not.
    @Test func aNetworkThatAnswersNothingIsSaidOnThePage() throws {
        let folder = try run(damaged: false)
        let replay = try DeckBenchTool.run(["replay", "rec", "--out", "dead", "--html", "--quiet", "--policy", "fixed",
                                            "--network", "lte:loss=1", "--network", "3g"], in: folder)
        #expect(replay.status == 0 && replay.stderr.contains("loss=1: every request is lost"), "\(replay.stderr)")
        let page = try String(contentsOfFile: folder + "/dead/report.html", encoding: .utf8)
        #expect(page.contains(#"<p class="lead caution"><strong>lte:loss=1 answers nothing: </strong>loss=1: every request is lost, so none is answered.</p>"#))
        #expect(page.components(separatedBy: "answers nothing").count == 2)
    }

    /// A new run into a folder removes the old run's page and comparison (they describe a run that
    /// is no longer there) and keeps the team's own files; `--html` writes the new run's page.
    @Test func aNewRunRemovesTheOldRunsPageAndComparison() throws {
        let folder = try run(damaged: false)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--seed", "2"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["compare", "base", "out", "--quiet"], in: folder).status == 0)
        try "the team's notes\n".write(toFile: folder + "/out/notes.txt", atomically: true, encoding: .utf8)
        for file in ["report.html", "compare.csv", "notes.txt"] { #expect(FileManager.default.fileExists(atPath: folder + "/out/" + file), "\(file)") }
        _ = try DeckBenchTool.run(["generate", "--out", "fewer", "--sessions", "20", "--seed", "22", "--level", "3"], in: folder)
        #expect(try DeckBenchTool.run(["replay", "fewer", "--out", "out", "--quiet"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/report.html") && !FileManager.default.fileExists(atPath: folder + "/out/compare.csv"))
        #expect(try String(contentsOfFile: folder + "/out/notes.txt", encoding: .utf8) == "the team's notes\n")
        #expect(try DeckBenchTool.run(["replay", "fewer", "--out", "out", "--quiet", "--html"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8).contains("20 sessions ×"))
    }

    /// A summary.csv a tool removed stall_rate from, in a folder whose manifest lists no files (as
    /// an earlier DeckBench's): refused with the file and the column, not a page with a blank
    /// column; the history is not written.
    @Test func aSummaryWithoutAColumnEveryRunWritesIsRefused() throws {
        let folder = try run(damaged: false)
        let summary = folder + "/out/summary.csv"
        var lines = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let column = try #require(header.firstIndex(of: "stall_rate"))
        // A spreadsheet's removal: the column's field cut from each row, quoted fields (the full
        // network spec) kept whole.
        lines = lines.map { line in
            var fields: [String] = []
            var field = ""
            var quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() }
                if character == ",", !quoted {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(character)
                }
            }
            fields.append(field)
            if fields.count > column { fields.remove(at: column) }
            return fields.joined(separator: ",")
        }
        try lines.joined(separator: "\n").write(toFile: summary, atomically: true, encoding: .utf8)
        let manifest = folder + "/out/manifest.json"
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        json["files"] = nil
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: manifest))
        let report = try DeckBenchTool.run(["report", "out"], in: folder)
        #expect(report.status == 74 && report.stderr.contains("out/summary.csv, line 1, stall_rate: no column stall_rate in the header"),
                "\(report.stderr)")
        let history = try DeckBenchTool.run(["history", "append", "out", "--history", "h.csv"], in: folder)
        #expect(history.status == 74 && !FileManager.default.fileExists(atPath: folder + "/h.csv"))
    }

    @Test func reportIsWellFormedAndSelfContained() throws {
        let folder = try run(damaged: false)
        let html = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        let document = try XMLDocument(data: Data(html.utf8), options: [])
        #expect(document.rootElement()?.name == "html")
        // Nothing from the network: the only script is the page's own, inline.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script src") && !html.contains("@import"))
        #expect(try document.nodes(forXPath: "//script").count == 1)
        // Per network a stall CDF, a Pareto chart and a forest plot or more per metric (pairs of far
        // different sizes on axes of their own, at most three a metric), then the trade-off.
        let forests = try document.nodes(forXPath: "//svg[.//*[@class='interval']]").count
        #expect(forests >= 4 && forests <= 12)
        #expect(try document.nodes(forXPath: "//svg").count == 5 + forests)
    }

    @Test func oneCDFSeriesPerPolicyWithEveryPointOfTheCSV() throws {
        let folder = try run(damaged: false)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        let distributions = try rows(folder + "/out/distributions.csv")
        let summary = try rows(folder + "/out/summary.csv")
        let policies = Array(Set(summary.map { $0["policy"]! }))
        let paths = try document.nodes(forXPath: "//path[@class='cdf']").compactMap { $0 as? XMLElement }
        #expect(paths.count == policies.count * 2)
        for network in ["lte", "3g"].map({ name in summary.first { $0["network"]!.hasPrefix(name + ":") }!["network"]! }) {
            for policy in policies {
                let expected = distributions.filter { $0["policy"] == policy && $0["network"] == network && $0["metric"] == "stall_ms" }.count
                let series = paths.filter { $0.attribute(forName: "data-policy")?.stringValue == policy }
                #expect(series.contains { $0.attribute(forName: "data-points")?.stringValue == String(expected) }, "\(policy)")
                #expect(expected > 0)
            }
        }
    }

    @Test func numbersShownEqualTheCSV() throws {
        let folder = try run(damaged: false)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        let summary = try rows(folder + "/out/summary.csv")
        let cells = try document.nodes(forXPath: "//td[@data-column]").compactMap { $0 as? XMLElement }
        #expect(cells.count == summary.count * MetricSchema.standard.reportedColumns.count)
        // The page shows one table per network, in the order networks first appear.
        var networks: [String] = []
        for row in summary where !networks.contains(row["network"]!) { networks.append(row["network"]!) }
        let ordered = networks.flatMap { network in summary.filter { $0["network"] == network } }
        for column in ["stall_rate", "stall_ms_p99", "resets", "wasted_prefetches", "bytes_per_navigation", "stale_shown_share"] {
            let cellsOfColumn = cells.filter { $0.attribute(forName: "data-column")?.stringValue == column }
            #expect(cellsOfColumn.map { $0.attribute(forName: "data-value")?.stringValue ?? "" } == ordered.map { $0[column]! }, "\(column)")
            // What the cell shows: a share in %, with the row's interval where it has one.
            for (cell, row) in zip(cellsOfColumn, ordered) {
                let text = cell.stringValue ?? ""
                let value = Double(row[column]!)!
                if ["stall_rate", "stale_shown_share"].contains(column) {
                    let percent = String(format: value != 0 && value < 0.01 ? "%.2f" : "%.1f", value * 100)
                    #expect(text.hasPrefix(percent + " %"), "\(column): \(text)")
                } else {
                    #expect(text.hasPrefix(row[column]!), "\(column): \(text)")
                }
                if let low = row[column + "_ci_low"], !low.isEmpty { #expect(text.contains("(") && text.contains("–"), "\(column): \(text)") }
            }
        }
        let points = try document.nodes(forXPath: "//*[@class='point']")
        #expect(points.count == summary.count)
    }

    /// Each network's chart draws every policy, marks exactly the rows whose `pareto` is 1 and
    /// joins them with one line.
    @Test func paretoChartsFollowTheParetoColumn() throws {
        let folder = try run(damaged: false)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        let summary = try rows(folder + "/out/summary.csv")
        #expect(summary.allSatisfy { ["0", "1"].contains($0["pareto"]) })
        func elements(_ kind: String, _ network: String) throws -> [XMLElement] {
            try document.nodes(forXPath: "//*[@class='\(kind)']").compactMap { $0 as? XMLElement }
                .filter { $0.attribute(forName: "data-network")?.stringValue == network }
        }
        for network in Set(summary.map { $0["network"]! }) {
            let rows = summary.filter { $0["network"] == network }
            let front = try elements("pareto-front", network).compactMap { $0.attribute(forName: "data-policy")?.stringValue }
            let beaten = try elements("pareto-beaten", network).compactMap { $0.attribute(forName: "data-policy")?.stringValue }
            #expect(Set(front) == Set(rows.filter { $0["pareto"] == "1" }.map { $0["policy"]! }))
            #expect(Set(beaten) == Set(rows.filter { $0["pareto"] == "0" }.map { $0["policy"]! }))
            #expect(!front.isEmpty)
            #expect(try elements("pareto-line", network).count == (front.count > 1 ? 1 : 0))
        }
    }

    /// Each network's forest plots draw one bar per row of paired.csv, and a zero line.
    @Test func forestPlotsFollowPairedCSV() throws {
        let folder = try run(damaged: false)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        let paired = try rows(folder + "/out/paired.csv")
        let bars = try document.nodes(forXPath: "//*[@class='interval']").compactMap { $0 as? XMLElement }
        // paired.csv pairs every two of the default job's policies (up to 16 policies, all pairs).
        let policies = PolicyRegistry.defaults.count
        let pairs = policies * (policies - 1) / 2
        for metric in ["stall_rate", "bytes_per_navigation"] {
            for network in Set(paired.map { $0["network"]! }) {
                let expected = paired.filter { $0["metric"] == metric && $0["network"] == network }.count
                let drawn = bars.filter { $0.attribute(forName: "data-metric")?.stringValue == metric
                    && $0.attribute(forName: "data-network")?.stringValue == network }
                #expect(drawn.count == expected && expected == pairs, "\(metric) on \(network)")
            }
        }
        // Every forest chart has its zero line: one to three charts a metric on each network.
        let forests = try document.nodes(forXPath: "//svg[.//*[@class='interval']]").count
        #expect(try document.nodes(forXPath: "//*[@class='zero']").count == forests && forests >= 4 && forests <= 12)
    }

    @Test func reportOfARunWithRejectsShowsThem() throws {
        let folder = try run(damaged: true)
        let html = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        #expect(html.contains("Rejected inputs: <strong>1</strong>"))
        #expect(html.contains("Rejected inputs (1)"))
        #expect(html.contains("field `dir` must be &quot;next&quot; or &quot;prev&quot;, got &quot;up&quot;"))
    }

    @Test func baselineComparisonHighlightsRegressions() throws {
        let folder = try run(damaged: false)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--items", "10", "--network", "lte", "--network", "3g"], in: folder)
        let output = try DeckBenchTool.run(["report", "out", "--baseline", "base", "--max-increase", "stall_ms_p99=5%"], in: folder)
        #expect(output.status == 0)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        let regressions = try document.nodes(forXPath: "//tr[@class='regression']")
        #expect(!regressions.isEmpty)
        #expect(regressions.allSatisfy { ($0.stringValue ?? "").contains("REGRESSION") })
        let html = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        #expect(!html.contains("nothing is judged"))
        // Without a limit the page says that nothing was judged, as the command line does.
        #expect(try DeckBenchTool.run(["report", "out", "--baseline", "base"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
            .contains("No --max-increase or --max-decrease was given: nothing is judged, so this passes whatever changed."))
    }
}
