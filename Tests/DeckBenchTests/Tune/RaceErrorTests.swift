import Foundation
import Testing
@testable import DeckBench

/// The race's error rates, measured on synthetic candidates whose truth is known: how often the
/// best candidate leaves the race, how often the shipped one is worse than the best by more than
/// delta, how often one over the budget is shipped. TUNE.md states each at most 5 %; by default a
/// few hundred races run here, and `make race-calibration` runs thousands (DECKBENCH_RACE_RUNS)
/// and prints the table TUNE.md shows. A long run (half a minute of `make test`'s time): it runs
/// under `make test-long` (DECKBENCH_LONG=1, CI) and `make race-calibration` only.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DECKBENCH_LONG"] != nil
    || ProcessInfo.processInfo.environment["DECKBENCH_RACE_RUNS"] != nil))
struct RaceErrorTests {
    /// A candidate's truth: its chance that a navigation stalls and its mean bytes per navigation.
    struct Truth {
        var stallRate: Double
        var bytes: Double
    }

    /// One synthetic corpus: each session's navigations, a shared uniform per navigation (a
    /// candidate stalls on it when the uniform is below its stall rate: candidates are paired
    /// session by session, as a replay's common random numbers pair policies), a shared factor
    /// of mean 1 on its bytes, its bucket and its position in the race's blocks.
    struct Corpus {
        var navigations: [[Double]] = []
        var bytesFactor: [Double] = []
        var bucket: [Int] = []
        var position: [Double] = []

        init(sessions: Int, seed: UInt64, lengths: ClosedRange<Int> = 5 ... 30) {
            var random = SeededGenerator(seed: seed)
            for index in 0 ..< sessions {
                navigations.append((0 ..< Int.random(in: lengths, using: &random)).map { _ in random.unit() })
                // Log-normal with mean 1 (median e^(−σ²/2)): a candidate's bytes per navigation is its truth.
                bytesFactor.append(random.logNormal(median: exp(-0.045), sigma: 0.3))
                bucket.append(BootstrapReplicates.bucket(file: "race-\(seed)", session: "s\(index)"))
                position.append(random.unit())
            }
        }

        /// The summary of `truth` over the sessions at positions `from ..< to`.
        func summary(_ truth: Truth, from: Double, to: Double, replicates: Int) -> MetricsSummary {
            var summary = MetricsSummary(replicates: replicates)
            for index in position.indices where position[index] >= from && position[index] < to {
                var metrics = SessionMetrics()
                metrics.navigations = navigations[index].count
                metrics.stalls = navigations[index].count { $0 < truth.stallRate }
                metrics.bytes = Int((Double(metrics.navigations) * truth.bytes * bytesFactor[index]).rounded())
                summary.add(metrics)
                summary.replicates.add(metrics, bucket: bucket[index])
            }
            return summary
        }
    }

    /// What one race did: the candidates as they ended, the choice (nil: no answer) and the knee
    /// (non-nil: no confirmed answer, a choice between the shipped one and a better straddler).
    struct Outcome {
        var candidates: [TuneCandidate]
        var choice: TuneChoice?
        var knee: TuneKnee?
    }

    static func race(_ truths: [Truth], sessions: Int, seed: UInt64, budget: TuneBudget?, delta: Double = 0.001,
                     replicates: Int = TuneRun.minimumReplicates, lengths: ClosedRange<Int> = 5 ... 30) -> Outcome {
        let corpus = Corpus(sessions: sessions, seed: seed, lengths: lengths)
        let candidates = truths.indices.map {
            TuneCandidate(policy: "c\($0)", policyIndex: $0, network: "n", networkIndex: 0, replicates: replicates)
        }
        let rule = RaceRule(objective: .stallRate, budget: budget, delta: delta,
                            comparisons: TuneRun.comparisons(candidates: truths.count, budgeted: budget != nil))
        var race = TuneRace(candidates: candidates, networks: 1, rule: rule, weights: BootstrapWeights(replicates: replicates))
        race.run(blockEnds: TuneRun.blockEnds) { live, from, to in
            (live.map { corpus.summary(truths[$0.policyIndex], from: from, to: to, replicates: replicates) },
             corpus.position.count { $0 >= from && $0 < to })
        }
        let choice = try? TuneChoice(network: 0, candidates: race.candidates, leader: race.leaders[0], rule: rule, delta: delta,
                                     networkSpec: "n")
        let knee = choice.flatMap { TuneKnee(choice: $0, candidates: race.candidates, objective: .stallRate, weights: race.weights, delta: delta) }
        return Outcome(candidates: race.candidates, choice: choice, knee: knee)
    }

