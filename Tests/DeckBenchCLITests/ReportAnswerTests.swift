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
    /// would be 6 px of 420, on the same chart as ondemand's. Every drawn interval with a width is
    /// at least 4 px wide, the answer section comes first, and the page has a viewport tag.
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
            for line in try elements(svg, ".//*[@class='interval']") {
                let x1 = Double(line.attribute(forName: "x1")?.stringValue ?? "") ?? 0
                let x2 = Double(line.attribute(forName: "x2")?.stringValue ?? "") ?? 0
                let title = line.elements(forName: "title").first?.stringValue ?? ""
                intervals += 1
                #expect(x2 - x1 >= 4, "\(title): \(x2 - x1) px")
            }
        }
        #expect(intervals == 12 && charts > 2, "\(intervals) intervals on \(charts) charts")
    }

    private func elements(_ element: XMLElement, _ path: String) throws -> [XMLElement] {
        try element.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }
}
