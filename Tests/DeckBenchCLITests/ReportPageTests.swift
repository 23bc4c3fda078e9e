import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The report's structural promises on a sweep (64 `directional` policies on two networks): the
/// page is well-formed, every policy's full name is on it, no label covers another, each network
/// has a heatmap with a cell per policy and the Pareto front marked as summary.csv says (and, with
/// no byte budget, no cell outlined: the page ships nothing without one), and long lists are folded
/// or limited so that the page stays a few screens long.
@Suite struct ReportPageTests {
    /// The sweep, generated and replayed once for the suite (the replay is most of its time).
    private static let replayed = Result<String, any Error> {
        let folder = DeckBenchTool.temporaryFolder()
        try DeckBenchTool.prepare(["generate", "--out", "rec", "--sessions", "40", "--files", "1", "--seed", "21", "--level", "3"], in: folder)
        try DeckBenchTool.prepare(["replay", "rec", "--out", "out", "--html", "--quiet", "--policy", "directional:behind=0..7,ahead=1..8",
                                   "--network", "lte", "--network", "3g", "--bootstrap", "200"], in: folder)
        return folder
    }

    /// A copy of the sweep's folder for one test, which may write in it.
    private func sweep() throws -> (folder: String, document: XMLDocument, summary: [[String: String]]) {
        let folder = try DeckBenchTool.copy(of: try Self.replayed.get())
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"), options: [])
        return (folder, document, try DeckBenchTool.csvRows(folder + "/out/summary.csv"))
    }

    private func elements(_ document: XMLDocument, _ path: String) throws -> [XMLElement] {
        try document.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }

    @Test func everyPolicyIsNamedInFullAndNoLabelCoversAnother() throws {
        let (_, document, summary) = try sweep()
        let texts = Set(try elements(document, "//code").compactMap(\.stringValue))
        for policy in Set(summary.map { $0["policy"]! }) { #expect(texts.contains(policy), "\(policy) is not named in full") }
        #expect(Set(summary.map { $0["policy"]! }).count == 64)
        var labels = 0
        for svg in try elements(document, "//svg") {
            let boxes = try svg.nodes(forXPath: ".//*[@data-box]").compactMap { ($0 as? XMLElement)?.attribute(forName: "data-box")?.stringValue }
                .map { $0.split(separator: " ").compactMap { Double($0) } }
            labels += boxes.count
            for (index, a) in boxes.enumerated() {
                for b in boxes[(index + 1)...] {
                    let overlap = a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
                    #expect(!overlap, "labels at \(a) and \(b) overlap")
                }
            }
        }
        #expect(labels > 0)
    }

    @Test func eachNetworkHasAHeatmapThatFollowsTheSummary() throws {
        let (_, document, summary) = try sweep()
        let cells = try elements(document, "//*[@class='cell']")
        #expect(cells.count == 128)
        for network in Set(summary.map { $0["network"]! }) {
            let mine = cells.filter { $0.attribute(forName: "data-network")?.stringValue == network }
            #expect(mine.count == 64)
            let marked = Set(mine.filter { $0.attribute(forName: "data-front") != nil }.compactMap { $0.attribute(forName: "data-policy")?.stringValue })
            #expect(marked == Set(summary.filter { $0["network"] == network && $0["pareto"] == "1" }.map { $0["policy"]! }))
            #expect(mine.filter { $0.attribute(forName: "data-best") != nil }.isEmpty)
        }
        // The big lists are folded (the table) or limited (curves, forest rows) to stay a few screens.
        #expect(try elements(document, "//details").count == 2)
        #expect(try elements(document, "//path[@class='cdf']").count <= 16)
        #expect(try elements(document, "//*[@class='interval']").count <= 2 * 2 * 12)
    }

    /// The byte budget's flag: tune's absolute form names the same budget (the same page), and a
    /// budget that is no number of bytes is refused. A budget under every cell outlines none, and
    /// says so with the cheapest cell's bytes.
    @Test func theByteBudgetTakesBytesOrTunesAbsoluteForm() throws {
        let (folder, _, _) = try sweep()
        #expect(try DeckBenchTool.run(["report", "out", "--byte-budget", "50000"], in: folder).status == 0)
        let page = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.html"))
        #expect(try DeckBenchTool.run(["report", "out", "--byte-budget", "bytes_per_navigation=50000"], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/report.html")) == page)
        for (value, message) in [("0", "--byte-budget must be a number of bytes > 0"), ("-5", "--byte-budget must be a number of bytes > 0"),
                                 ("bytes_per_navigation=+5%:fixed", "not tune's relative form")] {
            let refused = try DeckBenchTool.run(["report", "out", "--byte-budget", value], in: folder)
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(value): \(refused.stderr)")
        }
        #expect(try DeckBenchTool.run(["report", "out", "--byte-budget", "1"], in: folder).status == 0)
        let tight = try String(contentsOfFile: folder + "/out/report.html", encoding: .utf8)
        #expect(tight.contains("No cell is outlined: no cell is confirmed within 1 bytes per navigation (above); the fewest bytes of a cell is "))
        #expect(tight.contains(" kB, at <code>directional:"), "the family's cheapest cell named")
        #expect(tight.contains("lte: no policy is confirmed within the byte budget of 1 bytes a navigation"))
        #expect(!tight.contains("data-best=\"1\""))
    }
}
