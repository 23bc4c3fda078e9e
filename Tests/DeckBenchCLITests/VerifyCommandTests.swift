import Foundation
import Testing

/// `deckbench verify` on a folder damaged the ways a copy damages it: line ends changed to CRLF
/// are named as such (the extra bytes are all carriage returns), a file cut short is not.
@Suite struct VerifyCommandTests {
    @Test func lineEndsChangedToCRLFAreNamedAndACutFileIsNot() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "1", "--seed", "4", "--level", "1"],
                                      in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--bootstrap", "0"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["verify", "out"], in: folder).status == 0)
        let summary = folder + "/out/summary.csv"
        let original = try String(contentsOfFile: summary, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        try original.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: summary, atomically: true, encoding: .utf8)
        let crlf = try DeckBenchTool.run(["verify", "out"], in: folder)
        #expect(crlf.status == 74, "\(crlf.stderr)")
        #expect(crlf.stderr.contains("the \(lines) more all carriage returns before line feeds: its line ends were changed to CRLF"),
                "\(crlf.stderr)")
        try String(original.dropLast(3)).write(toFile: summary, atomically: true, encoding: .utf8)
        let cut = try DeckBenchTool.run(["verify", "out"], in: folder)
        #expect(cut.status == 74 && cut.stderr.contains("or one was changed or cut short since") && !cut.stderr.contains("CRLF"),
                "\(cut.stderr)")
    }

    /// A shard is complete as a shard, and says it is not the run; so does its report page.
    @Test func aShardIsSaidToBeAShard() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "1", "--seed", "4", "--level", "1"],
                                      in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "1/2", "--out", "s1", "--quiet", "--bootstrap", "0", "--html"],
                                      in: folder).status == 0)
        let verified = try DeckBenchTool.run(["verify", "s1"], in: folder)
        #expect(verified.status == 0 && verified.stdout.contains("s1: complete, shard 1/2 of a run, not the run: `deckbench merge` its shards"),
                "\(verified.stdout)")
        let page = try String(contentsOfFile: folder + "/s1/report.html", encoding: .utf8)
        #expect(page.contains("Shard 1/2 of a run, its sessions only"))
    }
}