    /// Every exit and every choice keeps the rule's own promises, race by race: an exit "worse than
    /// the best by more than delta" has its interval's low end above delta, an exit "dearer than a
    /// choice within delta" its bytes above the anchor's and its objective not below the anchor's
    /// by delta, an exit "over the budget" its bytes' low end
    /// above the budget, the shipped candidate was confirmed within the budget, and the zone's
    /// members are confirmed within delta of the leader.
    static func checkPromises(_ outcome: Outcome, budget: TuneBudget?, delta: Double) {
        for candidate in outcome.candidates {
            let standing = candidate.standing
            switch candidate.exit {
            case .worseBeyondDelta?: #expect((standing?.differenceInterval?.lowerBound ?? -1) > delta, "\(candidate.policy)")
            case .dearerThanChoice?:
                #expect((standing?.bytesAboveAnchorInterval?.lowerBound ?? -1) > 0, "\(candidate.policy)")
                #expect((standing?.objectiveAgainstAnchorInterval?.lowerBound ?? -1) > -delta, "\(candidate.policy)")
            case .overBudget?:
                guard case let .bytesPerNavigation(ceiling)? = budget else {
                    Issue.record("\(candidate.policy) left over a budget of no amount")
                    break
                }
                #expect((standing?.bytesInterval?.lowerBound ?? -1) > ceiling)
            case nil: break
            }
        }
        guard let choice = outcome.choice else { return }
        let shipped = outcome.candidates[choice.shipped]
        // Feasible: its bytes interval lay wholly within the budget at some round (a verdict made once).
        #expect(shipped.isIn && shipped.standing?.feasibility == .feasible)
        let z = TuneChoice.zoneZ(candidates: outcome.candidates.count { $0.isIn && $0.standing?.feasibility == .feasible })
        for index in choice.withinDelta + [choice.shipped] where index != choice.leader {
            let standing = outcome.candidates[index].standing!
            #expect(standing.difference! + z * standing.differenceError! <= delta)
        }
    }

    private static var runs: Int { ProcessInfo.processInfo.environment["DECKBENCH_RACE_RUNS"].flatMap(Int.init) ?? 60 }

    /// A planted best (3.0 %), a near-tie within delta (3.05 %), one at delta (3.1 %), others
    /// further, the cheaper the worse; 1,600 searched sessions, no budget. The best must rarely
    /// leave, and the shipped one rarely be worse than the best by more than delta.
    @Test func theBestRarelyLeavesAndTheShippedIsWithinDeltaOfIt() {
        let truths = [Truth(stallRate: 0.030, bytes: 60_000), Truth(stallRate: 0.0305, bytes: 58_000), Truth(stallRate: 0.031, bytes: 56_000),
                      Truth(stallRate: 0.033, bytes: 54_000), Truth(stallRate: 0.036, bytes: 52_000), Truth(stallRate: 0.045, bytes: 50_000),
                      Truth(stallRate: 0.06, bytes: 48_000), Truth(stallRate: 0.09, bytes: 46_000)]
        var bestLeft = 0
        var outsideDelta = 0
        for seed in 0 ..< Self.runs {
            let outcome = Self.race(truths, sessions: 1_600, seed: UInt64(seed) + 1, budget: nil)
            Self.checkPromises(outcome, budget: nil, delta: 0.001)
            if !outcome.candidates[0].isIn { bestLeft += 1 }
            if let shipped = outcome.choice?.shipped, truths[shipped].stallRate - truths[0].stallRate > 0.001 + 1e-12 { outsideDelta += 1 }
        }
        Self.report("planted best, no budget", runs: Self.runs, [("the best left the race", bestLeft), ("shipped worse than the best by more than delta", outsideDelta)])
        // Each at most 5 %; a binomial count of 60 at 5 % exceeds 8 about 2 % of the time.
        #expect(Double(bestLeft) <= max(8, 0.08 * Double(Self.runs)))
        #expect(Double(outsideDelta) <= max(8, 0.08 * Double(Self.runs)))
    }

