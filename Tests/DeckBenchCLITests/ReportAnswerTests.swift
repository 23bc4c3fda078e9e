import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The report page answers first: "What to ship" opens it, by tune's rule on the run's own
/// sessions with a byte budget (the outlined cell is tune's answer on the same data and budget)
/// and as the front with what each step buys without one; every paired chart keeps every interval
/// visible, and the page declares a viewport for phones.
@Suite struct ReportAnswerTests {
    /// The bundled sample (`data/` at the package's root).
    private static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data").path

    private func elements(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
        try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }

    /// The default job on the bundled sample: ondemand stalls on nearly every navigation, so its
    /// pairs span 80 points while staged − directional spans about 1.3; on one axis that interval
    /// would be 5.5 px of 420, on the same chart as ondemand's. Every drawn interval is at least
    /// 8 px wide (4 on a phone, which halves the chart) unless no other pair on its chart squeezes
    /// it (it is as far from zero as the farthest, near enough), the answer section comes first,
    /// and the page has a viewport tag.
    @Test func theDefaultPageLeadsWithTheFrontAndEveryIntervalIsVisible() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let run = try DeckBenchTool.run(["replay", Self.sample, "--out", "out", "--html", "--quiet", "--bootstrap", "200"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        #expect(try elements(document, "//meta[@name='viewport']").count == 1)
        let headings = try elements(document, "//h2").compactMap(\.stringValue)
        #expect(headings.first == "What to ship")
        let answer = try elements(document, "//p[contains(@class, 'answer')]").compactMap(\.stringValue)
        #expect(answer.count == 1 && answer[0].hasPrefix("lte: no byte budget was given, so the page ships nothing"))
        #expect(try elements(document, "//table[contains(@class, 'steps')]/tbody/tr").count >= 1)
        var intervals = 0
        var charts = 0
        for svg in try elements(document, "//svg[.//*[@class='interval']]") {
            charts += 1
            let zero = try #require(Double(try elements(svg, ".//*[@class='zero']").first?.attribute(forName: "x1")?.stringValue ?? ""))
            let lines = try elements(svg, ".//*[@class='interval']").map { line in
                (x1: Double(line.attribute(forName: "x1")?.stringValue ?? "") ?? 0, x2: Double(line.attribute(forName: "x2")?.stringValue ?? "") ?? 0,
                 title: line.elements(forName: "title").first?.stringValue ?? "")
            }
            // An interval under 8 px is one no other pair squeezes: it is (nearly) the farthest
            // from zero on its chart, so its axis is its own.
            let farthest = lines.map { max(abs($0.x1 - zero), abs($0.x2 - zero)) }.max() ?? 0
            for line in lines {
                intervals += 1
                let reach = max(abs(line.x1 - zero), abs(line.x2 - zero))
                #expect(line.x2 - line.x1 >= 8 || reach >= 0.67 * farthest, "\(line.title): \(line.x2 - line.x1) px")
            }
        }
        #expect(intervals == 12 && charts > 2, "\(intervals) intervals on \(charts) charts")
    }

    /// The outlined cell and the page's first answer are tune's answer on the same sessions and
    /// budget (tune with `--holdout 0` searches every session the replay replayed): 600 generated
    /// sessions, 16 directional windows on lte, at a budget on the knee's near side (47 kB, where
    /// `behind=3,ahead=2` at 44.7 kB is the best within it) and one past it (52 kB: `behind=3,ahead=3`).
    @Test func theOutlinedCellIsTunesAnswerOnTheSameSessionsAndBudget() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try DeckBenchTool.prepare(["generate", "--out", "rec", "--sessions", "600", "--files", "1", "--seed", "21", "--level", "3"], in: folder)
        let windows = ["--policy", "directional:behind=0..3,ahead=1..4", "--network", "lte", "--bootstrap", "200", "--sessions-format", "none"]
        try DeckBenchTool.prepare(["replay", "rec", "--out", "out", "--quiet"] + windows, in: folder)
        for (budget, expected) in [("47000", "directional:behind=3,ahead=2"), ("52000", "directional:behind=3,ahead=3")] {
            let tune = try DeckBenchTool.run(["tune", "rec", "--out", "t", "--quiet", "--holdout", "0", "--byte-budget",
                                              "bytes_per_navigation=" + budget] + windows, in: folder)
            #expect(tune.status == 0, "\(tune.stderr)")
            #expect(tune.stdout.hasPrefix("lte: ship \(expected) — "), "\(budget): \(tune.stdout)")
            #expect(try DeckBenchTool.run(["report", "out", "--byte-budget", budget], in: folder).status == 0)
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
            let outlined = try elements(document, "//*[@data-best='1']").compactMap { $0.attribute(forName: "data-policy")?.stringValue }
            #expect(outlined == [expected], "\(budget)")
            let answer = try elements(document, "//p[contains(@class, 'answer')]").compactMap(\.stringValue)
            #expect(answer.count == 1 && answer[0].hasPrefix("lte: ship \(expected) — "), "\(answer)")
        }
    }

    private func elements(_ element: XMLElement, _ path: String) throws -> [XMLElement] {
        try element.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }
}
