import CSV
import DeckBench
import Foundation
import Testing

@Suite struct ReplayCommandTests {
    /// A folder with two generated recordings and one damaged file.
    private func corpus(damaged: Bool = false) throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "2", "--seed", "4", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        if damaged {
            let text = #"{"v":1,"session":"bad","page":0,"first":0,"last":9}"# + "\n" + #"{"t":5,"e":"tap","dir":"up"}"# + "\n"
            _ = FileManager.default.createFile(atPath: folder + "/rec/zz-damaged.jsonl", contents: Data(text.utf8))
        }
        return folder
    }

    private func read(_ path: String) throws -> [[String: String]] {
        try DeckBenchTool.csvRows(path)
    }

    @Test func writesTheFourReportsAndASummaryTable() throws {
        let folder = try corpus()
        let output = try DeckBenchTool.run(["replay", "rec", "--out", "out"], in: folder)
        #expect(output.status == 0)
        for name in ["summary.csv", "distributions.csv", "sessions.csv", "rejects.csv", "manifest.json"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/out/" + name), "\(name) missing")
        }
        let summary = try read(folder + "/out/summary.csv")
        // Without --policy, the default job's policies at their defaults, in the registry's order.
        #expect(summary.map { $0["policy"] } == PolicyRegistry.defaults.map(\.spec))
        #expect(["ondemand", "fixed:radius=1", "directional:behind=2,ahead=4", "staged:radius=2"].allSatisfy(summary.map { $0["policy"]! }.contains))
        #expect(summary.allSatisfy { $0["network"] == "lte:rtt_ms=150,jitter=0.3,downlink_kbps=1638.4,connections=4,server_ms=0,loss=0,timeout_ms=10000,outage_every_ms=0,outage_ms=0" })
        #expect(summary.allSatisfy { $0["sessions"] == "30" })
        let sessions = try read(folder + "/out/sessions.csv")
        #expect(sessions.count == 30 * PolicyRegistry.defaults.count)
        // Summary counts are the sums of the session rows.
        for row in summary {
            let mine = sessions.filter { $0["policy"] == row["policy"] }
            for column in ["navigations", "stalls", "requests", "bytes", "prefetches", "wasted_prefetches", "resets"] {
                #expect(mine.map { Int($0[column]!)! }.reduce(0, +) == Int(row[column]!)!, "\(column)")
            }
        }
        #expect(try String(contentsOfFile: folder + "/out/rejects.csv", encoding: .utf8) == "file,line,session,reason\n")
        #expect(output.stdout.contains("stall rate"))
        #expect(output.stdout.contains("30 sessions, 0 rejected"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/manifest.json"))) as? [String: Any]
        #expect(manifest?["sessions"] as? Int == 30)
        #expect(manifest?["replays"] as? Int == 30 * PolicyRegistry.defaults.count)
        #expect(manifest?["seed"] as? Int == 1)
    }

    @Test func sameRunTwiceAndPermutedInputsGiveIdenticalBytes() throws {
        let folder = try corpus()
        let a = try DeckBenchTool.run(["replay", "rec/sessions-001.jsonl.zst", "rec/sessions-002.jsonl.zst", "--out", "a",
                                       "--network", "3g", "--network", "wifi:connections=1", "--churn-per-hour", "30"], in: folder)
        let b = try DeckBenchTool.run(["replay", "rec/sessions-002.jsonl.zst", "rec/sessions-001.jsonl.zst", "--out", "b",
                                       "--network", "3g", "--network", "wifi:connections=1", "--churn-per-hour", "30"], in: folder)
        let c = try DeckBenchTool.run(["replay", "rec", "--out", "c",
                                       "--network", "3g", "--network", "wifi:connections=1", "--churn-per-hour", "30"], in: folder)
        #expect(a.status == 0 && b.status == 0 && c.status == 0)
        for name in ["summary.csv", "sessions.csv", "rejects.csv"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/a/" + name))
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: folder + "/b/" + name))), "\(name) differs")
            #expect(first == (try Data(contentsOf: URL(fileURLWithPath: folder + "/c/" + name))), "\(name) differs")
        }
        #expect(try read(folder + "/a/summary.csv").count == PolicyRegistry.defaults.count * 2)
    }

    @Test func differentSeedChangesTheNumbers() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "a", "--seed", "1"], in: folder)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "b", "--seed", "2"], in: folder)
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a/sessions.csv"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b/sessions.csv"))
        #expect(a != b)
    }

    /// A 0-byte `.zst` and a `.jsonl` of blank lines are recordings with no session (exit 65), an
    /// empty folder holds no recording (exit 74): each with its reason, never a clean run of nothing. A shard that happens to hold
    /// none of a corpus's sessions is still a clean shard.
    @Test func recordingsWithNoSessionAreAnInputFault() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/none", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/empty.jsonl.zst", contents: Data())
        _ = FileManager.default.createFile(atPath: folder + "/blank.jsonl", contents: Data("\n\n".utf8))
        for (path, reason) in [("empty.jsonl.zst", "1 file, 0 lines, none of them a session"),
                               ("blank.jsonl", "1 file, 2 lines, none of them a session"),
                               ("none", "no recordings (.jsonl.zst, .zst, .jsonl) in none")] {
            let output = try DeckBenchTool.run(["replay", path, "--out", "out", "--quiet"], in: folder)
            #expect(output.status == (path == "none" ? 74 : 65), "\(path): \(output.stderr)")
            #expect(output.stderr.contains(reason), "\(path): \(output.stderr)")
        }
        let one = #"{"v":1,"session":"only","page":0,"first":-5,"last":5}"# + "\n" + #"{"t":100,"e":"tap","dir":"next"}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/one.jsonl", contents: Data(one.utf8))
        var sessions: [Int] = []
        for shard in ["1/2", "2/2"] {
            let output = try DeckBenchTool.run(["replay", "one.jsonl", "--shard", shard, "--out", "shard-\(shard.prefix(1))", "--quiet"], in: folder)
            #expect(output.status == 0, "\(shard): \(output.stderr)")
            sessions.append(Set(try read(folder + "/shard-\(shard.prefix(1))/sessions.csv").compactMap { $0["session"] }).count)
        }
        #expect(sessions.sorted() == [0, 1])
    }

    /// A nightly job whose export came out empty: the run exits 65 and writes nothing, so the
    /// folder keeps the last good run's reports (and nothing staged is left beside it).
    @Test func anEmptyRecordingLeavesTheLastRunInPlace() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let one = #"{"v":1,"session":"only","page":0,"first":-5,"last":5}"# + "\n" + #"{"t":100,"e":"tap","dir":"next"}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/one.jsonl", contents: Data(one.utf8))
        _ = FileManager.default.createFile(atPath: folder + "/empty.jsonl", contents: Data())
        #expect(try DeckBenchTool.run(["replay", "one.jsonl", "--out", "nightly", "--quiet"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/nightly").sorted()
        let summary = try Data(contentsOf: URL(fileURLWithPath: folder + "/nightly/summary.csv"))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: folder + "/nightly/manifest.json"))
        let empty = try DeckBenchTool.run(["replay", "empty.jsonl", "--out", "nightly", "--quiet"], in: folder)
        #expect(empty.status == 65 && empty.stderr.contains("nothing written"), "\(empty.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/nightly").sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/nightly/summary.csv")) == summary)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/nightly/manifest.json")) == manifest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["empty.jsonl", "nightly", "one.jsonl"])
        // An export that wrote error pages: every line rejected, whatever --max-rejects allows, and
        // in every shard (each reads the whole corpus): exit 65, the folder as it was.
        try FileManager.default.createDirectory(atPath: folder + "/denied", withIntermediateDirectories: true)
        for file in ["a.jsonl", "b.jsonl"] {
            _ = FileManager.default.createFile(atPath: folder + "/denied/" + file, contents: Data("<Error><Code>AccessDenied</Code></Error>\n".utf8))
        }
        for extra in [[], ["--shard", "1/2"], ["--shard", "2/2"]] {
            let denied = try DeckBenchTool.run(["replay", "denied", "--out", "nightly", "--quiet", "--max-rejects", "100"] + extra, in: folder)
            #expect(denied.status == 65 && denied.stderr.contains("no valid session in the recordings (denied): 2 files, 2 lines, 2 rejected "
                + "(above) and none accepted; nothing written, the folder keeps its last run"), "\(extra): \(denied.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/nightly/manifest.json")) == manifest)
        }
        // One valid session beside the error pages is a run (its rejects within --max-rejects).
        try one.write(toFile: folder + "/denied/c.jsonl", atomically: true, encoding: .utf8)
        #expect(try DeckBenchTool.run(["replay", "denied", "--out", "partial", "--quiet", "--max-rejects", "100"], in: folder).status == 0)
    }

    /// A run on 4 users says on stderr that its intervals rest on few users and are widened, and
    /// so do its manifest and report page; one user naming all 30 sessions gives no interval at
    /// all (empty cells, where the bootstrap's had no width); 200 sessions get no word.
    @Test func intervalsOnFewUsersAreSaidToBeFew() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "four", "--sessions", "40", "--sessions-per-user", "10", "--seed", "3", "--level", "1"],
                                      in: folder).status == 0)
        let four = try DeckBenchTool.run(["replay", "four", "--out", "a", "--jobs", "1", "--html"], in: folder)
        #expect(four.status == 0)
        #expect(four.stderr.contains("warning: the intervals rest on 4 users only (10 or fewer), so they are not reliable: each is widened "
            + "1.87× by Student's t to keep near its 95 %, and none is given where the replicates measured no spread or a tail "
            + "holds fewer than 20 stalls; replay more than 10 users for intervals to rely on"), "\(four.stderr)")
        #expect(four.stdout.contains("stall rate (95 % CI, 4 users: few)"), "\(four.stdout)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/a/manifest.json"))) as? [String: Any]
        #expect(manifest?["bootstrap_units"] as? Int == 4 && manifest?["bootstrap_unit"] as? String == "user")
        let page = try String(contentsOfFile: folder + "/a/report.html", encoding: .utf8)
        #expect(page.contains("Few units: </strong>The intervals rest on 4 users only"), "the page's lead says it")
        let rows = try DeckBenchTool.csvRows(folder + "/a/summary.csv")
        // 40 sessions hold some 400 navigations: 4 in the worst 1 %, too thin a tail for an interval.
        #expect(rows.allSatisfy { !($0["bytes_per_navigation_ci_low"] ?? "").isEmpty && !($0["bytes_per_navigation_ci_high"] ?? "").isEmpty })
        #expect(rows.allSatisfy { $0["stall_ms_cvar99_ci_low"] == "" && $0["stall_ms_stalled_p99_ci_high"] == "" })
        let quiet = try DeckBenchTool.run(["replay", "four", "--out", "q", "--jobs", "1", "--quiet"], in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)

        #expect(try DeckBenchTool.run(["generate", "--out", "one-user", "--sessions", "30", "--sessions-per-user", "30", "--seed", "3", "--level", "1"],
                                      in: folder).status == 0)
        let one = try DeckBenchTool.run(["replay", "one-user", "--out", "b", "--jobs", "1"], in: folder)
        #expect(one.status == 0 && one.stderr.contains("warning: the intervals would rest on 1 user only: no interval is given"), "\(one.stderr)")
        #expect(!one.stdout.contains("no width"), "\(one.stdout)")
        for row in try DeckBenchTool.csvRows(folder + "/b/summary.csv") {
            #expect(row["stall_rate_ci_low"] == "" && row["stall_rate_ci_high"] == "" && row["stall_ms_cvar99_ci_low"] == "")
        }
        #expect(try DeckBenchTool.csvRows(folder + "/b/paired.csv").allSatisfy { $0["difference_ci_low"] == "" })

        #expect(try DeckBenchTool.run(["generate", "--out", "many", "--sessions", "200", "--seed", "3", "--level", "1"], in: folder).status == 0)
        let many = try DeckBenchTool.run(["replay", "many", "--out", "c", "--jobs", "1"], in: folder)
        #expect(many.status == 0 && !many.stdout.contains("no width") && !many.stderr.contains("few") && !many.stdout.contains("few"))
        #expect(!(try String(contentsOfFile: folder + "/c/manifest.json", encoding: .utf8)).contains("bootstrap_units"))
    }

    /// A file the flags name (a step model) is recorded with its digest: shards that read another
    /// file under the same name are not merged, and a history takes the model learned again under
    /// that name as new flags; a run that reads no file records none.
    @Test func aFileTheFlagsNameIsPartOfTheRun() throws {
        let folder = DeckBenchTool.temporaryFolder()
        for (name, seed) in [("rec", "8"), ("other", "9")] {
            #expect(try DeckBenchTool.run(["generate", "--out", name, "--sessions", "60", "--files", "2", "--seed", seed, "--level", "1"],
                                          in: folder).status == 0)
        }
        let policy = ["--policy", "learned:model=m.json,budget=3", "--quiet", "--bootstrap", "0"]
        #expect(try DeckBenchTool.run(["learn", "rec", "--out", "m.json", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "1/2", "--out", "s1"] + policy, in: folder).status == 0)
        let manifest = try String(contentsOfFile: folder + "/s1/manifest.json", encoding: .utf8)
        let digest = try #require(ReportVerification.sha256(ofFile: folder + "/m.json"))
        #expect(manifest.contains("\"referenced_files\"") && manifest.contains(digest), "\(manifest)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "2/2", "--out", "s2"] + policy, in: folder).status == 0)
        #expect(try DeckBenchTool.run(["merge", "s1", "s2", "--out", "same", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["history", "append", "same", "--history", "h.csv", "--label", "n1", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["learn", "other", "--out", "m.json", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "2/2", "--out", "s2", "--policy", "learned:model=m.json,budget=3", "--quiet",
                                       "--bootstrap", "0"], in: folder).status == 0)
        let mixed = try DeckBenchTool.run(["merge", "s1", "s2", "--out", "mixed"], in: folder)
        #expect(mixed.status == 64 && mixed.stderr.contains("or contents of a file the flags name"), "\(mixed.stderr)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "whole"] + policy, in: folder).status == 0)
        #expect(try DeckBenchTool.run(["history", "append", "whole", "--history", "h.csv", "--label", "n2", "--quiet"], in: folder).status == 0)
        let rows = try DeckBenchTool.csvRows(folder + "/h.csv")
        let flags = Set(rows.map { "\($0["label"] ?? ""):\($0["flags"] ?? "")" })
        #expect(flags.count == 2, "\(flags)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "plain", "--quiet", "--bootstrap", "0"], in: folder).status == 0)
        #expect(!(try String(contentsOfFile: folder + "/plain/manifest.json", encoding: .utf8)).contains("referenced_files"))
    }

    /// A nightly whose `--out` lies inside its recordings folder: the next night reads the
    /// recordings, not the report folder's `sessions.csv.zst` (a folder holding DeckBench's
    /// manifest.json is output), and gives the same bytes.
    @Test func aReportFolderInsideTheRecordingsIsNotRead() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "w", "--sessions", "30", "--files", "1", "--seed", "5", "--level", "1"],
                                      in: folder).status == 0)
        let night = ["replay", "w", "--out", "w/reports", "--quiet", "--policy", "fixed", "--sessions-format", "csv.zst"]
        #expect(try DeckBenchTool.run(night, in: folder).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/w/reports/manifest.json"))
        let again = try DeckBenchTool.run(night, in: folder)
        #expect(again.status == 0 && !again.stderr.contains("rejected"), "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/w/reports/manifest.json")) == first)
        // A folder with a manifest.json of its own (not DeckBench's) is read as before.
        try FileManager.default.createDirectory(atPath: folder + "/w/theirs", withIntermediateDirectories: true)
        try #"{"tool" : "exporter"}"#.write(toFile: folder + "/w/theirs/manifest.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: folder + "/w/sessions-001.jsonl.zst", toPath: folder + "/w/theirs/copy.jsonl.zst")
        let inspected = try DeckBenchTool.run(["inspect", "w"], in: folder)
        #expect(inspected.stdout.contains("2 file(s), 60 sessions"), "\(inspected.stdout)")
    }

    /// A matrix scaled down to one job (`--shard 1/1`) is still a shard: it writes shard.json, and
    /// merging it alone gives the bytes of the same run unsharded.
    @Test func aShardOfOneMergesIntoTheWholeRun() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--files", "2", "--seed", "6", "--level", "1"],
                                      in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--shard", "1/1", "--out", "s1", "--quiet"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/s1/shard.json"))
        let merged = try DeckBenchTool.run(["merge", "s1", "--out", "merged", "--quiet"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "whole", "--quiet"], in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/whole/shard.json"))
        for file in ["summary.csv", "sessions.csv", "paired.csv", "bootstrap.json", "distributions.csv", "manifest.json"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/merged/" + file)) == Data(contentsOf: URL(fileURLWithPath: folder + "/whole/" + file)),
                    "\(file)")
        }
    }

    /// `--out` naming a file is refused before the replay, with nothing staged left beside it.
    @Test func anOutThatIsAFileIsRefusedBeforeTheWork() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let one = #"{"v":1,"session":"only","page":0,"first":-5,"last":5}"# + "\n" + #"{"t":100,"e":"tap","dir":"next"}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/one.jsonl", contents: Data(one.utf8))
        _ = FileManager.default.createFile(atPath: folder + "/afile", contents: Data("hi\n".utf8))
        for command in ["replay", "tune"] {
            let extra = command == "tune" ? ["--policy", "fixed:radius=0..1"] : []
            let output = try DeckBenchTool.run([command, "one.jsonl", "--out", "afile", "--quiet"] + extra, in: folder)
            #expect(output.status == 74 && output.stderr.contains("afile: a file, not a folder"), "\(command): \(output.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["afile", "one.jsonl"], "\(command)")
        }
    }

    @Test func rejectsAreReportedAndValidSessionsKept() throws {
        let folder = try corpus(damaged: true)
        let output = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--policy", "fixed"], in: folder)
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"rec/zz-damaged.jsonl:2: session "bad" rejected: field `dir` must be "next" or "prev", got "up""#))
        let rejects = try read(folder + "/out/rejects.csv")
        #expect(rejects.count == 1)
        #expect(rejects.first?["line"] == "2")
        #expect(try read(folder + "/out/sessions.csv").count == 30)
        let tolerated = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--policy", "fixed", "--max-rejects", "1"], in: folder)
        #expect(tolerated.status == 0)
    }

    @Test func unknownPolicyOrNetworkIsAUsageErrorListingTheValidOnes() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let policy = try DeckBenchTool.run(["replay", "--policy", "lru"], in: folder)
        #expect(policy.status == 64)
        #expect(policy.stderr.contains("unknown policy \"lru\"; valid: " + PolicyRegistry.all.map(\.name).joined(separator: ", ")))
        let key = try DeckBenchTool.run(["replay", "--policy", "fixed:width=3"], in: folder)
        #expect(key.status == 64)
        #expect(key.stderr.contains("policy fixed has no parameter \"width\"; valid: radius"))
        let network = try DeckBenchTool.run(["replay", "--network", "lte:rtt=5"], in: folder)
        #expect(network.status == 64)
        #expect(network.stderr.contains("valid: rtt_ms, jitter, downlink_kbps, connections, server_ms, loss, timeout_ms"))
    }

    @Test func repeatedPolicyOrNetworkIsAUsageError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        // "fixed" and "fixed:radius=1" are the same policy once its default is written out.
        let policy = try DeckBenchTool.run(["replay", "--policy", "fixed", "--policy", "fixed:radius=1"], in: folder)
        #expect(policy.status == 64)
        #expect(policy.stderr.contains(#"--policy fixed:radius=1 is given twice (as "fixed" and "fixed:radius=1"); give each one once"#))
        let network = try DeckBenchTool.run(["replay", "--network", "3g", "--network", "3g"], in: folder)
        #expect(network.status == 64)
        #expect(network.stderr.contains("--network 3g:rtt_ms=300"))
        #expect(network.stderr.contains("is given twice; give each one once"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/reports/summary.csv"))
    }

    @Test func negativeNumberAfterASpaceSaysWhatIsWrong() throws {
        // `--items -1` must read -1 as the value, as `--items=-1` does, not as an unknown flag.
        let folder = DeckBenchTool.temporaryFolder()
        for arguments in [["replay", "--items", "-1"], ["replay", "--items=-1"]] {
            let output = try DeckBenchTool.run(arguments, in: folder)
            #expect(output.status == 64)
            #expect(output.stderr.contains("--items must be from 0 to 100000, got -1"), "\(arguments)")
        }
        let generate = try DeckBenchTool.run(["generate", "--out", "g", "--persistence", "-0.5"], in: folder)
        #expect(generate.status == 64)
        #expect(generate.stderr.contains("--persistence must be from 0 to 1, got -0.5"))
    }

    @Test func policiesListsEveryPolicyWithDefaults() throws {
        let output = try DeckBenchTool.run(["policies"], in: DeckBenchTool.temporaryFolder())
        #expect(output.status == 0)
        for line in ["ondemand", "fixed:radius=1", "directional:behind=2,ahead=4", "staged:radius=2",
                     "radius=N  (default 1, 0…50)", "ahead=N  (default 4, 0…50)"] {
            #expect(output.stdout.contains(line), "\(line)")
        }
        for entry in PolicyRegistry.all {
            #expect(output.stdout.contains("\(entry.name)  —  \(entry.summary)"), "\(entry.name)")
        }
        #expect(output.stdout.contains("Without --policy, replay runs \(PolicyRegistry.defaults.map(\.spec).joined(separator: ", ")).\n"))
    }

    @Test func replayHelpListsEveryFlag() throws {
        let output = try DeckBenchTool.run(["replay", "--help"], in: DeckBenchTool.temporaryFolder())
        for flag in ["--policy", "--network", "--out", "--seed", "--items", "--item-bytes", "--churn-per-hour",
                     "--max-age-ms", "--max-rejects", "--quiet"] {
            #expect(output.stdout.contains(flag), "\(flag)")
        }
        #expect(output.stdout.contains("(default: reports)"))
        let help = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for preset in NetworkPresets.all.map(\NetworkPresets.Preset.model.name) { #expect(help.contains(preset), "preset \(preset)") }
        for key in NetworkModel.keys { #expect(help.contains(key), "network key \(key)") }
    }
}

/// `--policy` sweeps from the command line.
@Suite struct PolicySweepCommandTests {
    @Test func aSweepIsAPolicyInEveryReport() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "20", "--seed", "4", "--level", "3"], in: folder).status == 0)
        let output = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--policy", "fixed:radius=1..3",
                                            "--policy", "directional:ahead=2..4:2,behind=1/2"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try String(contentsOfFile: folder + "/out/summary.csv", encoding: .utf8)
        let policies = summary.split(separator: "\n").dropFirst().map { $0.hasPrefix("\"") ? String($0.dropFirst().prefix { $0 != "\"" })
                                                                                          : String($0.prefix { $0 != "," }) }
        #expect(policies == ["fixed:radius=1", "fixed:radius=2", "fixed:radius=3", "directional:behind=1,ahead=2",
                             "directional:behind=2,ahead=2", "directional:behind=1,ahead=4", "directional:behind=2,ahead=4"])
    }

    @Test func moreThan4096PoliciesIsAUsageError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let one = try DeckBenchTool.run(["replay", "--out", "out", "--policy", "adaptive:budget=0..100,prior_same=1..50"], in: folder)
        #expect(one.status == 64)
        #expect(one.stderr.contains("sweeps more than 4096 policies"))
        // 2,601 + 1,530 points, each flag within the limit.
        let two = try DeckBenchTool.run(["replay", "--out", "out", "--policy", "directional:ahead=0..50,behind=0..50",
                                         "--policy", "adaptive:budget=0..50,prior_same=1..30"], in: folder)
        #expect(two.status == 64)
        #expect(two.stderr.contains("4131 policies in all"))
    }
}

