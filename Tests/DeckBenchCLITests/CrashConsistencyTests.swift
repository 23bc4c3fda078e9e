import DeckBench
import Foundation
import Testing

/// A report folder is one unit: after a run into it is killed at any instant, it holds the last
/// complete run or the new complete run — never a mixed set, never neither — and what it held
/// that was not a run's stays.
@Suite struct CrashConsistencyTests {
    private struct Folder {
        var status: Int32
        var runId: String?
    }

    private func runId(_ folder: String) -> String? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return (try? Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json")))
            .flatMap { try? decoder.decode(Manifest.self, from: $0) }?.runId
    }

    /// Starts `deckbench` with `arguments` in `folder` and kills it (SIGKILL) after `delay`
    /// seconds, if it has not ended; returns whether it was killed.
    private func runKilled(_ arguments: [String], in folder: String, after delay: Double, environment: [String: String] = [:]) throws -> Bool {
        let process = Process()
        process.executableURL = DeckBenchTool.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// 20 kills of a run (shard 1/2, seed 2) into a folder holding a complete earlier run (shard
    /// 1/2, seed 1) and a file of the user's: half near the commit, before each of its 10 renames
    /// (a fault hook: `DECKBENCH_KILL_AT_RENAME`; 8 files into the staging folder, the swap, and
    /// just after the swap), half at seeded instants over the run's length. `make test` makes 6 of
    /// them (the first rename, the last three, two instants); `make test-long` all 20.
    @Test func everyKillLeavesTheOldRunOrTheNewRun() throws {
        let kills = ProcessInfo.processInfo.environment["DECKBENCH_LONG"] != nil ? Array(0 ..< 20) : [0, 7, 8, 9, 10, 15]
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "600", "--files", "2", "--seed", "4", "--level", "3"],
                                      in: folder).status == 0)
        let flags = ["--policy", "fixed", "--policy", "staged", "--quiet", "--shard", "1/2"]
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "old", "--seed", "1"] + flags, in: folder).status == 0)
        let started = Date()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "new", "--seed", "2"] + flags, in: folder).status == 0)
        let duration = Date().timeIntervalSince(started)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "other", "--seed", "1", "--policy", "fixed", "--policy", "staged", "--quiet",
                                       "--shard", "2/2"], in: folder).status == 0)
        let (old, new) = (try #require(runId(folder + "/old")), try #require(runId(folder + "/new")))
        #expect(old != new)

        var random = SeededGenerator(seed: 14, keys: 1)
        var outcomes: [String: Int] = [:]
        for kill in 0 ..< 20 {
            let instant = random.unit()
            guard kills.contains(kill) else { continue }
            let target = folder + "/f\(kill)"
            try FileManager.default.copyItem(atPath: folder + "/old", toPath: target)
            try "the team's notes\n".write(toFile: target + "/notes.txt", atomically: true, encoding: .utf8)
            let arguments = ["replay", "rec", "--out", "f\(kill)", "--seed", "2"] + flags
            if kill < 10 {
                let killed = try runKilled(arguments, in: folder, after: 600, environment: ["DECKBENCH_KILL_AT_RENAME": String(kill + 1)])
                #expect(killed, "the run was not killed before its rename \(kill + 1)")
            } else {
                _ = try runKilled(arguments, in: folder, after: duration * 1.2 * instant)
            }
            let verified = try DeckBenchTool.run(["verify", "f\(kill)"], in: folder)
            #expect((try? String(contentsOfFile: target + "/notes.txt", encoding: .utf8)) == "the team's notes\n", "kill \(kill)")
            let report = try DeckBenchTool.run(["report", "f\(kill)"], in: folder)
            let compared = try DeckBenchTool.run(["compare", "old", "f\(kill)", "--out", "c\(kill).csv"], in: folder)
            let merged = try DeckBenchTool.run(["merge", "f\(kill)", "other", "--out", "m\(kill)", "--quiet"], in: folder)
            switch verified.status {
            case 0:
                let id = runId(target)
                #expect(id == old || id == new, "kill \(kill): a folder verified complete is neither run")
                #expect(report.status == 0 && compared.status == 0, "kill \(kill): a complete folder is refused")
                // The old run's shard merges with its other shard; the new run's is another run's.
                #expect(merged.status == (id == old ? 0 : 64), "kill \(kill): merge \(merged.status) \(merged.stderr)")
                outcomes[id == old ? "old" : "new", default: 0] += 1
            default:
                #expect(verified.status == 74, "kill \(kill): verify \(verified.status) \(verified.stdout)")
                for (command, output) in [("report", report), ("compare", compared), ("merge", merged)] {
                    #expect(output.status == 74, "kill \(kill): \(command) accepted a folder verify refuses: \(output.stderr)")
                }
                outcomes["refused", default: 0] += 1
            }
        }
        // Kills before the swap leave the old run, the one after it the new run; none neither.
        #expect(outcomes["refused", default: 0] == 0, "\(outcomes)")
        #expect(outcomes["old", default: 0] >= kills.count { $0 < 9 } && outcomes["new", default: 0] >= 1, "\(outcomes)")
        // The next run into a folder removes what a killed run left beside it.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".deckbench-") }
        #expect(!leftovers.isEmpty, "the kills left no staging folder to clean up")
        for kill in kills {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "f\(kill)", "--seed", "2"] + flags, in: folder).status == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".deckbench-") }.isEmpty)
    }
}

/// Where a folder cannot be swapped whole, the reports are replaced in place and the run says so.
@Suite struct InPlaceOutputTests {
    @Test func theCurrentDirectoryIsWrittenInPlaceWithANote() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "20", "--files", "1", "--seed", "4", "--level", "3"],
                                      in: folder).status == 0)
        try FileManager.default.createDirectory(atPath: folder + "/here", withIntermediateDirectories: true)
        for seed in ["1", "2"] {
            let output = try DeckBenchTool.run(["replay", "../rec", "--out", ".", "--seed", seed], in: folder + "/here")
            #expect(output.status == 0)
            #expect(output.stderr.contains("note: . is the current directory or a mount point"))
            #expect(try DeckBenchTool.run(["verify", "."], in: folder + "/here").status == 0)
        }
        let elsewhere = try DeckBenchTool.run(["replay", "rec", "--out", "there"], in: folder)
        #expect(!elsewhere.stderr.contains("note:"))
    }
}