    /// Near the budget: the best stall rate (2 %) is over it (46 kB against 45 kB), the best within
    /// it 3 % at 43.5 kB. Today's rule let the over-budget one lead early rounds and knock out the
    /// feasible ones; now only a candidate confirmed within the budget leads, so the best feasible
    /// one rarely leaves, and nothing over the budget is shipped.
    @Test func aCandidateOverTheBudgetNeverKnocksOutTheBestWithinIt() {
        let ceiling = 45_000.0
        let budget = TuneBudget.bytesPerNavigation(ceiling)
        let truths = [Truth(stallRate: 0.02, bytes: 46_000), Truth(stallRate: 0.03, bytes: 43_500), Truth(stallRate: 0.045, bytes: 41_000),
                      Truth(stallRate: 0.021, bytes: 47_000), Truth(stallRate: 0.08, bytes: 38_000)]
        var bestFeasibleLeft = 0
        var shippedOver = 0
        var noAnswer = 0
        for seed in 0 ..< Self.runs {
            let outcome = Self.race(truths, sessions: 1_600, seed: UInt64(seed) + 1_000, budget: budget)
            Self.checkPromises(outcome, budget: budget, delta: 0.001)
            if !outcome.candidates[1].isIn { bestFeasibleLeft += 1 }
            guard let choice = outcome.choice else {
                noAnswer += 1
                continue
            }
            if truths[choice.shipped].bytes > ceiling { shippedOver += 1 }
        }
        Self.report("best feasible beside a better one over the budget", runs: Self.runs,
                    [("the best feasible left the race", bestFeasibleLeft), ("shipped over the budget", shippedOver), ("no answer", noAnswer)])
        #expect(Double(bestFeasibleLeft) <= max(8, 0.08 * Double(Self.runs)))
        #expect(shippedOver == 0)
        #expect(noAnswer == 0)
    }

    /// Few long sessions, as a real-user corpus has: 80 searched sessions of 150 to 210
    /// navigations, so the race may judge only from its sixth round (40 sessions, past the minimum
    /// of 30 units) and its error rate is spent on two rounds. Around a 45 kB budget: 2.0 % at
    /// 46 kB and 2.1 % at 52 kB (over it), 3.0 % at 40 kB (the best within it), 4.5 % at 38 kB,
    /// 8 % at 35 kB. The best feasible must rarely leave and nothing over the budget be shipped
    /// but rarely; "no answer" is counted, not bounded (80 sessions may not settle the budget).
    @Test func fewLongSessionsAtTheMinimumKeepTheErrorRates() {
        let ceiling = 45_000.0
        let budget = TuneBudget.bytesPerNavigation(ceiling)
        let truths = [Truth(stallRate: 0.02, bytes: 46_000), Truth(stallRate: 0.03, bytes: 40_000), Truth(stallRate: 0.045, bytes: 38_000),
                      Truth(stallRate: 0.021, bytes: 52_000), Truth(stallRate: 0.08, bytes: 35_000)]
        var bestFeasibleLeft = 0
        var shippedOver = 0
        var noAnswer = 0
        for seed in 0 ..< Self.runs {
            let outcome = Self.race(truths, sessions: 80, seed: UInt64(seed) + 5_000, budget: budget, lengths: 150 ... 210)
            Self.checkPromises(outcome, budget: budget, delta: 0.001)
            if !outcome.candidates[1].isIn { bestFeasibleLeft += 1 }
            guard let choice = outcome.choice else {
                noAnswer += 1
                continue
            }
            if truths[choice.shipped].bytes > ceiling { shippedOver += 1 }
        }
        Self.report("few long sessions (80 of 150-210 navigations) around a budget", runs: Self.runs,
                    [("the best feasible left the race", bestFeasibleLeft), ("shipped over the budget", shippedOver), ("no answer", noAnswer)])
        #expect(Double(bestFeasibleLeft) <= max(8, 0.08 * Double(Self.runs)))
        #expect(Double(shippedOver) <= max(8, 0.08 * Double(Self.runs)))
    }

