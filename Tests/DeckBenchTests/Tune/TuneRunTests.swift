import Foundation
import Testing
@testable import DeckBench

/// `tune` on generated corpora: answers known by construction, ties, the budget, the same bytes
/// for any number of jobs, and the race against the exhaustive sweep it replaces.
@Suite struct TuneRunTests {
    private static let lte = try! NetworkModel.parse("lte")
    private static let settings = ReplaySettings(seed: 5, bootstrap: 1_000)

    private func corpus(sessions: Int, seed: UInt64 = 3) throws -> (fixtures: Fixtures, files: [String]) {
        let fixtures = Fixtures()
        let written = try WorkloadWriter(generator: SessionGenerator(seed: seed), sessions: sessions, files: 2).write(to: fixtures.folder)
        return (fixtures, written.map(\.path))
    }

    private func tune(_ files: [String], _ policies: [any PrefetchPolicy], out: String, budget: TuneBudget? = nil,
                      holdout: Double = 0.3, jobs: Int = 1, incumbent: (any PrefetchPolicy)? = nil, delta: Double? = nil) throws -> TuneRun.Outcome {
        try TuneRun(files: files, policies: policies, networks: [Self.lte], settings: Self.settings, budget: budget, delta: delta, incumbent: incumbent,
                    split: HoldoutSplit(fraction: holdout, seed: 5), outputFolder: out, command: ["test"], jobs: jobs,
                    sessionsFormat: .none).run()
    }

    private func rows(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        return lines.dropFirst().map { line in
            // Policy specs are quoted when they hold commas: split on commas outside quotes.
            var fields: [String] = []
            var field = ""
            var quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() } else if character == ",", !quoted { fields.append(field); field = "" } else { field.append(character) }
            }
            fields.append(field)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    /// Prefetching three pages each way stalls far less than fetching on demand or one page ahead:
    /// the race keeps it alone, and the held-out replay confirms it.
    @Test func aClearlyBestPolicyWinsAlone() throws {
        let (fixtures, files) = try corpus(sessions: 600)
        let out = fixtures.path("tune")
        let outcome = try tune(files, [OnDemandPolicy(), DirectionalPolicy(behind: 0, ahead: 1), FixedPolicy(radius: 3)], out: out)
        let answer = try #require(outcome.answers.first)
        #expect(answer.winner == "fixed:radius=3")
        #expect(answer.withinDelta.isEmpty && answer.leader == nil)
        #expect(outcome.candidates.filter { $0.policy != "fixed:radius=3" }.allSatisfy { $0.exit == .worseBeyondDelta })
        #expect(answer.heldOutSessions > 100 && answer.heldOutSessions == outcome.confirmation.sessions)
        let stallRate = try #require(answer.heldOutStallRate)
        let interval = try #require(answer.heldOutStallRateInterval)
        #expect(interval.low <= stallRate && stallRate <= interval.high)
        // The losers left before the last block: the race replayed less than the sweep would have.
        #expect(answer.raceReplays < answer.exhaustiveReplays)
        #expect(answer.exhaustiveReplays == 3 * outcome.searchedSessions)
        #expect(outcome.searchedSessions + outcome.confirmation.sessions == 600)
        let table = try rows(out + "/tune.csv")
        #expect(table.map { $0["status"] } == ["shipped", "out", "out"])
        #expect(table[0]["heldout_sessions"] == String(answer.heldOutSessions))
        #expect(table[1]["why"] == "worse than the best by more than delta" && table[1]["leader"] == "fixed:radius=3")
        // The folder is a run's: summary.csv holds the finalist on the held-out sessions.
        let summary = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
        #expect(summary.split(separator: "\n").count == 2 && summary.contains("\nfixed:radius=3,"))
        let verified = try ReportVerification.verify(out)
        #expect(verified.manifest.outputs.contains("tune.csv") && verified.manifest.files?.contains { $0.name == "tune.csv" } == true)
        #expect(answer.sentence.hasPrefix("lte: ship fixed:radius=3 — held-out stall_rate "))
    }

