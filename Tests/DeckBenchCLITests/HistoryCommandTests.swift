import DeckBench
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `deckbench history`: append keeps each run once and never loses the old file; check fails on
/// a lasting change past a limit, names its night, and says what else changed on it.
@Suite struct HistoryCommandTests {
    /// A small corpus and two nights' runs of it (seeds 1 and 2), made once for the suite.
    private static let nights = Result<String, any Error> {
        let folder = DeckBenchTool.temporaryFolder()
        try DeckBenchTool.prepare(["generate", "--out", "rec", "--sessions", "120", "--files", "2", "--seed", "3", "--level", "3"], in: folder)
        for seed in 1 ... 2 {
            try DeckBenchTool.prepare(["replay", "rec", "--out", "night\(seed)", "--seed", "\(seed)", "--bootstrap", "200",
                                       "--sessions-format", "none", "--quiet"], in: folder)
        }
        return folder
    }

    /// A folder of its own with the corpus and the two nights, for one test.
    private func twoNights() throws -> String {
        try DeckBenchTool.copy(of: try Self.nights.get())
    }

    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func appendKeepsEachRunOnceAndRefusesAnIncompleteOne() throws {
        let folder = try twoNights()
        let history = folder + "/history.csv"
        let first = try DeckBenchTool.run(["history", "append", "night1", "--history", "history.csv", "--label", "n1",
                                           "--time", "2026-11-01T03:00:00Z"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let once = try #require(bytes(history))
        let rows = try DeckBenchTool.csvRows(history)
        // The default job's policies on lte, each with every metric compare can judge.
        #expect(Set(rows.map { $0["policy"]! }).count == PolicyRegistry.defaults.count && Set(rows.map { $0["network"]! }) == ["lte"])
        #expect(rows.allSatisfy { $0["label"] == "n1" && $0["time"] == "2026-11-01T03:00:00Z" })
        #expect(rows.contains { $0["metric"] == "stall_rate" && !$0["ci_low"]!.isEmpty && Double($0["value"]!) != nil })
        // The same night again (a rerun under its label, whatever its time) is added once.
        let again = try DeckBenchTool.run(["history", "append", "night1", "--history", "history.csv", "--label", "n1",
                                           "--time", "2026-11-01T05:00:00Z"], in: folder)
        #expect(again.status == 0 && again.stdout.contains("already"))
        #expect(bytes(history) == once)
        #expect(try DeckBenchTool.run(["history", "append", "night2", "--history", "history.csv"], in: folder).status == 0)
        #expect(try DeckBenchTool.csvRows(history).count == 2 * rows.count)
        // A folder that is not a complete run is refused, and the history stays as it was.
        let grown = try #require(bytes(history))
        try FileManager.default.copyItem(atPath: folder + "/night2", toPath: folder + "/broken")
        try "policy\n".write(toFile: folder + "/broken/summary.csv", atomically: true, encoding: .utf8)
        let refused = try DeckBenchTool.run(["history", "append", "broken", "--history", "history.csv"], in: folder)
        #expect(refused.status == 74 && refused.stderr.contains("broken"))
        #expect(bytes(history) == grown)
        // A good folder before a broken one: nothing is appended, not the good one's rows alone.
        let both = try DeckBenchTool.run(["history", "append", "night2", "broken", "--history", "history.csv", "--label", "n3"], in: folder)
        #expect(both.status == 74 && both.stderr.contains("nothing was appended"), "\(both.stderr)")
        #expect(bytes(history) == grown)
        // Another run (seed 2) under a label the history holds (n1): a second night of it, said.
        let relabelled = try DeckBenchTool.run(["history", "append", "night2", "--history", "history.csv", "--label", "n1"], in: folder)
        #expect(relabelled.status == 0 && relabelled.stderr.contains("another night in history.csv has the label n1"), "\(relabelled.stderr)")
        #expect(try DeckBenchTool.csvRows(history).count == 3 * rows.count)
    }

    /// A deterministic job replays the same corpus with the same seed every night: the runs are
    /// identical, and each night is a night all the same, named by its label; a rerun under the
    /// same label, or the same folder appended twice without one, adds nothing.
    @Test func identicalRunsOnOtherNightsAreNightsAllTheSame() throws {
        let folder = try twoNights()
        for night in 1 ... 5 {
            let appended = try DeckBenchTool.run(["history", "append", "night1", "--history", "h.csv", "--label", "2026-11-0\(night)"], in: folder)
            #expect(appended.status == 0 && appended.stdout.contains("rows added"), "\(appended.stdout)")
        }
        let rerun = try DeckBenchTool.run(["history", "append", "night1", "--history", "h.csv", "--label", "2026-11-05"], in: folder)
        #expect(rerun.stdout.contains("already"))
        let rows = try DeckBenchTool.csvRows(folder + "/h.csv")
        #expect(Set(rows.map { $0["run"]! }).count == 5)
        #expect(Set(rows.map { $0["label"]! }) == Set((1 ... 5).map { "2026-11-0\($0)" }))
        // Without a label the night is named by its time: by default when the run was written.
        #expect(try DeckBenchTool.run(["history", "append", "night2", "--history", "plain.csv"], in: folder).status == 0)
        let twice = try DeckBenchTool.run(["history", "append", "night2", "--history", "plain.csv"], in: folder)
        #expect(twice.status == 0 && twice.stdout.contains("already"))
        let plain = try DeckBenchTool.csvRows(folder + "/plain.csv")
        #expect(Set(plain.map { $0["run"]! }).count == 1)
        let written = try #require(try FileManager.default.attributesOfItem(atPath: folder + "/night2/manifest.json")[.modificationDate] as? Date)
        let formatter = ISO8601DateFormatter()
        #expect(plain.allSatisfy { $0["time"] == formatter.string(from: written) })
    }

    /// A night is its content: night 14 of a deterministic job appended again under its label,
    /// with or without its --time and --commit, or with others, adds nothing, and the check says
    /// what it said before, byte for byte.
    @Test func aNightAppendedAgainChangesNothing() throws {
        let folder = try twoNights()
        for night in 1 ... 14 {
            let label = String(format: "2026-11-%02d", night)
            let appended = try DeckBenchTool.run(["history", "append", "night1", "--history", "h.csv", "--label", label,
                                                  "--time", label + "T03:00:00Z", "--commit", "c0ffee\(night)"], in: folder)
            #expect(appended.status == 0, "\(appended.stderr)")
        }
        let history = try #require(bytes(folder + "/h.csv"))
        // An empty --metrics (an unset variable) is refused, not an append of nothing.
        for empty in ["", ","] {
            let nothing = try DeckBenchTool.run(["history", "append", "night2", "--history", "h.csv", "--metrics", empty], in: folder)
            #expect(nothing.status == 64 && nothing.stderr.contains("--metrics names no metric"), "\(nothing.stderr)")
        }
        let limits = ["--max-increase", "stall_rate=10%,bytes_per_navigation=5%"]
        let checked = try DeckBenchTool.run(["history", "check", "h.csv"] + limits, in: folder)
        for flags in [[], ["--commit", "c0ffee14"], ["--time", "2026-11-14T03:00:00Z"], ["--commit", "other"], ["--time", "2026-12-01T00:00:00Z"]] {
            let again = try DeckBenchTool.run(["history", "append", "night1", "--history", "h.csv", "--label", "2026-11-14"] + flags, in: folder)
            #expect(again.status == 0 && again.stdout.contains("already"), "\(flags): \(again.stdout) \(again.stderr)")
            let held = try DeckBenchTool.csvRows(folder + "/h.csv").last?["run"] ?? "?"
            #expect(again.stdout.contains("night \(held) is in h.csv already"), "\(again.stdout)")
            #expect(bytes(folder + "/h.csv") == history, "\(flags)")
            let rechecked = try DeckBenchTool.run(["history", "check", "h.csv"] + limits, in: folder)
            #expect(rechecked.stdout == checked.stdout && rechecked.status == checked.status, "\(flags)")
        }
        // --time is kept in UTC, to the second, whatever offset or fraction it was given with.
        for (given, kept) in [("2026-01-01T03:00:00+02:00", "2026-01-01T01:00:00Z"), ("2026-01-02T03:00:00.5Z", "2026-01-02T03:00:00Z")] {
            #expect(try DeckBenchTool.run(["history", "append", "night2", "--history", "t.csv", "--label", given, "--time", given], in: folder).status == 0)
            #expect(try DeckBenchTool.csvRows(folder + "/t.csv").last?["time"] == kept, "\(given)")
        }
        // Each row keeps its run's seed; a history written before the seed was kept is read, and
        // an append rewrites it with the seed column, its old rows without a seed.
        let rows = try DeckBenchTool.csvRows(folder + "/h.csv")
        #expect(rows.allSatisfy { $0["seed"] == rows[0]["seed"] && !($0["seed"] ?? "").isEmpty })
        let text = try String(contentsOfFile: folder + "/h.csv", encoding: .utf8)
        let old = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",") }
        try (old.joined(separator: "\n") + "\n").write(toFile: folder + "/old.csv", atomically: true, encoding: .utf8)
        let oldChecked = try DeckBenchTool.run(["history", "check", "old.csv"] + limits, in: folder)
        #expect(oldChecked.status == checked.status, "\(oldChecked.stderr)")
        #expect(try DeckBenchTool.run(["history", "append", "night2", "--history", "old.csv", "--label", "2026-11-15"], in: folder).status == 0)
        let upgraded = try DeckBenchTool.csvRows(folder + "/old.csv")
        #expect(upgraded.count == rows.count * 15 / 14)
        #expect(upgraded.prefix(rows.count).allSatisfy { $0["seed"] == "" } && upgraded.suffix(rows.count / 14).allSatisfy { $0["seed"] == "2" })
    }

