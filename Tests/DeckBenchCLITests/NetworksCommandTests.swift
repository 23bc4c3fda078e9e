import Foundation
import Testing

/// `deckbench networks`: the presets by default; `fit` on the bundled example HAR prints the
/// counts, a spec that parses, and the percentile table; a file that is not a HAR is exit 65.
@Suite struct NetworksCommandTests {
    private static let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/example-api.har").path

    @Test func listsThePresetsByDefault() throws {
        let listed = try DeckBenchTool.run(["networks"])
        #expect(listed.status == 0 && listed.stdout.contains("lte  —") && listed.stdout.contains("Keys:"))
    }

    @Test func fitsTheExampleHAR() throws {
        let fit = try DeckBenchTool.run(["networks", "fit", Self.har, "--filter", "/api/"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("200 requests; left out 10 cached, 5 failed, 0 errors (status ≥ 400), 5 redirects, 10 filtered, 0 malformed"), "\(fit.stdout)")
        let spec = try #require(fit.stdout.split(separator: "\n").first { $0.hasPrefix("--network ") }).dropFirst("--network ".count)
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "20", "--files", "1", "--seed", "1", "--level", "3"],
                                      in: folder).status == 0)
        let replayed = try DeckBenchTool.run(["replay", "rec", "--network", String(spec), "--out", "out", "--quiet"], in: folder)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(fit.stdout.contains("first byte, data") && fit.stdout.contains("total, model"))
        let refused = try DeckBenchTool.run(["networks", "fit", "--format", "har", folder + "/rec/" + (try FileManager.default.contentsOfDirectory(atPath: folder + "/rec")[0])])
        #expect(refused.status == 65 && refused.stderr.contains("not a HAR file"), "\(refused.stderr)")
    }
}