    /// Against the incumbent, the winner minus the incumbent: fetching on demand stalls far more
    /// and spends fewer bytes than prefetching three pages each way, so the objective's change is
    /// negative and the bytes' positive, each inside its own paired interval, and the sentence
    /// prints them with those signs.
    @Test func theIncumbentLineIsTheWinnerMinusTheIncumbent() throws {
        let (fixtures, files) = try corpus(sessions: 400)
        let outcome = try tune(files, [OnDemandPolicy(), FixedPolicy(radius: 3)], out: fixtures.path("tune"), incumbent: OnDemandPolicy())
        let answer = try #require(outcome.answers.first)
        #expect(answer.winner == "fixed:radius=3")
        let versus = try #require(answer.versusIncumbent)
        #expect(versus.incumbent == "ondemand")
        let interval = try #require(versus.differenceInterval)
        #expect(versus.difference < 0 && interval.low <= versus.difference && versus.difference <= interval.high && interval.high < 0)
        let bytes = try #require(versus.bytesChangeInterval)
        #expect(versus.bytesChange > 0 && bytes.low <= versus.bytesChange && versus.bytesChange <= bytes.high)
        // The figures are the held-out ones of the two policies, winner − incumbent.
        let rows = outcome.confirmation.summaries
        let column = TuneObjective.stallRate.column
        let winner = try #require(rows.first { $0.policy == "fixed:radius=3" }).summary
        let incumbent = try #require(rows.first { $0.policy == "ondemand" }).summary
        #expect(abs(versus.difference - (column.point(winner)! - column.point(incumbent)!)) < 1e-12)
        #expect(answer.sentence.contains("Against the incumbent ondemand on the same held-out sessions: stall_rate -"))
        #expect(answer.sentence.contains(String(format: ", bytes per navigation %+.1f %%", 100 * versus.bytesChange)))
    }

