import DeckBench
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DeckBench

/// `compare` as a nightly job uses it: the verdict first, exit 2 on a regression, exit 64 for a
/// limit that could never fail, exit 74 for a folder that is not one complete run.
@Suite struct CompareCommandTests {
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(
            ["generate", "--out", "rec", "--sessions", "200", "--files", "2", "--seed", "12", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        return folder
    }

    private static let flags = ["--network", "lte", "--network", "3g:connections=2", "--churn-per-hour", "20"]

    @Test func compareFailsOnARegressionAndPassesOnIdenticalRuns() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--policy", "fixed"] + Self.flags, in: folder)
        // Pages twice as large take longer to arrive: stalls get longer.
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "cand", "--quiet", "--policy", "fixed", "--items", "40"] + Self.flags, in: folder)
        // Identical runs: every replicate's change is 0, so each limited row is exactly within.
        let same = try DeckBenchTool.run(["compare", "base", "base", "--max-increase", "stall_ms_p99=1%", "--out", "same.csv"], in: folder)
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("PASS: 0 regressions, 0 inconclusive, 2 within\n"), "\(same.stdout)")
        // A limit of 0 on a metric with an interval could never be confirmed: refused, unless judged on the point.
        let zero = try DeckBenchTool.run(["compare", "base", "base", "--max-increase", "stall_ms_p99=0%", "--out", "same.csv"], in: folder)
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--max-increase stall_ms_p99=0%: a limit of 0 on a metric with an interval can never be confirmed"))
        let point = try DeckBenchTool.run(["compare", "base", "base", "--max-increase", "stall_ms_p99=0%", "--gate", "point",
                                           "--out", "same.csv"], in: folder)
        #expect(point.status == 0)
        let worse = try DeckBenchTool.run(["compare", "base", "cand", "--max-increase", "stall_ms_p99=10%,resets=5%"], in: folder)
        #expect(worse.status == 2)
        #expect(worse.stdout.hasPrefix("FAIL: 2 regressions"))
        #expect(worse.stdout.contains("Regressions (2)\n"))
        let csv = try String(contentsOfFile: folder + "/cand/compare.csv", encoding: .utf8)
        #expect(csv.hasPrefix("policy,network,metric,baseline,candidate,change,change_percent,better,threshold,status,change_ci_low,change_ci_high,"
            + "verdict,change_sim_low,change_sim_high,detectable_change,change_se,sim_bound_level,sim_interval_level,candidate_network\n"))
        #expect(csv.contains(",stall_ms_p99,"))
        #expect(csv.contains(",regression,"))
        // A higher-is-better metric is limited by --max-decrease.
        let coverage = try DeckBenchTool.run(["compare", "base", "cand", "--max-decrease", "coverage=0%", "--out", "c.csv"], in: folder)
        #expect(coverage.status == 2)
        #expect(coverage.stdout.contains("coverage"))
        let unknown = try DeckBenchTool.run(["compare", "base", "cand", "--max-increase", "speed=5%"], in: folder)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--max-increase: unknown metric \"speed\"; compare judges: stall_rate, "))
    }

    /// Runs replayed with different model flags are compared as asked, and the flags that differ
    /// are said (a change may come from them); the same flags say nothing.
    @Test func differentModelFlagsAreSaid() throws {
        let folder = try corpus()
        let base = ContentModel().itemBytes
        for (name, extra) in [("a", [String]()), ("b", []), ("c", ["--item-bytes", "\(base + 500)", "--user-waits"])] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", name, "--quiet", "--bootstrap", "0", "--policy", "fixed"] + extra,
                                          in: folder).status == 0)
        }
        let same = try DeckBenchTool.run(["compare", "a", "b"], in: folder)
        #expect(same.status == 0 && !same.stderr.contains("different models"), "\(same.stderr)")
        let other = try DeckBenchTool.run(["compare", "a", "c"], in: folder)
        #expect(other.stderr.contains("compare: the runs replayed different models (--item-bytes \(base) → \(base + 500), --user-waits off → on)"),
                "\(other.stderr)")
        // Another network under the limit: no row in common, so the limit judges none, but the
        // baseline's network missing in the candidate is the regression said (exit 2), not a usage error.
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "d", "--quiet", "--bootstrap", "0", "--policy", "fixed",
                                       "--network", "3g"], in: folder).status == 0)
        let moved = try DeckBenchTool.run(["compare", "a", "d", "--max-increase", "stall_rate=1%"], in: folder)
        #expect(moved.status == 2 && moved.stdout.contains("missing in candidate"), "\(moved.stdout)\(moved.stderr)")
        let allowed = try DeckBenchTool.run(["compare", "a", "d", "--max-increase", "stall_rate=1%", "--allow-missing"], in: folder)
        #expect(allowed.status == 64 && allowed.stderr.contains("judged no row"), "\(allowed.stderr)")
    }

    /// A nightly job that refits its network (`lte` → `lte:rtt_ms=200`) and its pages compares as
    /// `history` follows it: lte's rows paired with the refit's and judged (no network missing), the
    /// change said as a change of the model on stderr, in compare.csv and on the `report --baseline`
    /// page, with both runs' settings side by side. lte is the runs' second network, the candidate's first.
    @Test func aRefitNetworkIsComparedAsOneSeriesAndSaid() throws {
        let folder = try corpus()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "last-night", "--quiet", "--policy", "fixed", "--policy", "staged",
                                       "--network", "3g", "--network", "lte"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "tonight", "--quiet", "--policy", "fixed", "--policy", "staged",
                                       "--network", "lte:rtt_ms=200", "--network", "3g", "--item-bytes", "1600", "--seed", "2"],
                                      in: folder).status == 0)
        let limits = ["--max-increase", "stall_rate=10%,stall_ms_cvar99=10%"]
        let compared = try DeckBenchTool.run(["compare", "last-night", "tonight"] + limits, in: folder)
        #expect(!compared.stdout.contains("missing"), "\(compared.stdout)")
        #expect(compared.stdout.contains("fixed:radius=1 on lte → lte:rtt_ms=200\n"), "\(compared.stdout)")
        #expect(compared.stderr.contains("compare: the runs replayed different models (--item-bytes 1000 → 1600, network lte → "
            + "lte:rtt_ms=200): a change may come from that, not from the users or the app\n"), "\(compared.stderr)")
        // Judged like any rows, on their paired intervals: the exit status is the verdict's.
        #expect(!compared.stderr.contains("point estimates"))
        #expect(compared.status == (compared.stdout.hasPrefix("FAIL") ? 2 : 0))
        let rows = try DeckBenchTool.csvRows(folder + "/tonight/compare.csv")
        let lte = rows.filter { $0["network"]?.hasPrefix("lte:") == true }
        #expect(lte.count == rows.count / 2 && lte.allSatisfy { $0["candidate_network"]?.hasPrefix("lte:rtt_ms=200,") == true })
        #expect(lte.contains { $0["metric"] == "stall_rate" && ["regression", "within", "inconclusive"].contains($0["verdict"]) })
        #expect(rows.filter { $0["network"]?.hasPrefix("3g:") == true }.allSatisfy { $0["candidate_network"] == "" })
        #expect(!rows.contains { $0["status"]?.hasPrefix("missing") == true })

        let report = try DeckBenchTool.run(["report", "tonight", "--baseline", "last-night"] + limits, in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/tonight/report.html"), options: [])
        let caveat = try document.nodes(forXPath: "//p[@class='caveat']").map { $0.stringValue ?? "" }
        #expect(caveat == ["The runs replayed different models (--item-bytes 1000 → 1600, network lte → lte:rtt_ms=200): a change may "
            + "come from that, not from the users or the app."])
        // Both runs' settings side by side, those that differ marked.
        let settings = try document.nodes(forXPath: "//table[@class='settings']/tbody/tr").map { row in
            try row.nodes(forXPath: "th|td").map { $0.stringValue ?? "" } + [(row as? XMLElement)?.attribute(forName: "class")?.stringValue ?? ""]
        }
        #expect(settings.contains(["--item-bytes", "1000", "1600", "differs"]))
        #expect(settings.contains(["networks", "3g; lte", "lte:rtt_ms=200; 3g", "differs"]))
        #expect(settings.contains(["seed", "1", "2", "differs"]))
        #expect(settings.contains { $0.first == "version" && $0.last == "" })
        // The compared rows name both networks, as compare's text does.
        #expect(try !document.nodes(forXPath: "//tr[td[1]='fixed:radius=1' and td[2]='lte → lte:rtt_ms=200']").isEmpty)
        // The page's first lines say the verdict; without limits, that nothing was judged.
        let lead = { (document: XMLDocument) in
            try document.nodes(forXPath: "//p[@class='lead']").map { $0.stringValue ?? "" }.first { $0.hasPrefix("Against the baseline") } ?? ""
        }
        let judgedLead = try lead(document)
        #expect(!judgedLead.contains("no metric is judged"), "\(judgedLead)")
        #expect(try DeckBenchTool.run(["report", "tonight", "--baseline", "last-night"], in: folder).status == 0)
        let unjudged = try XMLDocument(contentsOf: URL(fileURLWithPath: folder + "/tonight/report.html"), options: [])
        let unjudgedLead = try lead(unjudged)
        #expect(unjudgedLead.contains("PASS") && unjudgedLead.contains("no --max-increase or --max-decrease was given, so no metric is judged"),
                "\(unjudgedLead)")

        // Two networks of one name in a run: each kept by its whole spec, so lte is missing, not paired.
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "two", "--quiet", "--policy", "fixed", "--network", "lte",
                                       "--network", "lte:loss=0.3"], in: folder).status == 0)
        let two = try DeckBenchTool.run(["compare", "two", "tonight", "--out", "two.csv", "--allow-missing"], in: folder)
        #expect(two.stdout.contains("fixed:radius=1 on lte: missing in candidate"), "\(two.stdout)")
        #expect(!two.stderr.contains("network lte →"), "\(two.stderr)")
    }

    @Test func compareReportsPoliciesMissingOnOneSide() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--policy", "fixed", "--policy", "staged"] + Self.flags, in: folder)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "cand", "--quiet", "--policy", "fixed"] + Self.flags, in: folder)
        // A policy the candidate lacks is a regression: the nightly stopped measuring it.
        let output = try DeckBenchTool.run(["compare", "base", "cand"], in: folder)
        #expect(output.status == 2)
        #expect(output.stdout.hasPrefix("FAIL: 2 regressions, 0 inconclusive, 0 within\n"))
        #expect(output.stdout.contains("staged:radius=2 on lte: missing in candidate"))
        #expect(output.stdout.contains("staged:radius=2 on 3g:connections=2: missing in candidate"))
        let allowed = try DeckBenchTool.run(["compare", "base", "cand", "--allow-missing"], in: folder)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasPrefix("PASS: 0 regressions, 0 inconclusive, 0 within\n"))
        #expect(allowed.stdout.contains("Missing in the candidate (allowed by --allow-missing) (2)"))
        // A policy new in the candidate is listed, never a regression.
        let added = try DeckBenchTool.run(["compare", "cand", "base", "--out", "added.csv"], in: folder)
        #expect(added.status == 0)
        #expect(added.stdout.contains("New in the candidate (2)"))
    }

    @Test func aLimitOnTheWrongSideIsAUsageError() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "a", "--quiet"], in: folder)
        let coverage = try DeckBenchTool.run(["compare", "a", "a", "--max-increase", "coverage=1%"], in: folder)
        #expect(coverage.status == 64)
        #expect(coverage.stderr.contains(
            "--max-increase coverage: coverage is better higher, so it cannot regress by rising: use --max-decrease coverage=..."))
        let stallRate = try DeckBenchTool.run(["compare", "a", "a", "--max-decrease", "stall_rate=1%"], in: folder)
        #expect(stallRate.status == 64)
        #expect(stallRate.stderr.contains(
            "--max-decrease stall_rate: stall_rate is better lower, so it cannot regress by falling: use --max-increase stall_rate=..."))
        let typo = try DeckBenchTool.run(["compare", "a", "a", "--max-increase", "stall_rat=5%"], in: folder)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("--max-increase: unknown metric \"stall_rat\" (did you mean stall_rate?); compare judges: "))
    }

    /// ondemand never prefetches: prefetch_accuracy has no value on either side, so a limit on it
    /// alone could never fail.
    @Test func aLimitThatJudgesNoRowIsAnError() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "a", "--quiet", "--policy", "ondemand"], in: folder)
        let compared = try DeckBenchTool.run(["compare", "a", "a", "--max-decrease", "prefetch_accuracy=1%"], in: folder)
        #expect(compared.status == 64)
        #expect(compared.stderr.contains("error: the limit on prefetch_accuracy judged no row"))
        // Refused before any verdict is printed or compare.csv written: the output and the status agree.
        #expect(compared.stdout.isEmpty && !FileManager.default.fileExists(atPath: folder + "/a/compare.csv"))
    }

    /// What a CI job gets wrong is said or refused: no limits at all, a shard against a whole run,
    /// an --out over a run's own file or named .zst, few replicates, rows judged on points.
    @Test func whatAJobGetsWrongIsSaidOrRefused() throws {
        let folder = try corpus()
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "a", "--quiet", "--seed", "1"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "b", "--quiet", "--seed", "2"], in: folder).status == 0)
        let bare = try DeckBenchTool.run(["compare", "a", "b"], in: folder)
        #expect(bare.status == 0 && bare.stderr.contains("no --max-increase or --max-decrease: no metric is judged, so this passes whatever changed (a policy or network missing in the candidate still fails)"))
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "part", "--quiet", "--shard", "1/3"], in: folder).status == 0)
        let shard = try DeckBenchTool.run(["compare", "a", "part", "--max-increase", "stall_rate=10%"], in: folder)
        #expect(shard.status == 64 && shard.stderr.contains("the baseline is a whole run and the candidate shard 1/3"), "\(shard.stderr)")
        let before = FileManager.default.contents(atPath: folder + "/b/summary.csv")
        let over = try DeckBenchTool.run(["compare", "a", "b", "--max-increase", "stall_rate=10%", "--out", "b/summary.csv"], in: folder)
        #expect(over.status == 64 && over.stderr.contains("--out b/summary.csv is a file of the run in b"))
        #expect(FileManager.default.contents(atPath: folder + "/b/summary.csv") == before)
        let zst = try DeckBenchTool.run(["compare", "a", "b", "--max-increase", "stall_rate=10%", "--out", "c.csv.zst"], in: folder)
        #expect(zst.status == 64 && zst.stderr.contains("compare writes plain CSV"))
        let points = try DeckBenchTool.run(["compare", "a", "b", "--max-decrease", "coverage=50%"], in: folder)
        #expect(points.stderr.contains("judged on their point estimates, with no interval"), "\(points.stderr)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "c", "--quiet", "--seed", "3", "--bootstrap", "50"], in: folder).status == 0)
        let few = try DeckBenchTool.run(["compare", "a", "c", "--max-increase", "stall_rate=10%"], in: folder)
        #expect(few.stderr.contains("read from 50 bootstrap replicates"), "\(few.stderr)")
    }

    /// Every session under one user: the replicates cannot move, so a row that changed has no
    /// measured noise and is inconclusive, never a confirmed regression (6 of 11 seed-only pairs
    /// failed before).
    @Test func oneUserMeasuresNoNoise() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "30", "--sessions-per-user", "30", "--seed", "7"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "s1", "--quiet", "--seed", "1"], in: folder).status == 0)
        var unmeasured = 0
        defer { #expect(unmeasured > 0, "no pair had an unmeasured row: the test checks nothing") }
        for seed in 2 ... 6 {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "s\(seed)", "--quiet", "--seed", "\(seed)"], in: folder).status == 0)
            let compared = try DeckBenchTool.run(["compare", "s1", "s\(seed)", "--max-increase", "stall_rate=10%,resets_per_navigation=5%"], in: folder)
            #expect(compared.status == 0, "seed \(seed): \(compared.stdout)")
            let rows = try DeckBenchTool.csvRows(folder + "/s\(seed)/compare.csv").filter { !($0["verdict"] ?? "").isEmpty }
            #expect(!rows.contains { $0["verdict"] == "regression" })
            if rows.contains(where: { $0["change_se"] == "0" && $0["verdict"] == "inconclusive" }) {
                #expect(compared.stderr.contains("changed while their replicates did not move at all"), "\(compared.stderr)")
                // The text shows no interval of no width for such a row (it held no limit and could
                // exclude the row's own change), but that no noise was measured.
                #expect(compared.stdout.contains("no spread: noise not measured"), "\(compared.stdout)")
                unmeasured += 1
            }
        }
    }

    @Test func aMissingNetworkIsARegression() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "base", "--quiet", "--policy", "fixed"] + Self.flags, in: folder)
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "cand", "--quiet", "--policy", "fixed", "--network", "lte"], in: folder)
        let compared = try DeckBenchTool.run(["compare", "base", "cand"], in: folder)
        #expect(compared.status == 2)
        #expect(compared.stdout.hasPrefix("FAIL: 1 regression, 0 inconclusive, 0 within"))
        #expect(compared.stdout.contains("fixed:radius=1 on 3g:connections=2: missing in candidate"))
    }

    @Test func everyFolderErrorNamesThePathAsTyped() throws {
        let folder = try corpus()
        _ = try DeckBenchTool.run(["replay", "rec", "--out", "a", "--quiet", "--policy", "fixed"], in: folder)
        let typo = try DeckBenchTool.run(["compare", "a", "typo-dir"], in: folder)
        #expect(typo.status == 74)
        #expect(typo.stderr == "error: typo-dir: no such folder\n")
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        let empty = try DeckBenchTool.run(["compare", "empty", "a"], in: folder)
        #expect(empty.status == 74)
        #expect(empty.stderr == "error: empty is not a DeckBench report folder (no manifest.json, no summary.csv or sessions.csv)\n")
        try FileManager.default.copyItem(atPath: folder + "/a", toPath: folder + "/unfinished")
        try FileManager.default.removeItem(atPath: folder + "/unfinished/manifest.json")
        let unfinished = try DeckBenchTool.run(["compare", "a", "unfinished"], in: folder)
        #expect(unfinished.status == 74)
        #expect(unfinished.stderr == "error: unfinished has report files but no manifest.json: the run that wrote it did not finish\n")
        let file = try DeckBenchTool.run(["compare", "a", "a/sessions.csv"], in: folder)
        #expect(file.status == 74)
        #expect(file.stderr == "error: a/sessions.csv is a file, not a report folder\n")
        // A summary.csv names its folder.
        let summary = try DeckBenchTool.run(["compare", "a/summary.csv", "a", "--out", "s.csv"], in: folder)
        #expect(summary.status == 0)
        for command in [["verify", "typo-dir"], ["report", "typo-dir"]] {
            let output = try DeckBenchTool.run(command, in: folder)
            #expect(output.status == 74)
            #expect((output.stdout + output.stderr).contains("typo-dir: no such folder"))
        }
    }

    /// The README's two pairs: a change of seed only (passes), pages 30 % larger (fails); the
    /// verdict comes first and every line fits in 120 columns.
    @Test func theVerdictComesFirstInLinesOf120Columns() throws {
        let folder = try corpus()
        for (name, extra) in [("seed1", ["--seed", "1"]), ("seed3", ["--seed", "3"]), ("heavy", ["--seed", "1", "--item-bytes", "1300"])] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", name, "--quiet"] + Self.flags + extra, in: folder).status == 0)
        }
        let limits = ["--max-increase", "stall_rate=5%,stall_ms_per_navigation=5%,resets_per_navigation=5%"]
        let noise = try DeckBenchTool.run(["compare", "seed1", "seed3"] + limits, in: folder)
        #expect(noise.status == 0, "\(noise.stdout)")
        #expect(noise.stdout.hasPrefix("PASS: 0 regressions"))
        let real = try DeckBenchTool.run(["compare", "seed1", "heavy"] + limits, in: folder)
        #expect(real.status == 2, "\(real.stdout)")
        #expect(real.stdout.hasPrefix("FAIL: "))
        #expect(real.stdout.contains("\nRegressions ("))
        // A regression's line holds its change, its interval and its limit.
        #expect(real.stdout.split(separator: "\n").contains { $0.contains("stall_ms_per_navigation") && $0.contains(" … ") && $0.contains(" 5% ") })
        for output in [noise, real] {
            let widest = output.stdout.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 120, "\(output.stdout)")
            #expect(!output.stdout.contains("rtt_ms="), "networks by preset name")
        }
        let csv = try DeckBenchTool.run(["compare", "seed1", "heavy", "--format", "csv", "--out", "c.csv"] + limits, in: folder)
        #expect(csv.stdout == (try String(contentsOfFile: folder + "/c.csv", encoding: .utf8)))
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
        #expect(stallRate.count == PolicyRegistry.defaults.count)
        // Each carries its paired interval and its simultaneous one, which holds the first, and a
        // detectable change past the 5 % limit.
        #expect(csv.hasPrefix("policy,network,metric,baseline,candidate,change,change_percent,better,threshold,status,change_ci_low,"
            + "change_ci_high,verdict,change_sim_low,change_sim_high,detectable_change,change_se,sim_bound_level,sim_interval_level,candidate_network\n"))
        for line in stallRate {
            // Counted from the end: the network's spec holds quoted commas.
            let fields = Array(line.split(separator: ",", omittingEmptySubsequences: false).reversed())
            // (The last, candidate_network, is empty: the runs replayed the same network.)
            #expect(fields[0] == "")
            let change = Double(fields[14])!
            let own = [Double(fields[9])!, Double(fields[8])!]
            let together = [Double(fields[6])!, Double(fields[5])!]
            #expect(own[0] <= own[1] && together[0] <= own[0] && own[1] <= together[1], "\(line)")
            #expect(together[0] <= change && change <= together[1])
            let baseline = Double(fields[16])!
            #expect(Double(fields[4])! > 0.05 * baseline)
            #expect(["within", "inconclusive"].contains(fields[7]))
            // The standard error behind it, and the simultaneous level of each bound and of both.
            #expect(Double(fields[3])! > 0)
            #expect(fields[2] == "0.95" && fields[1] == "0.9")
        }
        #expect(compared.stdout.contains("Limits judged together on one-sided simultaneous 95 % bounds, a 90 % simultaneous interval between "
            + "them ("))
        #expect(compared.stdout.contains(", 1000 replicates): with nothing changed"))
        #expect(compared.stdout.contains("simultaneous 90 % interval"))
        let level = try DeckBenchTool.run(["compare", "seed1", "seed2", "--level", "0.975", "--out", "level.csv"] + Self.limits, in: folder)
        #expect(level.stdout.contains("one-sided simultaneous 97.5 % bounds, a 95 % simultaneous interval"))
        #expect(try String(contentsOfFile: folder + "/level.csv", encoding: .utf8).contains(",0.975,0.95,\n"))
        // A seed changes little, but 300 sessions cannot confirm every 5 % limit: some rows are
        // inconclusive, a warning by default and a failure under --strict.
        #expect(compared.stdout.contains("\nInconclusive: "))
        #expect(compared.stderr.contains("inconclusive: the interval holds the limit"))
        let strict = try DeckBenchTool.run(["compare", "seed1", "seed2", "--strict", "--out", "strict.csv"] + Self.limits, in: folder)
        #expect(strict.status == 2)
        #expect(strict.stdout.hasPrefix("FAIL (--strict): 0 regressions, "))
        let badLevel = try DeckBenchTool.run(["compare", "seed1", "seed2", "--level", "95"] + Self.limits, in: folder)
        #expect(badLevel.status == 64)
        #expect(badLevel.stderr.contains("--level 95.0: give the share"))
    }

    /// `--plant` judges a seed-only pair as if the candidate were worse by a multiple of a limit:
    /// at 20 × the 5 % stall-rate limit every stall-rate row is a regression, said to be a
    /// calibration; a plant without a limit, or on a metric without an interval, is a usage error.
    @Test func aPlantedWorseningIsCaughtAndSaidToBeACalibration() throws {
        let folder = try corpus()
        for seed in ["1", "2"] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", "seed" + seed, "--seed", seed, "--quiet"], in: folder).status == 0)
        }
        let planted = try DeckBenchTool.run(["compare", "seed1", "seed2", "--plant", "stall_rate=20", "--out", "planted.csv"] + Self.limits,
                                            in: folder)
        #expect(planted.status == 2)
        #expect(planted.stderr.contains("a calibration verdict"))
        let rows = try String(contentsOfFile: folder + "/planted.csv", encoding: .utf8).split(separator: "\n").filter { $0.contains(",stall_rate,") }
        #expect(rows.count == PolicyRegistry.defaults.count && rows.allSatisfy { $0.contains(",regression,") })
        for plant in ["coverage=2", "stall_ms_p50=2", "stall_rate"] {
            let refused = try DeckBenchTool.run(["compare", "seed1", "seed2", "--plant", plant, "--out", "x.csv"] + Self.limits, in: folder)
            #expect(refused.status == 64, "\(plant)")
            #expect(refused.stderr.contains("--plant"))
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
        #expect(compared.stdout.hasPrefix("FAIL: 2 regressions"))
    }

    /// A baseline replayed with 300 replicates against a candidate with 200 is judged on the 200 they
    /// share, exactly as two runs of 200 are, and says so; before, it fell back to point estimates
    /// without a word.
    @Test func unequalBootstrapCountsAreJudgedOnTheSharedReplicatesAndSaid() throws {
        let folder = try corpus()
        for (name, seed, count) in [("a300", "1", "300"), ("a200", "1", "200"), ("b200", "2", "200")] {
            #expect(try DeckBenchTool.run(["replay", "rec", "--out", name, "--seed", seed, "--bootstrap", count, "--quiet"], in: folder).status == 0)
        }
        let unequal = try DeckBenchTool.run(["compare", "a300", "b200", "--out", "unequal.csv"] + Self.limits, in: folder)
        #expect(unequal.stderr.contains("compare: the baseline has 300 bootstrap replicates and the candidate 200: the intervals are read "
            + "from the 200 they share"))
        #expect(!unequal.stderr.contains("point estimates"))
        #expect(unequal.stdout.contains(", 200 replicates): "))
        let equal = try DeckBenchTool.run(["compare", "a200", "b200", "--out", "equal.csv"] + Self.limits, in: folder)
        #expect(!equal.stderr.contains("bootstrap replicates"))
        #expect(try String(contentsOfFile: folder + "/unequal.csv", encoding: .utf8) == String(contentsOfFile: folder + "/equal.csv", encoding: .utf8))
        #expect(unequal.status == equal.status)
    }

    /// Recordings that name users against the same recordings without the key: the baseline
    /// resampled users, the candidate sessions; said on stderr.
    @Test func aBootstrapUnitThatDiffersIsSaid() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "users", "--sessions", "300", "--sessions-per-user", "5", "--seed", "9"],
                                      in: folder).status == 0)
        // The same sessions as plain text, with their user key and without it (a line's "user" field
        // dropped), under the same file names so that the runs count as the same recordings.
        for side in ["keyed-rec", "plain"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + side, withIntermediateDirectories: true)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/users") {
            let input = try RecordingInput(path: folder + "/users/" + name)
            var data = Data()
            while let chunk = try input.nextChunk() { data.append(contentsOf: chunk) }
            let text = String(decoding: data, as: UTF8.self)
            let plainName = name.replacingOccurrences(of: ".zst", with: "")
            try text.write(toFile: folder + "/keyed-rec/" + plainName, atomically: true, encoding: .utf8)
            try text.replacingOccurrences(of: #","user":"[^"]*""#, with: "", options: .regularExpression)
                .write(toFile: folder + "/plain/" + plainName, atomically: true, encoding: .utf8)
        }
        #expect(try DeckBenchTool.run(["replay", "keyed-rec", "--out", "keyed", "--quiet"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "plain", "--out", "unkeyed", "--quiet"], in: folder).status == 0)
        let mixed = try DeckBenchTool.run(["compare", "keyed", "unkeyed", "--out", "mixed.csv"] + Self.limits, in: folder)
        #expect(mixed.stderr.contains("compare: the baseline resampled users and the candidate sessions"))
        let same = try DeckBenchTool.run(["compare", "keyed", "keyed", "--out", "same.csv"] + Self.limits, in: folder)
        #expect(!same.stderr.contains("resampled"))
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