    /// More sessions must only sharpen the answer. Ten candidates along a front, the cheaper the
    /// worse: 3.00 % at 60 kB (the best) down to 3.09 % at 50 kB (the cheapest within 0.1 points of
    /// it: the truth's answer), then 3.2 % at 48 kB and worse. Raced on 1,600 and on 6,400
    /// sessions (the same seeds), the shipped one must be within delta of the best, and its bytes
    /// no further above the truth's answer on the larger corpus than on the smaller, on average;
    /// the rule that dropped a candidate once it was confirmed worse at all shipped dearer with more
    /// sessions.
    @Test func moreSessionsShipNoDearerAPolicy() {
        let truths = [Truth(stallRate: 0.0300, bytes: 60_000), Truth(stallRate: 0.0302, bytes: 59_000), Truth(stallRate: 0.0303, bytes: 58_000),
                      Truth(stallRate: 0.0305, bytes: 56_000), Truth(stallRate: 0.0307, bytes: 54_000), Truth(stallRate: 0.0309, bytes: 50_000),
                      Truth(stallRate: 0.032, bytes: 48_000), Truth(stallRate: 0.034, bytes: 46_000), Truth(stallRate: 0.04, bytes: 44_000),
                      Truth(stallRate: 0.06, bytes: 40_000)]
        let answer = 5.0
        // 20 seeds under `make test-long` (8,000 sessions a seed make it the suite's longest race);
        // `make race-calibration` runs them all.
        let runs = ProcessInfo.processInfo.environment["DECKBENCH_RACE_RUNS"] != nil ? Self.runs : 20
        var outsideDelta = [0, 0]
        var overAnswer = [0.0, 0.0]
        var over3Percent = [0, 0]
        for seed in 0 ..< runs {
            for (size, sessions) in [1_600, 6_400].enumerated() {
                let outcome = Self.race(truths, sessions: sessions, seed: UInt64(seed) + 7_000, budget: nil)
                Self.checkPromises(outcome, budget: nil, delta: 0.001)
                guard let shipped = outcome.choice?.shipped else { continue }
                if truths[shipped].stallRate - truths[0].stallRate > 0.001 + 1e-12 { outsideDelta[size] += 1 }
                let excess = truths[shipped].bytes / truths[Int(answer)].bytes - 1
                overAnswer[size] += excess / Double(runs)
                if excess > 0.03 { over3Percent[size] += 1 }
            }
        }
        Self.report("more sessions: 10 along a front, 1,600 then 6,400 sessions", runs: runs,
                    [("shipped outside delta at 1,600", outsideDelta[0]), ("at 6,400", outsideDelta[1]),
                     ("shipped over 3 % dearer than the truth's answer at 1,600", over3Percent[0]), ("at 6,400", over3Percent[1])])
        if ProcessInfo.processInfo.environment["DECKBENCH_RACE_RUNS"] != nil {
            print(String(format: "| more sessions: mean bytes above the truth's answer | %.1f %% at 1,600 | %.1f %% at 6,400 |",
                         100 * overAnswer[0], 100 * overAnswer[1]))
        }
        #expect(Double(outsideDelta[0] + outsideDelta[1]) <= max(8, 0.08 * Double(runs)))
        #expect(overAnswer[1] <= overAnswer[0] + 0.005)
    }

    /// The knee: a budget 0.5 % above what the best feasible candidate spends (45,300 B, 3.8 %),
    /// the next cheaper 15 % at 41 kB, dearer ones over the budget. The first line must never ship
    /// a candidate far worse than the best within the budget as the answer: it ships the right one
    /// (its bytes settled within) or says there is no confirmed answer (a choice). Counted on 1,600
    /// short sessions and on 80 long ones (a real-user corpus's shape).
    @Test func aKneeNeverHeadlinesAFarWorsePolicy() {
        let ceiling = 45_300.0 * 1.005
        let budget = TuneBudget.bytesPerNavigation(ceiling)
        let truths = [Truth(stallRate: 0.15, bytes: 41_000), Truth(stallRate: 0.038, bytes: 45_300), Truth(stallRate: 0.025, bytes: 48_000),
                      Truth(stallRate: 0.30, bytes: 30_000), Truth(stallRate: 0.02, bytes: 52_000)]
        for (name, sessions, lengths, offset) in [("knee: budget 0.5 % above the best feasible, 1,600 sessions", 1_600, 5 ... 30, 9_000),
                                                  ("knee: the same on 80 sessions of 150-210 navigations", 80, 150 ... 210, 11_000)] {
            var right = 0
            var choice = 0
            var trap = 0
            var noAnswer = 0
            for seed in 0 ..< Self.runs {
                let outcome = Self.race(truths, sessions: sessions, seed: UInt64(seed + offset), budget: budget, lengths: lengths)
                Self.checkPromises(outcome, budget: budget, delta: 0.001)
                guard let shipped = outcome.choice?.shipped else {
                    noAnswer += 1
                    continue
                }
                if outcome.knee != nil {
                    choice += 1
                } else if truths[shipped].stallRate - truths[1].stallRate > 0.001 + 1e-12 {
                    trap += 1
                } else {
                    right += 1
                }
            }
            Self.report(name, runs: Self.runs, [("shipped the best feasible", right), ("no confirmed answer (a choice)", choice),
                                                ("headlined a far worse one", trap), ("no answer", noAnswer)])
            #expect(Double(trap) <= max(8, 0.08 * Double(Self.runs)), "\(name)")
        }
    }

    private static func report(_ name: String, runs: Int, _ counts: [(String, Int)]) {
        guard ProcessInfo.processInfo.environment["DECKBENCH_RACE_RUNS"] != nil else { return }
        print("| \(name) | \(runs) | " + counts.map { "\($0.0): \($0.1) (\(String(format: "%.1f", 100 * Double($0.1) / Double(runs))) %)" }
            .joined(separator: "; ") + " |")
    }
}
