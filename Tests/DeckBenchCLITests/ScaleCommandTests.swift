import Foundation
import Testing
import DeckBench

/// `--jobs`, `--shard` and `merge` as a nightly CI job uses them.
@Suite struct ScaleCommandTests {
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(
            ["generate", "--out", "rec", "--sessions", "300", "--files", "3", "--seed", "12", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        let damaged = #"{"v":1,"session":"x","page":0,"first":0,"last":9}"# + "\n" + #"{"t":-1,"e":"end"}"# + "\n"
        _ = FileManager.default.createFile(atPath: folder + "/rec/zz.jsonl", contents: Data(damaged.utf8))
        return folder
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private static let flags = ["--network", "lte", "--network", "3g:connections=2", "--churn-per-hour", "20", "--max-rejects", "1"]

    /// One to four jobs (one reader thread) and eight (two), over four files.
    @Test func everyJobsValueWritesTheSameBytes() throws {
        let folder = try corpus()
        for jobs in ["1", "2", "3", "4", "8"] {
            let output = try DeckBenchTool.run(["replay", "rec", "--out", "j" + jobs, "--jobs", jobs, "--quiet"] + Self.flags, in: folder)
            #expect(output.status == 0, "\(output.stderr)")
        }
        for name in ["summary.csv", "distributions.csv", "paired.csv", "sessions.csv", "rejects.csv", "manifest.json"] {
            for jobs in ["2", "3", "4", "8"] {
                #expect(try bytes(folder + "/j1/" + name) == (try bytes(folder + "/j\(jobs)/" + name)), "\(name) differs with \(jobs) jobs")
            }
        }
    }

    @Test func mergedShardsEqualTheWholeRunByteForByte() throws {
        let folder = try corpus()
        let whole = try DeckBenchTool.run(["replay", "rec", "--out", "whole", "--quiet"] + Self.flags, in: folder)
        #expect(whole.status == 0)
        var shardSessions: [Set<String>] = []
        for index in 1 ... 3 {
            let shard = try DeckBenchTool.run(["replay", "rec", "--out", "s\(index)", "--shard", "\(index)/3", "--quiet"] + Self.flags, in: folder)
            #expect(shard.status == 0)
            let rows = try String(contentsOfFile: folder + "/s\(index)/sessions.csv", encoding: .utf8).split(separator: "\n").dropFirst()
            shardSessions.append(Set(rows.map { $0.split(separator: ",").prefix(2).joined(separator: ",") }))
        }
        // The shards partition the sessions: each exactly once.
        #expect(shardSessions.map(\.count).reduce(0, +) == 300)
        #expect(shardSessions[0].union(shardSessions[1]).union(shardSessions[2]).count == 300)
        #expect(shardSessions.allSatisfy { !$0.isEmpty })
        let merged = try DeckBenchTool.run(["merge", "s2", "s3", "s1", "--out", "merged"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        for name in ["summary.csv", "distributions.csv", "paired.csv", "bootstrap.json", "sessions.csv", "rejects.csv", "manifest.json"] {
            #expect(try bytes(folder + "/whole/" + name) == (try bytes(folder + "/merged/" + name)), "\(name) differs")
        }
    }

    /// `--user-waits` as every other flag: the same bytes for any jobs and after merging shards;
    /// the manifest says which mode a run was, and shards of the two modes do not merge.
    @Test func closedLoopGivesTheSameBytesForEveryJobsValueAndShards() throws {
        let folder = try corpus()
        let flags = Self.flags + ["--user-waits"]
        for jobs in ["1", "3"] {
            let output = try DeckBenchTool.run(["replay", "rec", "--out", "w" + jobs, "--jobs", jobs, "--quiet"] + flags, in: folder)
            #expect(output.status == 0, "\(output.stderr)")
        }
        for index in 1 ... 2 {
            let shard = try DeckBenchTool.run(["replay", "rec", "--out", "ws\(index)", "--shard", "\(index)/2", "--quiet"] + flags, in: folder)
            #expect(shard.status == 0)
        }
        let merged = try DeckBenchTool.run(["merge", "ws1", "ws2", "--out", "wm"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        for name in ["summary.csv", "distributions.csv", "paired.csv", "bootstrap.json", "sessions.csv", "rejects.csv", "manifest.json"] {
            #expect(try bytes(folder + "/w1/" + name) == (try bytes(folder + "/w3/" + name)), "\(name) differs with 3 jobs")
            #expect(try bytes(folder + "/w1/" + name) == (try bytes(folder + "/wm/" + name)), "\(name) differs after merge")
        }
        let manifest = try String(contentsOfFile: folder + "/w1/manifest.json", encoding: .utf8)
        #expect(manifest.contains(#""user_waits" : true"#))
        // Users who wait make longer sessions than recorded.
        let open = try DeckBenchTool.run(["replay", "rec", "--out", "open", "--quiet"] + Self.flags, in: folder)
        #expect(open.status == 0)
        func sessionMs(_ run: String) throws -> [Int] {
            let lines = try String(contentsOfFile: folder + "/\(run)/summary.csv", encoding: .utf8).split(separator: "\n")
            let column = lines[0].split(separator: ",").firstIndex(of: "session_ms")!
            return lines.dropFirst().map { line in
                // The network specs hold commas inside quotes: count columns from the end.
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return Int(fields[fields.count - (lines[0].split(separator: ",").count - column)])!
            }
        }
        #expect(zip(try sessionMs("w1"), try sessionMs("open")).allSatisfy { $0 > $1 })
        let mixed = try DeckBenchTool.run(["replay", "rec", "--out", "os2", "--shard", "2/2", "--quiet"] + Self.flags, in: folder)
        #expect(mixed.status == 0)
        #expect(try DeckBenchTool.run(["merge", "ws1", "os2", "--out", "mm"], in: folder).status == 64)
    }

    @Test func shardAutoReadsTheScheduler() throws {
        let folder = try corpus()
        // A Kubernetes indexed Job's second pod (0-based index 1) of three.
        let auto = try DeckBenchTool.run(["replay", "rec", "--out", "auto", "--shard", "auto", "--quiet"] + Self.flags, in: folder,
                                         environment: ["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "3"])
        let explicit = try DeckBenchTool.run(["replay", "rec", "--out", "explicit", "--shard", "2/3", "--quiet"] + Self.flags, in: folder)
        #expect(auto.status == 0 && explicit.status == 0)
        #expect(try bytes(folder + "/auto/sessions.csv") == (try bytes(folder + "/explicit/sessions.csv")))
    }

    @Test func mergeRefusesShardsOfDifferentRuns() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "a", "--shard", "1/2", "--quiet"] + Self.flags, in: folder)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "b", "--shard", "2/2", "--seed", "9", "--quiet"] + Self.flags, in: folder)
        let mismatched = try DeckBenchTool.run(["merge", "a", "b", "--out", "m"], in: folder)
        #expect(mismatched.status == 64)
        #expect(mismatched.stderr.contains("are shards of different runs"))
        let missing = try DeckBenchTool.run(["merge", "a", "--out", "m"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("expected shards 1…2 exactly once each"))
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "whole", "--quiet"] + Self.flags, in: folder)
        let notShard = try DeckBenchTool.run(["merge", "whole", "--out", "m"], in: folder)
        #expect(notShard.status == 64)
        #expect(notShard.stderr.contains("is not the output of `deckbench replay --shard K/N`"))
    }

    @Test func progressGoesToStandardErrorOnly() throws {
        let folder = try corpus()
        let shown = try DeckBenchTool.run(["replay", "rec", "--out", "p"] + Self.flags, in: folder, environment: ["CI": "true"])
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("% of input read"))
        #expect(!shown.stdout.contains("% of input read"))
        #expect(!(try String(contentsOfFile: folder + "/p/sessions.csv", encoding: .utf8)).contains("input read"))
        let quiet = try DeckBenchTool.run(["replay", "rec", "--out", "q", "--quiet"] + Self.flags, in: folder, environment: ["CI": "true"])
        #expect(quiet.stdout.isEmpty)
        #expect(!quiet.stderr.contains("% of input read"))
    }
}
