import Foundation
import Testing

/// `learn` then `replay` with the learned policy, as a user runs them; a model missing or of
/// another version is a usage error that says what to do.
@Suite struct LearnCommandTests {
    @Test func learnsAModelThatTheLearnedPolicyReplays() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "300", "--seed", "5", "--level", "3"], in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/models/v1", withIntermediateDirectories: true)
        let learn = try DeckBenchTool.run(["learn", "rec", "--out", "models/v1/m.json"], in: folder)
        #expect(learn.status == 0, "\(learn.stderr)")
        #expect(learn.stdout.hasPrefix("learned from 300 sessions ("))
        let again = try DeckBenchTool.run(["learn", "rec", "--out", "m2.json"], in: folder)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/models/v1/m.json")) == Data(contentsOf: URL(fileURLWithPath: folder + "/m2.json")))
        // A path with "/" is one value; the budget sweeps.
        let replay = try DeckBenchTool.run(["replay", "rec", "--policy", "learned:model=models/v1/m.json,budget=2..3", "--out", "r", "--quiet"],
                                           in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        let rows = try DeckBenchTool.csvRows(folder + "/r/summary.csv")
        #expect(rows.map { $0["policy"] } == ["learned:model=models/v1/m.json,budget=2", "learned:model=models/v1/m.json,budget=3"])
        #expect(try DeckBenchTool.run(["policies"]).stdout.contains("model=FILE  (required)"))
    }

    @Test func aMissingOrOlderModelIsAUsageError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let none = try DeckBenchTool.run(["replay", "--policy", "learned:budget=3", "--out", "r"], in: folder)
        #expect(none.status == 64)
        #expect(none.stderr.contains("policy learned needs model=…"))
        _ = FileManager.default.createFile(atPath: folder + "/old.json", contents: Data(#"{"format":"deckbench-step-model","version":0}"#.utf8))
        let old = try DeckBenchTool.run(["replay", "--policy", "learned:model=old.json", "--out", "r"], in: folder)
        #expect(old.status == 64)
        #expect(old.stderr.contains("learn it again with `deckbench learn`"))
    }
}
