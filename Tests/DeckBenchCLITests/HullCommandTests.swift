import Foundation
import Testing

/// `deckbench hull` as a user runs it on a sweep.
@Suite struct HullCommandTests {
    @Test func judgesAFamilyAgainstTheRivalsHull() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "200", "--seed", "3"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--policy", "fixed:radius=0..4", "--policy", "directional:behind=1..2,ahead=1..3",
                                       "--sessions-format", "none", "--quiet", "--out", "sweep"], in: folder).status == 0)
        let judged = try DeckBenchTool.run(["hull", "sweep", "--family", "directional", "--rival", "fixed"], in: folder)
        #expect(judged.status == 0, "\(judged.stderr)")
        let lines = judged.stdout.split(separator: "\n")
        #expect(lines.first == "lte:")
        #expect(lines.count { $0.hasPrefix("directional:") } == 6)
        #expect(judged.stdout.contains("comparisons, each at 95 % on its own"))
        // With the default rivals a family is judged against the other one, never itself.
        let byDefault = try DeckBenchTool.run(["hull", "sweep", "--family", "directional"], in: folder)
        #expect(byDefault.stdout == judged.stdout)
        let fixedJudged = try DeckBenchTool.run(["hull", "sweep", "--family", "fixed"], in: folder)
        #expect(fixedJudged.status == 0)
        #expect(fixedJudged.stdout.split(separator: "\n").count { $0.hasPrefix("fixed:") } == 5)
        for line in fixedJudged.stdout.split(separator: "\n") where line.hasPrefix("fixed:") {
            let hull = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst()
            #expect(!hull.contains { $0.hasPrefix("fixed:") }, "fixed judged on its own hull: \(line)")
        }
        let itself = try DeckBenchTool.run(["hull", "sweep", "--family", "fixed", "--rival", "fixed"], in: folder)
        #expect(itself.status == 64 && itself.stderr.contains("--rival fixed is the family judged"))
        let absent = try DeckBenchTool.run(["hull", "sweep", "--family", "fixed", "--rival", "staged"], in: folder)
        #expect(absent.status == 64 && absent.stderr.contains("no policy of the rival families (staged)"))
        let none = try DeckBenchTool.run(["hull", "sweep", "--family", "learned"], in: folder)
        #expect(none.status == 64 && none.stderr.contains("no policy of the family learned"))
        #expect(try DeckBenchTool.run(["replay", "rec", "--bootstrap", "0", "--quiet", "--out", "bare"], in: folder).status == 0)
        let bare = try DeckBenchTool.run(["hull", "bare", "--family", "directional"], in: folder)
        #expect(bare.status == 74 && bare.stderr.contains("has no bootstrap.json"))
    }
}
