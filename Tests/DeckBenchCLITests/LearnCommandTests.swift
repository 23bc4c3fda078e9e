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
        let quiet = try DeckBenchTool.run(["learn", "rec", "--out", "m3.json", "--quiet"], in: folder)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && FileManager.default.fileExists(atPath: folder + "/m3.json"), "\(quiet.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/models/v1/m.json")) == Data(contentsOf: URL(fileURLWithPath: folder + "/m2.json")))
        // A path with "/" is one value; the budget sweeps.
        let replay = try DeckBenchTool.run(["replay", "rec", "--policy", "learned:model=models/v1/m.json,budget=2..3", "--out", "r", "--quiet"],
                                           in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        let rows = try DeckBenchTool.csvRows(folder + "/r/summary.csv")
        #expect(rows.map { $0["policy"] } == ["learned:model=models/v1/m.json,budget=2", "learned:model=models/v1/m.json,budget=3"])
        #expect(try DeckBenchTool.run(["policies"]).stdout.contains("model=FILE  (required)"))
    }

    /// Nothing to learn from is a data error (exit 65) and writes no model: an empty corpus,
    /// and sessions in which nobody moved a page. A model of no step written by an earlier
    /// DeckBench is refused by `learned`, never used as if it knew something.
    @Test func noStepToLearnFromWritesNoModel() throws {
        let folder = DeckBenchTool.temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/empty.jsonl", contents: Data())
        let still = #"{"v":1,"session":"s","page":0,"first":-5,"last":5}"# + "\n" + #"{"t":100,"e":"scroll","y":40}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/still.jsonl", contents: Data(still.utf8))
        for (input, read) in [("empty.jsonl", "0 sessions read"), ("still.jsonl", "1 sessions read")] {
            let learn = try DeckBenchTool.run(["learn", input, "--out", "m.json"], in: folder)
            #expect(learn.status == 65, "\(input): \(learn.stderr)")
            #expect(learn.stderr.contains("error: no step to learn from in \(input): \(read), 0 rejected, none of them moved a page; m.json not written"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/m.json"))
        }
        // A model file of no step, as an earlier `learn` wrote one.
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "20", "--seed", "5", "--level", "3"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["learn", "rec", "--out", "real.json"], in: folder).status == 0)
        var text = try String(contentsOfFile: folder + "/real.json", encoding: .utf8)
        text = text.replacingOccurrences(of: #"\"counts\":\[[0-9,]*\]"#, with: "\"counts\":[" + Array(repeating: "0", count: 8 + 8 + 1 /* −8…−1, +1…+8, farther */).joined(separator: ",") + "]",
                                         options: .regularExpression)
        text = text.replacingOccurrences(of: #"\"steps\":[0-9]+"#, with: "\"steps\":0", options: .regularExpression)
        _ = FileManager.default.createFile(atPath: folder + "/blank.json", contents: Data(text.utf8))
        let replay = try DeckBenchTool.run(["replay", "rec", "--policy", "learned:model=blank.json", "--out", "r", "--quiet"], in: folder)
        #expect(replay.status == 64)
        #expect(replay.stderr.contains("blank.json was learned from no step"), "\(replay.stderr)")
    }

    @Test func aMissingOrOlderModelIsAUsageError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let none = try DeckBenchTool.run(["replay", "--policy", "learned:budget=3", "--out", "r"], in: folder)
        #expect(none.status == 64)
        #expect(none.stderr.contains("policy learned needs model=…"))
        // A model path that does not exist is the I/O fault any missing file is.
        let missing = try DeckBenchTool.run(["replay", "--policy", "learned:model=nowhere.json", "--out", "r"], in: folder)
        #expect(missing.status == 74 && missing.stderr.contains("policy learned: model nowhere.json: cannot read the model file"), "\(missing.stderr)")
        _ = FileManager.default.createFile(atPath: folder + "/old.json", contents: Data(#"{"format":"deckbench-step-model","version":0}"#.utf8))
        let old = try DeckBenchTool.run(["replay", "--policy", "learned:model=old.json", "--out", "r"], in: folder)
        #expect(old.status == 64)
        #expect(old.stderr.contains("learn it again with `deckbench learn`"))
    }
}