    /// The flags a night is judged by are those that change the model: a new seed or bootstrap
    /// count every night is no cause; a new --item-bytes is.
    @Test func theSeedAndTheBootstrapCountAreNoCause() throws {
        let folder = try twoNights()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "night3", "--seed", "3", "--bootstrap", "300", "--sessions-format", "none",
                                       "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "night4", "--seed", "4", "--bootstrap", "200", "--item-bytes", "1300",
                                       "--sessions-format", "none", "--quiet"], in: folder).status == 0)
        for night in 1 ... 4 {
            #expect(try DeckBenchTool.run(["history", "append", "night\(night)", "--history", "h.csv", "--label", "\(night)"], in: folder).status == 0)
        }
        let flags = Dictionary(grouping: try DeckBenchTool.csvRows(folder + "/h.csv"), by: { $0["label"]! }).mapValues { Set($0.map { $0["flags"]! }) }
        #expect(flags["1"]?.count == 1 && flags["1"] == flags["2"] && flags["2"] == flags["3"])
        #expect(flags["4"] != flags["3"])
    }

    /// Twelve appends at once on one history: every night lands, or an append fails.
    @Test func concurrentAppendsAllLand() throws {
        let folder = try twoNights()
        let processes = try (1 ... 12).map { night -> Process in
            let process = Process()
            process.executableURL = DeckBenchTool.executable
            process.arguments = ["history", "append", "night\(night % 2 + 1)", "--history", "h.csv", "--label", "night-\(night)", "--quiet"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let rows = try DeckBenchTool.csvRows(folder + "/h.csv")
        #expect(Set(rows.map { $0["label"]! }) == Set((1 ... 12).map { "night-\($0)" }))
        #expect(try DeckBenchTool.run(["history", "check", "h.csv", "--max-increase", "stall_rate=1"], in: folder).status == 0)
    }

    /// A shard's folder holds part of a night's sessions: refused, with the way out.
    @Test func aShardsFolderIsRefused() throws {
        let folder = try twoNights()
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "1/2", "--out", "part", "--bootstrap", "200", "--quiet"], in: folder).status == 0)
        let refused = try DeckBenchTool.run(["history", "append", "part", "--history", "h.csv"], in: folder)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("part: it holds one shard of a run"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`deckbench merge` the shards"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/h.csv"))
    }

    /// Histories damaged by hand or by a tool are refused with the line and the reason, never
    /// judged as if whole.
    @Test func aDamagedHistoryIsRefused() throws {
        let header = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
        func row(_ run: String, _ policy: String = "fixed", value: String = "0.03") -> String {
            "\(run),,2026-11-01T03:00:00Z,0.1.0,,c0,f0,\(policy),lte,stall_rate,\(value),0.02,0.04\n"
        }
        let folder = DeckBenchTool.temporaryFolder()
        let cases: [(String, String, String)] = [
            ("twice.csv", header + row("a") + row("a"), "twice.csv:3: a damaged history: run a holds stall_rate of fixed on lte twice (lines 2 and 3)"),
            ("interleaved.csv", header + row("a") + row("b") + row("a", "ondemand"),
             "interleaved.csv:4: a damaged history: a row of run a, whose rows began on line 2, after those of run b"),
            ("text.csv", header + row("a") + row("b", value: "n/a"), "text.csv:3: a damaged history: value \"n/a\" is not a number"),
        ]
        for (name, text, reason) in cases {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            let check = try DeckBenchTool.run(["history", "check", name, "--max-increase", "stall_rate=1"], in: folder)
            #expect(check.status == 65 && check.stderr.contains(reason), "\(name): \(check.stderr)")
        }
        // zstd under a plain name: an append would have rewritten it as plain CSV.
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--seed", "3", "--level", "3"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "night", "--bootstrap", "200", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["history", "append", "night", "--history", "h.csv.zst", "--label", "1"], in: folder).status == 0)
        try FileManager.default.moveItem(atPath: folder + "/h.csv.zst", toPath: folder + "/h.csv")
        let before = bytes(folder + "/h.csv")
        let renamed = try DeckBenchTool.run(["history", "append", "night", "--history", "h.csv", "--label", "2"], in: folder)
        #expect(renamed.status == 65 && renamed.stderr.contains("it is zstd-compressed but its name does not end in .zst"), "\(renamed.stderr)")
        #expect(bytes(folder + "/h.csv") == before)
    }

    /// A value of nan or inf, in any case and sign, is damage, as "n/a" is (exit 65, with its line):
    /// read as a number, one nan night would leave every later step of its series unjudged (a mean
    /// with a nan in it is past no limit). Here the step from night 20 fails while every value is a
    /// number (and, read as one, passed with a nan on night 10); with night 10's value (line 11), or
    /// an end of its interval, not a number, the history is refused and nothing is judged.
    @Test func aValueOfNaNOrInfinityIsDamageWithItsLine() throws {
        let path = history(nights: 26) { $0 >= 20 ? 0.015 : 0 }
        #expect(try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"]).status == 2)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let columns = ["value": 10, "ci_low": 11, "ci_high": 12]
        for (column, text) in [("value", "nan"), ("value", "inf"), ("value", "NaN"), ("value", "-inf"), ("value", "Infinity"),
                               ("ci_low", "-INF"), ("ci_high", "nan"), ("value", "n/a")] {
            var damaged = lines
            var fields = damaged[10].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[columns[column]!] = text
            damaged[10] = fields.joined(separator: ",")
            let copy = path + ".\(column).\(text).csv".replacingOccurrences(of: "/", with: "-")
            try (damaged.joined(separator: "\n") + "\n").write(toFile: copy, atomically: true, encoding: .utf8)
            let check = try DeckBenchTool.run(["history", "check", copy, "--max-increase", "stall_rate=0.005"])
            #expect(check.status == 65 && check.stdout.isEmpty, "\(column) \(text): \(check.status) \(check.stdout)")
            #expect(check.stderr.contains("\(copy):11: a damaged history: \(column) \"\(text)\" is not a number"), "\(check.stderr)")
        }
    }

    /// A row that says something else of its run than the run's first row is damage; an empty
    /// file is a history of no night; a night appended with an earlier time than the last is warned.
    @Test func aRunSaysOneThingAndAnEmptyFileIsANewHistory() throws {
        let header = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
        let folder = DeckBenchTool.temporaryFolder()
        try (header + "a,n1,,0.1.0,,c0,f0,fixed,lte,stall_rate,0.03,,\na,n2,,0.1.0,,c0,f0,staged,lte,stall_rate,0.03,,\n")
            .write(toFile: folder + "/relabelled.csv", atomically: true, encoding: .utf8)
        let relabelled = try DeckBenchTool.run(["history", "check", "relabelled.csv", "--max-increase", "stall_rate=1"], in: folder)
        #expect(relabelled.status == 65 && relabelled.stderr.contains("relabelled.csv:3: a damaged history: a row of run a names its run otherwise"),
                "\(relabelled.stderr)")
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--seed", "3", "--level", "3"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "night", "--bootstrap", "200", "--quiet"], in: folder).status == 0)
        _ = FileManager.default.createFile(atPath: folder + "/h.csv", contents: Data())
        let first = try DeckBenchTool.run(["history", "append", "night", "--history", "h.csv", "--label", "1", "--time", "2026-11-02T03:00:00Z"],
                                          in: folder)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let backfill = try DeckBenchTool.run(["history", "append", "night", "--history", "h.csv", "--label", "0", "--time", "2026-11-01T03:00:00Z"],
                                             in: folder)
        #expect(backfill.status == 0 && backfill.stderr.contains("warning: night's time 2026-11-01T03:00:00Z is before the last night's"),
                "\(backfill.stderr)")
    }

    /// The user test: two nights appended, the file cut 20 lines short (inside the last night's
    /// second point). check refused it (exit 65, the line and what is missing) where it passed, and
    /// append of the cut night refuses too instead of saying it is there already; mended as told,
    /// the night comes back whole. Cut between two points, check cannot tell, and append can.
    @Test func aHistoryCutShortIsRefusedAndTheNightComesBack() throws {
        let folder = try twoNights()
        let history = folder + "/h.csv"
        for night in 1 ... 2 {
            #expect(try DeckBenchTool.run(["history", "append", "night\(night)", "--history", "h.csv", "--label", "n\(night)"], in: folder).status == 0)
        }
        let whole = try String(contentsOfFile: history, encoding: .utf8)
        let lines = whole.split(separator: "\n").map(String.init)
        let perNight = (lines.count - 1) / 2, perPoint = Set(try DeckBenchTool.csvRows(history).map { $0["metric"]! }).count
        try #require(20 % perPoint != 0 && perNight > 20)
        func keep(_ count: Int) throws {
            try (lines.prefix(count).joined(separator: "\n") + "\n").write(toFile: history, atomically: true, encoding: .utf8)
        }
        try keep(lines.count - 20)
        let check = try DeckBenchTool.run(["history", "check", "h.csv", "--max-increase", "stall_rate=10%"], in: folder)
        #expect(check.status == 65 && check.stderr.contains("h.csv:\(lines.count - 20): a damaged history: run ")
            && check.stderr.contains("end here without ") && check.stderr.contains("the night was cut short or rows were deleted"),
            "\(check.stderr)")
        let again = try DeckBenchTool.run(["history", "append", "night2", "--history", "h.csv", "--label", "n2"], in: folder)
        #expect(again.status == 65 && !again.stdout.contains("already") && again.stderr.contains("a damaged history"), "\(again.stderr)")
        let report = try DeckBenchTool.run(["history", "report", "h.csv", "--out", "trend"], in: folder)
        #expect(report.status == 65 && !FileManager.default.fileExists(atPath: folder + "/trend"))
        // Cut between the last night's points: the rows alone read, the night's folder tells.
        try keep(lines.count - perPoint)
        #expect(try DeckBenchTool.run(["history", "check", "h.csv", "--max-increase", "stall_rate=10%"], in: folder).status == 0)
        let boundary = try DeckBenchTool.run(["history", "append", "night2", "--history", "h.csv", "--label", "n2"], in: folder)
        #expect(boundary.status == 65 && boundary.stderr.contains("h.csv:\(lines.count - perPoint): a damaged history: night ")
            && boundary.stderr.contains("holds \(perNight - perPoint) of the \(perNight) rows its folder gives")
            && boundary.stderr.contains("delete the night's rows (lines \(perNight + 2)–\(lines.count - perPoint))"), "\(boundary.stderr)")
        // Mended as said: the night's rows deleted, it is appended whole again.
        try keep(1 + perNight)
        #expect(try DeckBenchTool.run(["history", "append", "night2", "--history", "h.csv", "--label", "n2"], in: folder).status == 0)
        #expect(try String(contentsOfFile: history, encoding: .utf8) == whole)
    }

    /// A history with no night, an empty file or a header alone, is a new history to append and
    /// holds nothing to check or draw (exit 65, nothing written); --out a file is said in words.
    @Test func aHistoryOfNoNightAndAnOutThatIsAFile() throws {
        let folder = DeckBenchTool.temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/empty.csv", contents: Data())
        try (HistoryRow.header.joined(separator: ",") + "\n").write(toFile: folder + "/header.csv", atomically: true, encoding: .utf8)
        for name in ["empty.csv", "header.csv"] {
            let check = try DeckBenchTool.run(["history", "check", name, "--max-increase", "stall_rate=1"], in: folder)
            #expect(check.status == 65 && check.stderr.contains("\(name) holds no night yet (an empty file, or a header and no row)"),
                    "\(check.stderr)")
            let report = try DeckBenchTool.run(["history", "report", name, "--out", "trend"], in: folder)
            #expect(report.status == 65 && report.stderr.contains("\(name) holds no night yet"), "\(report.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/trend"))
        }
        let path = history(nights: 3) { _ in 0 }
        let file = (path as NSString).deletingLastPathComponent + "/taken"
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let taken = try DeckBenchTool.run(["history", "report", path, "--out", file])
        #expect(taken.status == 74 && taken.stderr == "error: cannot write \(file): a file, not a folder\n", "\(taken.stderr)")
        let below = try DeckBenchTool.run(["history", "report", path, "--out", file + "/trend"])
        #expect(below.status == 74 && below.stderr == "error: cannot create the folder \(file)/trend: \(file) is a file, not a folder\n",
                "\(below.stderr)")
    }

    /// Fewer nights than a change needs are said, not passed as "no change".
    @Test func aHistoryTooShortToJudgeSaysSo() throws {
        let path = history(nights: 7) { _ in 0 }
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("7 nights, 1 series: no lasting change past a limit; too short to judge: a change needs 8 nights with a value (5 before it, --min-nights 3 from it)"),
                "\(result.stdout)")
        let enough = try DeckBenchTool.run(["history", "check", history(nights: 8) { _ in 0 }, "--max-increase", "stall_rate=0.005"])
        #expect(enough.stdout.contains("8 nights, 1 series: no lasting change past a limit\n"), "\(enough.stdout)")
    }

    @Test func aKilledAppendLeavesTheOldHistoryWhole() throws {
        let folder = try twoNights()
        #expect(try DeckBenchTool.run(["history", "append", "night1", "--history", "history.csv"], in: folder).status == 0)
        let before = try #require(bytes(folder + "/history.csv"))
        // Killed (SIGKILL) just before the rename that would put the new history in place.
        let killed = try DeckBenchTool.run(["history", "append", "night2", "--history", "history.csv"], in: folder,
                                           environment: ["DECKBENCH_KILL_AT_RENAME": "1"])
        #expect(killed.status != 0)
        #expect(bytes(folder + "/history.csv") == before)
    }

    /// A hand-made history: `nights` runs of one series, stall_rate of `fixed` on lte, 3 % with a
    /// fixed pattern of noise (±0.15 points) and ±0.4-point intervals, `shift(night)` added, and
    /// the corpus digest `corpus(night)`.
    private func history(nights: Int, shift: (Int) -> Double, corpus: (Int) -> String = { _ in "c0" },
                         flags: (Int) -> String = { _ in "f0" }, version: (Int) -> String = { _ in "0.1.0" }) -> String {
        let noise = [0.0, 0.0015, -0.001, 0.0005, -0.0015, 0.001, -0.0005]
        var text = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
        for night in 1 ... nights {
            let value = 0.03 + noise[night % noise.count] + shift(night)
            text += "r\(night),n\(night),2026-11-\(String(format: "%02d", night))T03:00:00Z,\(version(night)),,\(corpus(night)),\(flags(night)),fixed,lte,stall_rate,"
                + String(format: "%.4f,%.4f,%.4f\n", value, value - 0.004, value + 0.004)
        }
        let path = DeckBenchTool.temporaryFolder() + "/history.csv"
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A deterministic job (one corpus, one seed) whose bytes per navigation grow 2 % a night
    /// from night 11: checked each morning against 5 %, it fails on the creep's 3rd night (+6.1 %,
    /// the first past the limit), said as a creep since night 11; `history report` with the same
    /// limit draws the check: its verdict, its line, the limit and the creep's rise on the chart,
    /// and the stall rate in % as the report shows it.
    @Test func aCreepFailsOnceItPassesItsLimitAndThePageDrawsTheCheck() throws {
        func history(_ nights: Int) throws -> String {
            var text = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high,seed\n"
            for night in 1 ... nights {
                let bytes = 45_380 * pow(1.02, Double(max(0, night - 10)))
                text += "r\(night),n\(night),,0.1.0,,c0,f0,fixed,lte,bytes_per_navigation,"
                    + String(format: "%.1f,%.1f,%.1f,7\n", bytes, bytes * 0.94, bytes * 1.06)
                text += "r\(night),n\(night),,0.1.0,,c0,f0,fixed,lte,stall_rate,0.0312,0.0271,0.0353,7\n"
            }
            let path = DeckBenchTool.temporaryFolder() + "/history.csv"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let limits = ["--max-increase", "bytes_per_navigation=5%,stall_rate=10%"]
        for nights in 11 ... 12 {
            let early = try DeckBenchTool.run(["history", "check", try history(nights)] + limits)
            #expect(early.status == 0 && !early.stdout.contains("FAIL"), "\(nights) nights: \(early.stdout)")
        }
        let path = try history(13)
        let third = try DeckBenchTool.run(["history", "check", path] + limits)
        #expect(third.status == 2, "\(third.stdout)")
        #expect(third.stdout.contains("FAIL bytes_per_navigation of fixed on lte: +2"), "\(third.stdout)")
        #expect(third.stdout.contains("creeping since night 11 (n11, run r11), +9"), "\(third.stdout)")
        let folder = (path as NSString).deletingLastPathComponent
        let report = try DeckBenchTool.run(["history", "report", "history.csv", "--out", "trend"] + limits, in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/trend/trend.html"), options: [])
        let verdict = try document.nodes(forXPath: "//h2[.='The check']/following-sibling::p[1]").first?.stringValue ?? ""
        #expect(verdict.contains("FAIL, 13 nights, 2 series: 1 lasting change past its limit"), "\(verdict)")
        let said = try document.nodes(forXPath: "//p[starts-with(., 'The check: ')]").compactMap(\.stringValue)
        #expect(said == ["The check: " + third.stdout.split(separator: "\n")[0]], "\(said)")
        let bytesChart = try #require(try document.nodes(forXPath: "//div[@class='trend-cell' or @class='trend-wide']//svg").first as? XMLElement)
        let orange = try bytesChart.nodes(forXPath: ".//line[@stroke='#e67e22']").count
        let rise = try bytesChart.nodes(forXPath: ".//line[@stroke='#c0392b' and not(@stroke-dasharray)]").count
        #expect(orange == 1 && rise == 1, "\(bytesChart.xmlString.prefix(400))")
        let stallTicks = try document.nodes(forXPath: "(//svg)[last()]//text").compactMap(\.stringValue)
        #expect(stallTicks.contains { $0.hasSuffix(" %") }, "\(stallTicks)")
        // A limit on a metric the history does not keep is refused by the page as by the check.
        let unkept = try DeckBenchTool.run(["history", "report", "history.csv", "--out", "x", "--max-decrease", "coverage=2%"], in: folder)
        #expect(unkept.status == 64 && unkept.stderr.contains("holds no series of coverage"), "\(unkept.stderr)")
        // Without limits the page has no check.
        #expect(try DeckBenchTool.run(["history", "report", "history.csv", "--out", "plain"], in: folder).status == 0)
        let plain = try String(contentsOfFile: folder + "/plain/trend.html", encoding: .utf8)
        #expect(!plain.contains("The check"))
    }

    @Test func checkFailsOnALastingStepAndNamesItsNight() throws {
        let path = history(nights: 26) { $0 >= 20 ? 0.015 : 0 }
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAIL stall_rate of fixed on lte") && result.stdout.contains("from night 20 (n20, run r20) on, 7 nights"),
                "\(result.stdout)")
        // The same step with a relative limit of 10 % (0.3 points of a 3 % baseline) fails too; at 100 % it does not.
        #expect(try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=10%"]).status == 2)
        #expect(try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=100%"]).status == 0)
    }

    @Test func aStepThatNewRecordingsBroughtIsExplainedNotFailed() throws {
        let path = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, corpus: { $0 >= 20 ? "c1" : "c0" })
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("explained (new recordings) stall_rate of fixed on lte") && result.stdout.contains("night 20"))
        // New flags and a new version are named the same way.
        let flagged = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, flags: { $0 >= 20 ? "f1" : "f0" })
        #expect(try DeckBenchTool.run(["history", "check", flagged, "--max-increase", "stall_rate=0.005"]).stdout
            .contains("explained (new flags) stall_rate"))
        let upgraded = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, version: { $0 >= 20 ? "0.2.0" : "0.1.0" })
        #expect(try DeckBenchTool.run(["history", "check", upgraded, "--max-increase", "stall_rate=0.005"]).stdout
            .contains("explained (a new DeckBench version) stall_rate"))
        // A change of flags for one night only, then back, explains nothing.
        let blip = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, flags: { $0 == 20 ? "f1" : "f0" })
        #expect(try DeckBenchTool.run(["history", "check", blip, "--max-increase", "stall_rate=0.005"]).status == 2)
        // A corpus new every night explains nothing.
        let nightly = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, corpus: { "c\($0)" })
        #expect(try DeckBenchTool.run(["history", "check", nightly, "--max-increase", "stall_rate=0.005"]).status == 2)
    }

    /// A deterministic job: five identical nights, then a regression of 1.5 points from night 6.
    /// Nights 6 and 7 are too few to judge it; night 8, its third, fails it, placed on night 6.
    @Test func aDeterministicJobsRegressionFailsOnItsThirdNight() throws {
        func checked(_ nights: Int) throws -> DeckBenchTool.Output {
            var text = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
            for night in 1 ... nights {
                let value = night >= 6 ? "0.045,0.041,0.049" : "0.03,0.026,0.034"
                text += "r\(night),2026-11-0\(night),2026-11-0\(night)T03:00:00Z,0.1.0,,c0,f0,fixed,lte,stall_rate,\(value)\n"
            }
            let path = DeckBenchTool.temporaryFolder() + "/history.csv"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        }
        for nights in 6 ... 7 {
            let early = try checked(nights)
            #expect(early.status == 0 && !early.stdout.contains("FAIL"), "\(nights) nights: \(early.stdout)")
        }
        let third = try checked(8)
        #expect(third.status == 2)
        #expect(third.stdout.contains("FAIL stall_rate of fixed on lte: +0.015 (95 % CI "), "\(third.stdout)")
        #expect(third.stdout.contains("from night 6 (2026-11-06, run r6) on, 3 nights; limit 0.005, detectable "), "\(third.stdout)")
    }

    /// --min-nights reaches the search: a step of 1.5 points from night 20, held 3 nights, fails
    /// under the default and under --min-nights 3, is too recent to judge under --min-nights 4
    /// (nothing said, exit 0), and fails under it once it has held a 4th night.
    @Test func minNightsIsTheNightsAChangeMustHaveHeld() throws {
        let limit = ["--max-increase", "stall_rate=0.005"]
        let held3 = history(nights: 22) { $0 >= 20 ? 0.015 : 0 }
        for flags in [[], ["--min-nights", "3"]] {
            let result = try DeckBenchTool.run(["history", "check", held3] + limit + flags)
            #expect(result.status == 2 && result.stdout.contains("FAIL stall_rate of fixed on lte: +0.015")
                && result.stdout.contains("from night 20 (n20, run r20) on, 3 nights;"), "\(flags): \(result.stdout)")
        }
        let early = try DeckBenchTool.run(["history", "check", held3] + limit + ["--min-nights", "4"])
        #expect(early.status == 0 && !early.stdout.contains("FAIL"), "\(early.stdout)")
        #expect(early.stdout == "22 nights, 1 series: no lasting change past a limit\n", "\(early.stdout)")
        let held4 = try DeckBenchTool.run(["history", "check", history(nights: 23) { $0 >= 20 ? 0.015 : 0 }] + limit + ["--min-nights", "4"])
        #expect(held4.status == 2 && held4.stdout.contains("from night 20 (n20, run r20) on, 4 nights;"), "\(held4.stdout)")
    }

    /// New flags on night 10 with a step of 1.5 points, checked every morning from night 10 to 14:
    /// never a FAIL, and from its third night the step is said, explained, on night 10.
    @Test func aDeclaredChangeIsExplainedOnItsNightAndNeverFailsEarly() throws {
        for nights in 10 ... 14 {
            let path = history(nights: nights, shift: { $0 >= 10 ? 0.015 : 0 }, flags: { $0 >= 10 ? "f1" : "f0" })
            let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
            #expect(result.status == 0 && !result.stdout.contains("FAIL"), "\(nights) nights: \(result.stdout)")
            #expect(result.stdout.contains("explained (new flags) stall_rate of fixed on lte") == (nights >= 12), "\(nights) nights: \(result.stdout)")
            if nights >= 12 { #expect(result.stdout.contains("from night 10 (n10, run r10) on"), "\(result.stdout)") }
        }
    }

    /// New flags on night 8 explain its step; a second step on night 20 with nothing new in the
    /// runs is judged on the nights after night 8 alone, and fails.
    @Test func anExplainedChangeHidesNoLaterOne() throws {
        for nights in 21 ... 22 {
            let early = history(nights: nights, shift: { $0 >= 20 ? 0.025 : $0 >= 8 ? 0.01 : 0 }, flags: { $0 >= 8 ? "f1" : "f0" })
            let result = try DeckBenchTool.run(["history", "check", early, "--max-increase", "stall_rate=0.005"])
            #expect(result.status == (nights == 22 ? 2 : 0), "\(nights) nights: \(result.stdout)")
        }
        let path = history(nights: 26, shift: { $0 >= 20 ? 0.025 : $0 >= 8 ? 0.01 : 0 }, flags: { $0 >= 8 ? "f1" : "f0" })
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("explained (new flags) stall_rate of fixed on lte: +0.01"), "\(result.stdout)")
        #expect(result.stdout.contains("from night 8 (n8, run r8)"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL stall_rate of fixed on lte: +0.015"), "\(result.stdout)")
        #expect(result.stdout.contains("from night 20 (n20, run r20) on, 7 nights"), "\(result.stdout)")
    }

    /// Real replays of one corpus, a new seed every night (no cause), and `--item-bytes` grown from
    /// 1,000 to 1,300 on night 10 (a cause): checked every morning from night 10 to 12, nothing
    /// fails: the seed explains nothing and accuses nothing, and the step has its cause.
    @Test func seedOnlyNightsWithADeclaredChangeFailNothing() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "60", "--seed", "8", "--level", "3"], in: folder).status == 0)
        for night in 1 ... 12 {
            let items = night >= 10 ? "1300" : "1000"
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "n\(night)", "--seed", "\(night)", "--item-bytes", items, "--bootstrap", "200",
                                           "--sessions-format", "none", "--quiet"], in: folder).status == 0)
            #expect(try DeckBenchTool.run(["history", "append", "n\(night)", "--history", "h.csv", "--label", "night-\(night)"], in: folder).status == 0)
            guard night >= 10 else { continue }
            let check = try DeckBenchTool.run(["history", "check", "h.csv", "--max-increase", "stall_rate=10%,bytes_per_navigation=5%"], in: folder)
            #expect(check.status == 0 && !check.stdout.contains("FAIL"), "night \(night): \(check.stdout)")
            if night == 12 {
                #expect(check.stdout.contains("explained (new flags) bytes_per_navigation"), "\(check.stdout)")
                #expect(check.stdout.contains("from night 10 (night-10"), "\(check.stdout)")
            }
        }
    }

    /// A week on another network, then back: the step to it and the step back are both explained,
    /// and nothing fails on any morning.
    @Test func aNetworkTriedForAWeekAndRevertedFailsNothing() throws {
        func history(_ nights: Int) throws -> String {
            var text = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
            let noise = [0.0, 0.0015, -0.001, 0.0005, -0.0015, 0.001, -0.0005]
            for night in 1 ... nights {
                let other = (13 ... 20).contains(night)
                let value = 0.03 + noise[night % noise.count] + (other ? 0.015 : 0)
                text += "r\(night),d\(night),,0.1.0,,c0,f0,staged,\(other ? "lte:rtt_ms=200" : "lte"),stall_rate,"
                    + String(format: "%.4f,%.4f,%.4f\n", value, value - 0.004, value + 0.004)
            }
            let path = DeckBenchTool.temporaryFolder() + "/history.csv"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        for nights in 20 ... 26 {
            let result = try DeckBenchTool.run(["history", "check", try history(nights), "--max-increase", "stall_rate=10%"])
            #expect(result.status == 0 && !result.stdout.contains("FAIL"), "\(nights) nights: \(result.stdout)")
            #expect(result.stdout.contains("explained (a new network) stall_rate of staged on lte: +0.01") && result.stdout.contains("from night 13 (d13"), "\(nights) nights: \(result.stdout)")
        }
    }

    /// One night run with other flags is left out of the nights judged: it hides no later step.
    @Test func aOneNightChangeHidesNothing() throws {
        let path = history(nights: 28, shift: { $0 == 15 ? 0.03 : $0 >= 22 ? 0.015 : 0 }, flags: { $0 == 15 ? "f1" : "f0" })
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.contains("FAIL stall_rate of fixed on lte: +0.015") && result.stdout.contains("from night 22 (n22, run r22)"),
                "\(result.stdout)")
        let out = (path as NSString).deletingLastPathComponent + "/trend"
        #expect(try DeckBenchTool.run(["history", "report", path, "--out", out]).status == 0)
        let rows = try DeckBenchTool.csvRows(out + "/trend.csv")
        #expect(rows.filter { !$0["changed"]!.isEmpty }.map { "\($0["night"]!): \($0["changed"]!)" }
            == ["15: new flags for this night only (left out of the search)"])
        #expect(rows.filter { !$0["change"]!.isEmpty }.map { $0["night"]! } == ["22"])
    }

    /// A step 1.2 × the limit that the nights cannot confirm is said, with the smallest change
    /// they could have confirmed, and does not fail.
    @Test func anUnconfirmedChangeSaysWhatCouldHaveBeenSeen() throws {
        let path = history(nights: 26) { $0 >= 20 ? 0.006 : 0 }
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 0, "\(result.stdout)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("unconfirmed stall_rate of fixed on lte") })
        #expect(line.contains("from night 20 (n20, run r20) on, 7 nights; limit 0.005, detectable 0.0"), "\(line)")
        let detectable = try #require(Double(line.split(separator: " ").last ?? ""))
        #expect(detectable > 0.006, "\(line)")
    }

    @Test func oneNoisyNightOrNoLimitPasses() throws {
        let path = history(nights: 26) { $0 == 26 ? 0.05 : 0 }
        let result = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("no lasting change past a limit"))
        #expect(try DeckBenchTool.run(["history", "check", path]).status == 64)
        let twice = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005", "--max-increase", "stall_rate=1%"])
        #expect(twice.status == 64 && twice.stderr.contains("--max-increase limits stall_rate twice (0.005 and 1%): give each metric one limit"))
        let split = try DeckBenchTool.run(["history", "check", path, "--max-increase", "stall_rate=0.005", "--max-increase", "stall_ms_p99=10%"])
        #expect(split.status == 64 && split.stderr.contains("holds no series of stall_ms_p99 (it keeps stall_rate)"), "\(split.stderr)")
        let headerOnly = path + ".empty.csv"
        let header = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first)
        try (header + "\n").write(toFile: headerOnly, atomically: true, encoding: .utf8)
        let empty = try DeckBenchTool.run(["history", "check", headerOnly, "--max-increase", "stall_rate=0.005"])
        #expect(empty.status == 65 && empty.stderr.contains("holds no night yet (an empty file, or a header and no row)"), "\(empty.stderr)")
        let missing = try DeckBenchTool.run(["history", "check", path + ".missing", "--max-increase", "stall_rate=1"])
        #expect(missing.status == 74 && missing.stderr.contains("no such file"))
    }

    /// The trend: trend.csv marks the change on night 20 with its size and interval and the
    /// recordings that explain it, and names the nights whose runs changed; trend.html is
    /// well-formed, has a chart per series, and says the same.
    @Test func theTrendMarksTheChangeAndNamesItsCause() throws {
        let path = history(nights: 26, shift: { $0 >= 20 ? 0.015 : 0 }, corpus: { $0 >= 20 ? "c1" : "c0" })
        let out = (path as NSString).deletingLastPathComponent + "/trend"
        let result = try DeckBenchTool.run(["history", "report", path, "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try DeckBenchTool.csvRows(out + "/trend.csv")
        #expect(rows.count == 26 && rows.map { $0["night"]! } == (1 ... 26).map(String.init))
        let marked = rows.filter { !$0["change"]!.isEmpty }
        #expect(marked.map { $0["night"]! } == ["20"], "\(marked)")
        let change = try #require(marked.first)
        #expect(change["change_cause"] == "new recordings" && change["changed"] == "new recordings")
        let size = try #require(Double(change["change"]!)), low = try #require(Double(change["change_ci_low"]!))
        #expect(abs(size - 0.015) < 0.002 && low > 0 && low < size)
        #expect(rows.filter { !$0["changed"]!.isEmpty }.map { $0["night"]! } == ["20"])
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: out + "/trend.html"), options: [])
        #expect(try document.nodes(forXPath: "//svg").count == 1)
        let text = try String(contentsOfFile: out + "/trend.html", encoding: .utf8)
        #expect(text.contains("From night 20 (n20): +1.5") && text.contains("points (95 % CI") && text.contains("explained by new recordings"), "\(text.prefix(2_000))")
    }

    /// trend.html answers "what changed?" first: an index of the change points, the unexplained
    /// first, each linked to its chart; every chart on the history's own nights, its axis ending
    /// at the last one, so a policy added on night 10 is drawn from night 10; many series in a grid.
    @Test func theTrendPageListsTheChangesFirstOnTheHistorysNights() throws {
        var text = "run,label,time,version,commit,corpus,flags,policy,network,metric,value,ci_low,ci_high\n"
        let noise = [0.0, 0.0015, -0.001, 0.0005, -0.0015, 0.001, -0.0005]
        for night in 1 ... 26 {
            for policy in ["fixed", "staged", "ondemand"] where policy != "staged" || night >= 10 {
                let value = 0.03 + noise[(night + policy.count) % noise.count] + (policy == "fixed" && night >= 20 ? 0.015 : 0)
                    + (policy == "ondemand" && night >= 15 ? 0.02 : 0)
                let corpus = night >= 15 ? "c1" : "c0"
                text += "r\(night),n\(night),2026-11-\(String(format: "%02d", night))T03:00:00Z,0.1.0,,\(corpus),f0,\(policy),lte,stall_rate,"
                    + String(format: "%.4f,%.4f,%.4f\n", value, value - 0.004, value + 0.004)
            }
        }
        let folder = DeckBenchTool.temporaryFolder()
        try text.write(toFile: folder + "/history.csv", atomically: true, encoding: .utf8)
        #expect(try DeckBenchTool.run(["history", "report", "history.csv", "--out", "trend"], in: folder).status == 0)
        let rows = try DeckBenchTool.csvRows(folder + "/trend/trend.csv")
        #expect(rows.filter { $0["policy"] == "staged" }.map { $0["night"]! } == (10 ... 26).map(String.init))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/trend/trend.html"), options: [])
        let index = try document.nodes(forXPath: "//table[@class='trend-index']/tr[td]").map { $0.stringValue ?? "" }
        #expect(index.count == 2, "\(index)")
        #expect(index.first?.contains("fixed") == true && index.first?.contains("20 (n20)") == true, "\(index)")
        #expect(index.last?.contains("ondemand") == true && index.last?.contains("new recordings") == true, "\(index)")
        let links = try document.nodes(forXPath: "//table[@class='trend-index']//a/@href").compactMap(\.stringValue)
        for link in links { #expect(try !document.nodes(forXPath: "//div[@id='\(link.dropFirst())']//svg").isEmpty, "\(link)") }
        #expect(try document.nodes(forXPath: "//div[@class='trend-grid']/div[@class='trend-cell']").count == 3)
        // The plot's right edge is the last night; staged's first point is night 10's, not night 1's.
        for cell in try document.nodes(forXPath: "//div[@class='trend-cell']") {
            let frame = try #require(try cell.nodes(forXPath: ".//svg/rect").first as? XMLElement)
            let right = Double(frame.attribute(forName: "x")?.stringValue ?? "")! + Double(frame.attribute(forName: "width")?.stringValue ?? "")!
            let xs = try cell.nodes(forXPath: ".//svg/circle/@cx").compactMap { Double($0.stringValue ?? "") }
            #expect(abs((xs.max() ?? 0) - right) < 0.01)
            let left = Double(frame.attribute(forName: "x")?.stringValue ?? "")!
            let isStaged = (try cell.nodes(forXPath: "h3").first?.stringValue ?? "").hasPrefix("staged")
            #expect(isStaged == ((xs.min() ?? 0) > left + 1), "\(cell.xmlString.prefix(300))")
        }
    }
}