    /// A knee: the budget sits 1 % above what `fixed:radius=2` spends, so its bytes interval
    /// holds the budget and it may not be shipped, while fetching on demand, far cheaper and far
    /// worse, is the only candidate confirmed within it. There is no confirmed answer: the first
    /// line says so and names both, the better one with its chance of being over the budget; the
    /// next lines give each side, with the safe one's cost in stalls on the held-out sessions
    /// (both replay them); tune.csv marks them `safe` and `better_undecided`.
    @Test func aBetterCandidateStraddlingTheBudgetIsAChoiceNotAnAnswer() throws {
        let (fixtures, files) = try corpus(sessions: 400)
        let policies: [any PrefetchPolicy] = [OnDemandPolicy(), FixedPolicy(radius: 2)]
        // What fixed:radius=2 spends on the sessions the race searches (the split tune makes).
        let searched = SessionSource(files: files, part: HoldoutSplit(fraction: 0.3, seed: 5).part(.searched(from: 0, to: 1)))
        let sweep = try ReplayRun(source: searched, policies: [FixedPolicy(radius: 2)], networks: [Self.lte], settings: Self.settings,
                                  outputFolder: fixtures.path("sweep"), command: ["test"], sessionsFormat: .none).run()
        let spent = try #require(TuneBudget.column.point(sweep.summaries[0].summary))
        let out = fixtures.path("tune")
        let outcome = try tune(files, policies, out: out, budget: TuneBudget.bytesPerNavigation(spent * 1.01), holdout: 0.3)
        let answer = try #require(outcome.answers.first)
        #expect(answer.winner == "ondemand" && answer.isChoice)
        let better = try #require(answer.betterUndecided)
        #expect(better.policy == "fixed:radius=2" && better.count == 1 && better.compared == 1)
        let shipped = try #require(outcome.candidates.first { $0.policy == "ondemand" }?.standing?.objective)
        // Better: its objective below the shipped one's, by more than delta even at the bound.
        #expect(better.difference < 0 && better.bound < -answer.delta && better.difference < better.bound)
        #expect(abs(try #require(better.value) - shipped - better.difference) < 1e-12)
        let excess = try #require(better.budgetExcess)
        let interval = try #require(better.budgetExcessInterval)
        #expect(excess < 0 && interval.lowerBound < 0 && interval.upperBound > 0)
        // Under the budget at its estimate: less than an even chance of being over it.
        let probability = try #require(better.overBudgetProbability)
        #expect(probability > 0 && probability < 0.5)
        #expect(better.sessions == outcome.searchedSessions && (better.settlingSessions ?? 0) > better.sessions)
        // Both replayed the held-out sessions: the safe one costs stalls there too, paired.
        #expect(better.heldOutValue != nil && (better.heldOutSafeCost ?? 0) > 0)
        let lines = answer.sentence.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("lte: NO CONFIRMED ANSWER — choose between fixed:radius=2 (stall_rate "))
        #expect(lines[0].contains(", over the budget with probability ") && lines[0].contains(") and ondemand (stall_rate ")
            && lines[0].hasSuffix(" would settle it (exit 4)."))
        #expect(lines[1].hasPrefix("  BETTER, UNSETTLED: fixed:radius=2 — stall_rate "))
        #expect(lines[1].contains(" points better than the safe one (paired; at least ")
            && lines[1].contains("searched sessions (the race had \(better.sessions)) would settle it, within the budget at its estimate"))
        #expect(lines[2].hasPrefix("  SAFE: ondemand — confirmed within the budget, ") && lines[2].contains(" held-out sessions (paired 95 % CI "))
        let table = try rows(out + "/tune.csv")
        #expect(table.map { $0["status"] } == ["safe", "better_undecided"])
        #expect(table[1]["why"] == "better than the safe one by more than delta; its bytes interval holds the budget")
        #expect(table.allSatisfy { $0["heldout_sessions"] == String(answer.heldOutSessions) })
    }

    /// The knee above under other deltas: better by its bound B (< 0) at the default delta, it is
    /// better by more than delta for a delta one step under −B, and not for −B itself, nor for its
    /// difference: then the safe one is shipped as the answer, with no "BETTER" line and no
    /// better_undecided row (fixed:radius=2 is undecided), and no choice (exit 0).
    @Test func aStraddlerBetterByNoMoreThanDeltaIsNoChoice() throws {
        let (fixtures, files) = try corpus(sessions: 400)
        let policies: [any PrefetchPolicy] = [OnDemandPolicy(), FixedPolicy(radius: 2)]
        let searched = SessionSource(files: files, part: HoldoutSplit(fraction: 0.3, seed: 5).part(.searched(from: 0, to: 1)))
        let sweep = try ReplayRun(source: searched, policies: [FixedPolicy(radius: 2)], networks: [Self.lte], settings: Self.settings,
                                  outputFolder: fixtures.path("sweep"), command: ["test"], sessionsFormat: .none).run()
        let budget = TuneBudget.bytesPerNavigation(try #require(TuneBudget.column.point(sweep.summaries[0].summary)) * 1.01)
        let knee = try #require(try tune(files, policies, out: fixtures.path("default"), budget: budget).answers.first?.betterUndecided)
        #expect(knee.bound < 0 && knee.difference < knee.bound)
        for (name, delta) in [("below", (-knee.bound).nextDown), ("at", -knee.bound), ("difference", -knee.difference)] {
            let out = fixtures.path(name)
            let answer = try #require(try tune(files, policies, out: out, budget: budget, delta: delta).answers.first)
            let better = name == "below"
            #expect(answer.winner == "ondemand" && answer.undecided == ["fixed:radius=2"], "\(name)")
            #expect(answer.isChoice == better && (answer.betterUndecided != nil) == better, "\(name)")
            #expect(answer.sentence.contains("BETTER") == better && answer.sentence.contains("NO CONFIRMED ANSWER") == better,
                    "\(name): \(answer.sentence)")
            #expect(try rows(out + "/tune.csv").map { $0["status"] } == (better ? ["safe", "better_undecided"] : ["shipped", "undecided"]),
                    "\(name)")
        }
    }

    /// Two candidates that are the same policy replay alike on every session: no interval can
    /// separate them, so both reach the end, the first given as the winner and the other as a tie.
    @Test func equalCandidatesBothSurviveAsTies() throws {
        let (fixtures, files) = try corpus(sessions: 400)
        let outcome = try tune(files, [FixedPolicy(radius: 2), OnDemandPolicy(), FixedPolicy(radius: 2)], out: fixtures.path("tune"))
        let answer = try #require(outcome.answers.first)
        #expect(answer.winner == "fixed:radius=2")
        #expect(answer.withinDelta == ["fixed:radius=2"])
        #expect(outcome.candidates[1].exit == .worseBeyondDelta)
        let tie = try #require(outcome.candidates[2].standing)
        #expect(tie.difference == 0 && tie.round == TuneRun.blockEnds.count)
        #expect(outcome.candidates[0].isIn && outcome.candidates[2].isIn)
    }

    /// A budget no candidate meets is no answer: an error naming the least bytes, nothing written.
    @Test func aBudgetNoCandidateMeetsWritesNothing() throws {
        let (fixtures, files) = try corpus(sessions: 300)
        let out = fixtures.path("tune")
        #expect {
            try tune(files, [FixedPolicy(radius: 1), FixedPolicy(radius: 2)], out: out, budget: TuneBudget.bytesPerNavigation(10))
        } throws: { error in
            guard case let .overBudget(network, _, least, _, _)? = error as? TuneError else { return false }
            return network == Self.lte.spec && (least ?? 0) > 10
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A budget relative to a reference, judged paired: `fixed:radius=2` may spend no more than
    /// itself (+0 %: its excess is 0 in every replicate, feasible), `fixed:radius=3` more in every
    /// session (out, over the budget), `fixed:radius=1` less. The fewest stalls among the feasible
    /// is the reference's own window; the reference is replayed beside the candidates, listed in
    /// tune.csv and held out with the answer, whose held-out excess over the ceiling is 0.
    @Test func aBudgetRelativeToAReferenceIsJudgedPaired() throws {
        let (fixtures, files) = try corpus(sessions: 600)
        let out = fixtures.path("tune")
        let budget = try TuneBudget.parse("bytes_per_navigation=+0%:fixed:radius=2").get()
        let outcome = try tune(files, [FixedPolicy(radius: 1), FixedPolicy(radius: 2), FixedPolicy(radius: 3)], out: out, budget: budget)
        let answer = try #require(outcome.answers.first)
        #expect(answer.winner == "fixed:radius=2")
        #expect(outcome.candidates.first { $0.policy == "fixed:radius=3" && !$0.isReference }?.exit == .overBudget)
        let reference = try #require(outcome.candidates.first { $0.isReference })
        #expect(reference.isIn && reference.policy == "fixed:radius=2")
        #expect(answer.heldOutBudgetExcess == 0 && !answer.heldOutOverBudget)
        let table = try rows(out + "/tune.csv")
        #expect(table.filter { $0["status"] == "reference" }.count == 1)
        #expect(table.first { $0["status"] == "shipped" }?["budget_excess"] == "0.0000")
    }

    /// The same bytes whatever the number of jobs.
    @Test func theSameBytesForAnyJobs() throws {
        let (fixtures, files) = try corpus(sessions: 300)
        let policies: [any PrefetchPolicy] = (0 ... 2).flatMap { behind in (1 ... 2).map { DirectionalPolicy(behind: behind, ahead: $0) } }
        _ = try tune(files, policies, out: fixtures.path("one"), jobs: 1)
        _ = try tune(files, policies, out: fixtures.path("three"), jobs: 3)
        for name in ["tune.csv", "summary.csv", "paired.csv", "distributions.csv"] {
            let one = try Data(contentsOf: URL(fileURLWithPath: fixtures.path("one/" + name)))
            let three = try Data(contentsOf: URL(fileURLWithPath: fixtures.path("three/" + name)))
            #expect(one == three, "\(name)")
        }
    }

    /// Against the exhaustive sweep on the same sessions (no hold-out): the shipped policy is the
    /// sweep's best under the budget, or not shown worse than it by more than delta by the sweep's
    /// own paired interval, and the race replays less.
    @Test func theWinnerIsTheSweepsBestOrWithinDeltaOfIt() throws {
        let (fixtures, files) = try corpus(sessions: 800, seed: 11)
        let policies: [any PrefetchPolicy] = (0 ... 3).flatMap { behind in (1 ... 4).map { DirectionalPolicy(behind: behind, ahead: $0) } }
        let ceiling = 55_000.0
        let budget = TuneBudget.bytesPerNavigation(ceiling)
        let outcome = try tune(files, policies, out: fixtures.path("tune"), budget: budget, holdout: 0)
        let answer = try #require(outcome.answers.first)
        let sweep = try ReplayRun(files: files, policies: policies, networks: [Self.lte], settings: Self.settings,
                                  outputFolder: fixtures.path("sweep"), command: ["test"], sessionsFormat: .none).run()
        #expect(sweep.sessions == outcome.searchedSessions)
        let stallRate = TuneObjective.stallRate.column
        let bytes = TuneBudget.column
        let best = try #require(sweep.summaries.filter { bytes.point($0.summary)! <= ceiling }
            .min { stallRate.point($0.summary)! < stallRate.point($1.summary)! })
        if best.policy != answer.winner {
            _ = try ReplayRun(files: files, policies: try [best.policy, answer.winner].map { try PolicyRegistry.parse($0) },
                              networks: [Self.lte], settings: Self.settings, outputFolder: fixtures.path("pair"),
                              command: ["test"], sessionsFormat: .none).run()
            let paired = try rows(fixtures.path("pair/paired.csv")).first { $0["metric"] == "stall_rate" }
            let low = try #require(Double(paired?["difference_ci_low"] ?? ""))
            let high = try #require(Double(paired?["difference_ci_high"] ?? ""))
            // difference = best − shipped: the shipped one is worse by more than delta only if high < −delta.
            #expect(low <= high && high >= -answer.delta,
                    "the shipped \(answer.winner) is worse than the sweep's best \(best.policy) by more than \(answer.delta)")
        }
        #expect(answer.raceReplays < answer.exhaustiveReplays)
    }
}
