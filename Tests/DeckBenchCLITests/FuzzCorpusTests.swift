import Foundation
import Testing

/// The fuzzer's seed corpus and its crash inputs, through `inspect` and `replay` as a user runs
/// them: every seed reads to its expected end (the valid ones accepted, one reject per broken one),
/// and every input that once crashed the reader (fuzz/crashes) now ends cleanly.
@Suite struct FuzzCorpusTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func seedsReadAsWorkedOut() throws {
        let seeds = Self.repository + "/fuzz/seeds"
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds)
        #expect(names.count == 29)
        let inspected = try DeckBenchTool.run(["inspect", seeds, "--max-rejects", "1000", "--csv"])
        #expect(inspected.status == 0)
        let total = try #require(inspected.stdout.split(separator: "\n").last { $0.hasPrefix("total,") })
        // The four valid inputs hold 2 sessions each and three that only look odd (escapes, field
        // order and spaces, blank and CRLF lines) 1 each; the 21 broken ones (18 reject rules, 3
        // broken zstd streams) reject once each, three of them keeping a session beside the break
        // (a duplicate id, an event after `end`, an event before any session line); the empty file
        // holds nothing: 14 sessions, 21 rejects.
        let fields = total.split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields[1] == "14" && fields[2] == "21", "sessions, rejects: \(fields[1]), \(fields[2])")
    }

    @Test func crashInputsAndSeedsReplayCleanly() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let inputs = [Self.repository + "/fuzz/seeds"] + ((try? FileManager.default.contentsOfDirectory(atPath: Self.repository + "/fuzz/crashes")) ?? [])
            .filter { $0 != "README.md" }.map { Self.repository + "/fuzz/crashes/" + $0 }
        for input in inputs {
            let replayed = try DeckBenchTool.run(["replay", input, "--out", "out", "--quiet", "--max-rejects", "1000"], in: folder)
            #expect(replayed.status == 0, "\(input): \(replayed.stderr)")
        }
    }
}
