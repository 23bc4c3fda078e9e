import Foundation
import Testing

/// `tune` as a user runs it: the answer in a sentence per network, tune.csv and a report folder
/// that `report` and `compare` take; bad input is a clear message and an exit status, with
/// nothing half-written.
@Suite struct TuneCommandTests {
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "400", "--seed", "4", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        return folder
    }

    @Test func answersPerNetworkAndWritesAReportFolder() throws {
        let folder = try corpus()
        let run = try DeckBenchTool.run(["tune", "rec", "--policy", "directional:behind=0..2,ahead=1..3", "--policy", "ondemand",
                                         "--network", "lte", "--network", "3g", "--budget", "bytes_per_navigation=70000",
                                         "--incumbent", "fixed:radius=1", "--out", "t", "--jobs", "2", "--html"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") }
        #expect(answers.count == 3)
        #expect(answers[0].hasPrefix("lte: ship directional:behind="))
        #expect(answers[1].hasPrefix("3g: ship "))
        #expect(answers[0].contains("held-out stall_rate") && answers[0].contains("bytes per navigation (95 % CI "))
        #expect(run.stdout.contains("\n  Against the incumbent fixed:radius=1 on the same held-out sessions: stall_rate "))
        #expect(run.stdout.contains("of an exhaustive sweep's replays"))
        #expect(run.stderr.contains("round 1 of 7: "))
        let tune = try DeckBenchTool.csvRows(folder + "/t/tune.csv")
        #expect(tune.count == 22)
        #expect(tune.filter { $0["status"] == "shipped" }.count == 2 && tune.filter { $0["status"] == "incumbent" }.count == 2)
        #expect(tune.filter { !($0["heldout_sessions"] ?? "").isEmpty }.count == 4)
        #expect(tune.first { $0["policy"] == "ondemand" }?["why"] == "worse than the best by more than delta")
        // report and compare work on the folder, and verify accepts it.
        let page = try String(contentsOfFile: folder + "/t/report.html", encoding: .utf8)
        #expect(page.contains("<h2 id=\"race\">The race</h2>"))
        #expect(page.contains("held out (95 % CI)") && page.contains("worse than the best by more than delta"))
        // The page opens with the answer, each network by its name, with the budget and the incumbent.
        #expect(page.contains("<h2 id=\"answer\">What to ship</h2>"))
        #expect(page.contains("lte: ship <code>directional:behind=") && page.contains("3g: ship <code>"))
        #expect(page.contains("(byte budget <code>bytes_per_navigation=70000</code>)"))
        #expect(page.contains("− <code>fixed:radius=1</code> on the same held-out sessions: "))
        #expect(try DeckBenchTool.run(["verify", "t"], in: folder).status == 0)
        let compare = try DeckBenchTool.run(["compare", "t", "t", "--out", "c.csv"], in: folder)
        #expect(compare.status == 0)
        // The help lists it.
        #expect(try DeckBenchTool.run(["--help"]).stdout.contains("tune"))
        #expect(try DeckBenchTool.run(["tune", "--help"]).stdout.contains("--holdout"))
    }

    /// At a knee there is no confirmed answer: the budget a hair above what `fixed:radius=2` spends
    /// on every session (`--holdout 0` searches them all), fetching on demand the only candidate
    /// confirmed within it. The first line says so and names both, tune exits 4 (documented), the
    /// reports are written and tune.csv says `safe` and `better_undecided`.
    @Test func aKneeIsAChoiceAndExitsFour() throws {
        let folder = try corpus()
        let replay = try DeckBenchTool.run(["replay", "rec", "--policy", "fixed:radius=2", "--out", "r", "--quiet", "--bootstrap", "200"], in: folder)
        #expect(replay.status == 0)
        let row = try #require(DeckBenchTool.csvRows(folder + "/r/summary.csv").first)
        let bytes = try #require(Double(row["bytes"] ?? ""))
        let navigations = try #require(Double(row["navigations"] ?? ""))
        let budget = Int((bytes / navigations * 1.001).rounded())
        let run = try DeckBenchTool.run(["tune", "rec", "--policy", "ondemand", "--policy", "fixed:radius=2", "--holdout", "0", "--out", "t",
                                         "--byte-budget", "bytes_per_navigation=\(budget)"], in: folder)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("lte: NO CONFIRMED ANSWER — choose between fixed:radius=2 (stall_rate "))
        #expect(run.stdout.contains("\n  SAFE: ondemand — confirmed within the budget"))
        let statuses = try DeckBenchTool.csvRows(folder + "/t/tune.csv").map { $0["status"] ?? "" }
        #expect(statuses == ["safe", "better_undecided"])
        #expect(try DeckBenchTool.run(["verify", "t"], in: folder).status == 0)
    }

    /// A race of one candidate replays until its figures can be judged (it stopped after the
    /// first block, 1/64 of the sessions, always under the minimum, and had no answer).
    @Test func aRaceOfOneCandidateGoesOnUntilItCanBeJudged() throws {
        let folder = try corpus()
        let run = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed:radius=1", "--out", "t"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("lte: ship fixed:radius=1 — "))
        #expect(run.stderr.contains("round 2 of 7: "))
        let row = try #require(DeckBenchTool.csvRows(folder + "/t/tune.csv").first)
        #expect(row["status"] == "shipped" && Int(row["round"] ?? "") ?? 0 >= 2)
    }

    /// A replay into a folder a tune wrote leaves no tune.csv behind: swapped in whole, or
    /// written in place (the folder is the current directory), and the report page has no race.
    @Test func aReplayIntoATuneFolderLeavesNoTuneTable() throws {
        let folder = try corpus()
        for place in ["t", "u"] {
            let tuned = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed:radius=1..2", "--out", place, "--quiet"], in: folder)
            #expect(tuned.status == 0, "\(tuned.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder + "/\(place)/tune.csv"))
        }
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "t", "--quiet", "--html"], in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "../rec", "--out", ".", "--quiet"], in: folder + "/u").status == 0)
        for place in ["t", "u"] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(place)/tune.csv"), "\(place)")
            #expect(try DeckBenchTool.run(["verify", place], in: folder).status == 0)
        }
        #expect(try !String(contentsOfFile: folder + "/t/report.html", encoding: .utf8).contains("id=\"race\""))
    }

    @Test func badInputIsAClearMessageAndNothingIsWritten() throws {
        let folder = try corpus()
        let none = try DeckBenchTool.run(["tune", "rec", "--out", "t"], in: folder)
        #expect(none.status == 64)
        #expect(none.stderr.contains("tune needs at least one candidate: give --policy SPEC"))
        let budget = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed:radius=1..2", "--budget", "bytes=5", "--out", "t"], in: folder)
        #expect(budget.status == 64)
        #expect(budget.stderr.contains("--budget must be bytes_per_navigation=N"))
        let holdout = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--holdout", "1", "--out", "t"], in: folder)
        #expect(holdout.status == 64)
        let unmet = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed:radius=1..2", "--budget", "bytes_per_navigation=100",
                                           "--out", "t", "--quiet"], in: folder)
        #expect(unmet.status == 3)
        #expect(unmet.stderr.contains("error: no candidate is confirmed within the budget bytes_per_navigation=100 on lte:"))
        let rough = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--bootstrap", "100", "--out", "t"], in: folder)
        #expect(rough.status == 64 && rough.stderr.contains("--bootstrap must be from 200 to 100000"))
        let units = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--min-units", "1", "--out", "t"], in: folder)
        #expect(units.status == 64 && units.stderr.contains("--min-units must be 2 or more"))
        // A minimum the corpus cannot meet: nobody is judged, and the message blames the rule, not the intervals.
        let blocked = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed:radius=1..2", "--budget", "bytes_per_navigation=100000",
                                             "--min-units", "100000", "--out", "t", "--quiet"], in: folder)
        #expect(blocked.status == 3)
        #expect(blocked.stderr.contains(": 2 are undecided") && blocked.stderr.contains("fewer than 100000 units")
            && blocked.stderr.contains("this rule, not the intervals, left them undecided"))
        let incumbent = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--incumbent", "nope", "--out", "t"], in: folder)
        #expect(incumbent.status == 64 && incumbent.stderr.contains("--incumbent"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/t"))
    }

    /// The ceiling on bytes is `--byte-budget`; `--budget`, its former spelling, still works, gives
    /// the same bytes and says on stderr that it is deprecated (and `--help` says so too).
    @Test func byteBudgetIsTheBudgetsSpellingAndBudgetIsDeprecated() throws {
        let folder = try corpus()
        let flags = ["tune", "rec", "--policy", "fixed:radius=0..2", "--jobs", "2", "--quiet"]
        let new = try DeckBenchTool.run(flags + ["--byte-budget", "bytes_per_navigation=+10%:fixed:radius=1", "--out", "new"], in: folder)
        let old = try DeckBenchTool.run(flags + ["--budget", "bytes_per_navigation=+10%:fixed:radius=1", "--out", "old"], in: folder)
        #expect(new.status == 0 && old.status == 0, "\(new.stderr)\(old.stderr)")
        #expect(!new.stderr.contains("deprecated"))
        #expect(old.stderr.contains("warning: --budget is deprecated: say --byte-budget (the same value)"))
        #expect(new.stdout == old.stdout && new.stdout.contains("of fixed:radius=1's bytes on the same sessions"))
        for file in ["tune.csv", "summary.csv", "sessions.csv", "bootstrap.json"] {
            let (a, b) = (try Data(contentsOf: URL(fileURLWithPath: folder + "/new/" + file)), try Data(contentsOf: URL(fileURLWithPath: folder + "/old/" + file)))
            #expect(a == b, "\(file)")
        }
        // The reference is one of the rows tune.csv lists, as the budget's reference.
        #expect(try DeckBenchTool.csvRows(folder + "/new/tune.csv").contains { $0["policy"] == "fixed:radius=1" && $0["status"] == "reference" })
        // Errors name the flag as typed.
        let bad = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--byte-budget", "bytes=5", "--out", "t"], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("--byte-budget must be bytes_per_navigation=N"), "\(bad.stderr)")
        let reference = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--byte-budget", "bytes_per_navigation=+5%:nope", "--out", "t"],
                                              in: folder)
        #expect(reference.status == 64 && reference.stderr.contains("--byte-budget: the reference nope is not a policy"), "\(reference.stderr)")
        let oldReference = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--budget", "bytes_per_navigation=+5%:nope", "--out", "t"],
                                                 in: folder)
        #expect(oldReference.status == 64 && oldReference.stderr.contains("--budget: the reference nope is not a policy"))
        let both = try DeckBenchTool.run(["tune", "rec", "--policy", "fixed", "--budget", "bytes_per_navigation=1", "--byte-budget",
                                          "bytes_per_navigation=1", "--out", "t"], in: folder)
        #expect(both.status == 64 && both.stderr.contains("--budget is the former spelling of --byte-budget: give --byte-budget once"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/t"))
        let help = try DeckBenchTool.run(["tune", "--help"])
        #expect(help.stdout.contains("--byte-budget <bytes_per_navigation=N|±P%:SPEC>"))
        #expect(help.stdout.contains("Deprecated: the former spelling of --byte-budget"))
    }
}
