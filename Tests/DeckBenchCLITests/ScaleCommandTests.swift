import Foundation
import Testing
import DeckBench

/// `--jobs`, `--shard`, `merge` and `compare` as a nightly CI job uses them.
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

    @Test func compareFailsOnARegressionAndPassesOnIdenticalRuns() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--policy", "fixed"] + Self.flags, in: folder)
        // Pages twice as large take longer to arrive: stalls get longer.
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "cand", "--quiet", "--policy", "fixed", "--items", "40"] + Self.flags, in: folder)
        let same = try DeckBenchTool.run(["compare", "base", "base", "--max-increase", "stall_ms_p99=0%", "--out", "same.csv"], in: folder)
        #expect(same.status == 0)
        #expect(same.stdout.contains("0 regression(s)"))
        let worse = try DeckBenchTool.run(["compare", "base", "cand", "--max-increase", "stall_ms_p99=10%,resets=5%"], in: folder)
        #expect(worse.status == 2)
        #expect(worse.stdout.contains("REGRESSION"))
        let csv = try String(contentsOfFile: folder + "/cand/compare.csv", encoding: .utf8)
        #expect(csv.hasPrefix("policy,network,metric,baseline,candidate,change,change_percent,better,threshold,status,change_ci_low,change_ci_high\n"))
        #expect(csv.contains(",stall_ms_p99,"))
        #expect(csv.contains(",regression,"))
        // A higher-is-better metric is limited by --max-decrease.
        let coverage = try DeckBenchTool.run(["compare", "base", "cand", "--max-decrease", "coverage=0%", "--out", "c.csv"], in: folder)
        #expect(coverage.status == 2)
        #expect(coverage.stdout.contains("coverage"))
        let unknown = try DeckBenchTool.run(["compare", "base", "cand", "--max-increase", "speed=5%"], in: folder)
        #expect(unknown.status == 64)
    }

    @Test func compareReportsPoliciesMissingOnOneSide() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--policy", "fixed", "--policy", "staged"] + Self.flags, in: folder)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "cand", "--quiet", "--policy", "fixed"] + Self.flags, in: folder)
        let output = try DeckBenchTool.run(["compare", "base", "cand"], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout.contains("missing in candidate"))
        #expect(output.stdout.contains("staged:radius=2"))
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

/// `compare`'s default gate judges metrics with intervals on the paired interval of their change.
@Suite struct GateCommandTests {
    private static let limits = ["--max-increase", "stall_rate=5%,stall_ms_per_navigation=5%,resets_per_navigation=5%"]

    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "300", "--files", "2", "--seed", "9", "--level", "3"],
                                      in: folder).status == 0)
        return folder
    }

    @Test func aChangeOfSeedOnlyPassesTheGate() throws {
        let folder = try corpus()
        for seed in ["1", "2"] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "seed" + seed, "--seed", seed, "--quiet"], in: folder).status == 0)
        }
        let compared = try DeckBenchTool.run(["compare", "seed1", "seed2"] + Self.limits, in: folder)
        #expect(compared.status == 0, "\(compared.stdout)")
        #expect(!compared.stderr.contains("point estimates"))
        let csv = try String(contentsOfFile: folder + "/seed2/compare.csv", encoding: .utf8)
        let stallRate = csv.split(separator: "\n").filter { $0.contains(",stall_rate,") }
        #expect(stallRate.count == 4)
        // Each carries its paired interval (the last two fields), which holds the change.
        for line in stallRate {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).suffix(2).map { Double($0) }
            #expect(fields.allSatisfy { $0 != nil } && fields[0]! <= fields[1]!)
        }
    }

    /// A smaller window under the same name (what a broken policy change looks like to a nightly
    /// job): the whole interval is past the limit, a regression.
    @Test func aSmallerWindowFailsTheGate() throws {
        let folder = try corpus()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "base", "--policy", "fixed:radius=2", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "next", "--policy", "fixed:radius=1", "--quiet"], in: folder).status == 0)
        for name in ["summary.csv", "bootstrap.json"] {
            let path = folder + "/next/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "fixed:radius=1", with: "fixed:radius=2")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        // The edited files, committed as a run of their own would have: a manifest that lists them.
        let manifestPath = folder + "/next/manifest.json"
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let manifest = try decoder.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        let listed = try #require(manifest.files)
        let files = listed.map { file in
            let path = folder + "/next/" + file.name
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
            return Manifest.File(name: file.name, bytes: size, sha256: ReportVerification.sha256(ofFile: path) ?? "")
        }
        try manifest.committing(files).encoded().write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let compared = try DeckBenchTool.run(["compare", "base", "next"] + Self.limits, in: folder)
        #expect(compared.status == 2, "\(compared.stdout)")
        #expect(compared.stdout.contains("REGRESSION"))
    }

    @Test func withoutBucketsTheGateIsThePointAndSaysSo() throws {
        let folder = try corpus()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "a", "--bootstrap", "0", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "b", "--quiet"], in: folder).status == 0)
        let compared = try DeckBenchTool.run(["compare", "a", "b"] + Self.limits, in: folder)
        #expect(compared.stderr.contains("judging on point estimates"))
        #expect(compared.status == 0)
    }
}