/// `--bootstrap`: intervals in summary.csv, or none.
@Suite struct BootstrapCommandTests {
    /// Below the 200 replicates `tune` races on, a run says its intervals are rough (one replicate:
    /// a bound is its one value); at 200, or with none, it says nothing.
    @Test func intervalsFromFewReplicatesAreSaidToBeRough() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--seed", "5", "--level", "1"], in: folder).status == 0)
        let one = try DeckBenchTool.run(["replay", "rec", "--out", "one", "--bootstrap", "1", "--policy", "fixed"], in: folder)
        #expect(one.status == 0)
        #expect(one.stderr.contains("warning: the intervals are read from 1 bootstrap replicate only: their bounds are the 2.5th "
            + "and 97.5th percentiles of so few"), "\(one.stderr)")
        // Its intervals have no width, for want of replicates, not of units: the note on units stays out.
        #expect(!one.stdout.contains("no width"), "\(one.stdout)")
        let edge = try DeckBenchTool.run(["replay", "rec", "--out", "edge", "--bootstrap", "199", "--policy", "fixed"], in: folder)
        #expect(edge.stderr.contains("read from 199 bootstrap replicates only"), "\(edge.stderr)")
        for count in ["200", "0"] {
            let enough = try DeckBenchTool.run(["replay", "rec", "--out", "b\(count)", "--bootstrap", count, "--policy", "fixed"], in: folder)
            #expect(enough.status == 0 && !enough.stderr.contains("bootstrap replicate"), "\(enough.stderr)")
        }
        let quiet = try DeckBenchTool.run(["replay", "rec", "--out", "q", "--bootstrap", "1", "--quiet"], in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func intervalsByDefaultAndNoneWithZero() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "40", "--seed", "4", "--level", "3"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "on", "--quiet", "--bootstrap", "300"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "off", "--quiet", "--bootstrap", "0"], in: folder).status == 0)
        func table(_ name: String) throws -> (header: [String], rows: [[String]]) {
            let reader = try CSVReader(string: try String(contentsOfFile: folder + "/\(name)/summary.csv", encoding: .utf8), hasHeaderRow: true)
            var rows: [[String]] = []
            while let row = reader.next() { rows.append(row) }
            return (reader.headerRow!, rows)
        }
        let on = try table("on")
        let off = try table("off")
        #expect(on.header.filter { $0.hasSuffix("_ci_low") } == ["stall_rate_ci_low", "stall_ms_p99_ci_low", "stall_ms_stalled_p99_ci_low",
                                                                 "stall_ms_cvar99_ci_low", "stall_ms_per_navigation_ci_low",
                                                                 "resets_per_navigation_ci_low",
                                                                 "stale_updates_per_navigation_ci_low", "bytes_per_navigation_ci_low",
                                                                 "wasted_prefetches_per_navigation_ci_low"])
        #expect(!off.header.contains { $0.contains("_ci_") })
        // Each interval holds its point estimate; the rest of the row is the run without intervals.
        for (withIntervals, without) in zip(on.rows, off.rows) {
            let row = Dictionary(uniqueKeysWithValues: zip(on.header, withIntervals))
            let point = Double(row["stall_rate"]!)!
            #expect(Double(row["stall_rate_ci_low"]!)! <= point && point <= Double(row["stall_rate_ci_high"]!)!)
            let p99 = Double(row["stall_ms_p99"]!)!
            #expect(Double(row["stall_ms_p99_ci_low"]!)! <= p99 && p99 <= Double(row["stall_ms_p99_ci_high"]!)!)
            #expect(zip(on.header, withIntervals).filter { !$0.0.contains("_ci_") }.map(\.1) == without)
        }
        let manifest = try String(contentsOfFile: folder + "/on/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"bootstrap\" : 300"))
        let bad = try DeckBenchTool.run(["replay", "rec", "--out", "bad", "--bootstrap", "-1"], in: folder)
        #expect(bad.status == 64)
    }
}
