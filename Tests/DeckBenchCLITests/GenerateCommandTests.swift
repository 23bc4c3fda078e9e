import Foundation
import Testing

@Suite struct GenerateCommandTests {
    @Test func generateThenInspectReadsEverySession() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "w", "--sessions", "40", "--files", "2", "--frames", "3", "--seed", "7"], in: folder)
        #expect(generated.status == 0)
        #expect(generated.stdout.contains("w/sessions-001.jsonl.zst"))
        let inspected = try DeckBenchTool.run(["inspect", "--csv", "w"], in: folder)
        #expect(inspected.status == 0)
        let total = try #require(inspected.stdout.split(separator: "\n").last)
        #expect(total.hasPrefix("total,40,0,"))
    }

    @Test func sameSeedSameBytesAcrossRuns() throws {
        let folder = DeckBenchTool.temporaryFolder()
        for name in ["a", "b"] {
            let output = try DeckBenchTool.run(["generate", "--out", name, "--sessions", "30", "--seed", "3", "--jump-probability", "0.2"], in: folder)
            #expect(output.status == 0)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a/sessions-001.jsonl.zst"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b/sessions-001.jsonl.zst"))
        #expect(a == b)
    }

    /// Files are written in parallel; session n depends only on the seed and n, so neither the
    /// number of threads nor the split over files changes a byte of the sessions.
    @Test func everyJobsValueWritesTheSameFiles() throws {
        let folder = DeckBenchTool.temporaryFolder()
        for (name, jobs) in [("one", "1"), ("three", "3")] {
            let output = try DeckBenchTool.run(["generate", "--out", name, "--sessions", "90", "--files", "5", "--seed", "8", "--jobs", jobs],
                                               in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.contains("\(name)/sessions-005.jsonl.zst"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/one").sorted()
        #expect(names.count == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/three").sorted() == names)
        for name in names {
            let one = try Data(contentsOf: URL(fileURLWithPath: folder + "/one/" + name))
            let three = try Data(contentsOf: URL(fileURLWithPath: folder + "/three/" + name))
            #expect(one == three, "\(name)")
        }
        let whole = try DeckBenchTool.run(["generate", "--out", "whole", "--sessions", "90", "--seed", "8"], in: folder)
        #expect(whole.status == 0)
        let split = try DeckBenchTool.run(["inspect", "--csv", "one"], in: folder)
        let single = try DeckBenchTool.run(["inspect", "--csv", "whole"], in: folder)
        let totals = [split, single].map { $0.stdout.split(separator: "\n").last.map { $0.split(separator: ",").dropFirst().joined(separator: ",") } }
        #expect(totals[0] != nil && totals[0] == totals[1])
    }

    @Test func outOfRangeModelFlagIsAUsageError() throws {
        let output = try DeckBenchTool.run(["generate", "--cancel-probability", "1.5"], in: DeckBenchTool.temporaryFolder())
        #expect(output.status == 64)
        #expect(output.stderr.contains("--cancel-probability must be from 0 to 1, got 1.5"))
    }

    /// `--sessions-per-user` names users on the session lines, and a replay of them says it
    /// resampled users; out of range it is a usage error.
    @Test func sessionsPerUserMakeUsersTheBootstrapsUnit() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "w", "--sessions", "12", "--sessions-per-user", "4", "--seed", "7"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        let replayed = try DeckBenchTool.run(["replay", "w", "--quiet", "--out", "r"], in: folder)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let manifest = try String(contentsOfFile: folder + "/r/manifest.json", encoding: .utf8)
        #expect(manifest.contains(#""bootstrap_unit" : "user""#))
        #expect(manifest.contains(#""sessions_with_user" : 12"#))
        #expect(try DeckBenchTool.run(["report", "r", "--quiet"], in: folder).status == 0)
        let page = try String(contentsOfFile: folder + "/r/report.html", encoding: .utf8)
        #expect(page.contains("bootstrap over users: 12 of 12 sessions name their user"))
        let zero = try DeckBenchTool.run(["generate", "--sessions-per-user", "0"], in: folder)
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--sessions-per-user must be from 1 to 1000000, got 0"))
    }

    @Test func helpListsEveryFlagWithItsDefault() throws {
        let output = try DeckBenchTool.run(["generate", "--help"], in: DeckBenchTool.temporaryFolder())
        #expect(output.status == 0)
        for flag in ["--sessions", "--files", "--frames", "--seed", "--dwell-median-ms", "--burst-probability", "--persistence",
                     "--swipe-share", "--cancel-probability", "--jump-probability", "--scroll-probability",
                     "--history-pages-max", "--end-probability", "--sessions-per-user", "--user-spread"] {
            #expect(output.stdout.contains(flag), "\(flag) missing from --help")
        }
        #expect(output.stdout.contains("(default: 2500.0)"))
    }
}
