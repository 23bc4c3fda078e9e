import Foundation
import Testing
@testable import DeckBench

/// The learned policy's decision on hand-made contexts, its spec (a model path is text, never a
/// sweep list), and a hand-worked replay.
@Suite struct LearnedPolicyTests {
    /// A model of users who, after a step ahead, keep going ahead (mid-burst: two pages at a time
    /// as often as one), and otherwise step back as often as ahead.
    private static let model: StepModel = {
        var counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
        for history in StepHistory.all {
            if history.last == .next {
                counts[history.index][StepModel.outcome(ofOffset: 1)] = 900
                if history.burst { counts[history.index][StepModel.outcome(ofOffset: 2)] = 900 }
            } else {
                counts[history.index][StepModel.outcome(ofOffset: 1)] = 500
                counts[history.index][StepModel.outcome(ofOffset: -1)] = 500
            }
        }
        return StepModel(counts: counts, sessions: 100)
    }()

    private func decide(budget: Int, direction: Direction?, previous: Direction? = nil, gapMs: Int? = nil, cached: Set<Int> = [],
                        trigger: PolicyContext.Trigger = .commit) -> PolicyDecision {
        PolicyContext.withCache(trigger: trigger, current: 0, direction: direction, first: -30, last: 30, cached: cached,
                                previousDirection: previous, stepGapMs: gapMs) { context in
            var decision = PolicyDecision()
            LearnedPolicy(model: Self.model, path: "m.json", budget: budget).decide(context, into: &decision)
            return decision
        }
    }

    @Test func fetchesTheLikeliestPagesFirstAndKeepsTheBand() {
        // After a step ahead, not in a burst: +1, +2, +3 are likeliest; the band ±3 is kept.
        let ahead = decide(budget: 3, direction: .next, previous: .next, gapMs: 3_000, cached: [-1])
        #expect(ahead.requests == [1, 2, 3])
        #expect(ahead.keep.ranges == [-3 ... 3])
        // Mid-burst the model says one page or two at a time, half and half; a visit a step later
        // weighs 0.6 as much: +2 scores 0.5 + 0.6 × 0.25 = 0.65, +1 0.5, +3 0.6 × 0.5 + 0.36 ×
        // 0.125 = 0.345, +4 0.285.
        let burst = decide(budget: 3, direction: .next, previous: .next, gapMs: 400)
        #expect(burst.requests == [2, 1, 3])
        // With no direction: both sides, nearest first; a cached page is kept, not asked for.
        let still = decide(budget: 2, direction: nil, cached: [1])
        #expect(still.requests == [-1])
        #expect(still.keep.ranges == [-2 ... 2])
        // Between commits nothing is asked, and the same pages are kept.
        let later = decide(budget: 3, direction: .next, previous: .next, gapMs: 3_000, trigger: .responseArrived(page: 1))
        #expect(later.requests.isEmpty && later.keep.ranges == ahead.keep.ranges)
    }

    /// With no direction yet, at most half the budget (rounded up) goes to either side, however
    /// lopsided the model's first step: here 85 % of first steps go back, so the ranking is −1,
    /// −2, +1, −3, +2 (−2 scores 0.85 × 0.25 ≈ 0.21 plus a little, +1 0.15, −3 0.05, +2 0.04).
    @Test func withNoDirectionNeitherSideTakesMoreThanHalf() {
        var counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
        for history in StepHistory.all {
            switch history.last {
            case nil:
                counts[history.index][StepModel.outcome(ofOffset: -1)] = 8_500
                counts[history.index][StepModel.outcome(ofOffset: 1)] = 1_500
            case .some(let direction):
                counts[history.index][StepModel.outcome(ofOffset: direction.offset)] = 10_000
            }
        }
        let lopsided = StepModel(counts: counts, sessions: 1_000)
        let start = StepHistory(last: nil, before: nil, burst: false)
        #expect(Array(lopsided.rankedOffsets(after: start).prefix(5)) == [-1, -2, 1, -3, 2])
        func requests(budget: Int, direction: Direction?) -> [Int] {
            PolicyContext.withCache(trigger: .commit, current: 0, direction: direction, first: -30, last: 30, cached: []) { context in
                var decision = PolicyDecision()
                LearnedPolicy(model: lopsided, path: "m.json", budget: budget).decide(context, into: &decision)
                return decision.requests
            }
        }
        #expect(requests(budget: 4, direction: nil) == [-1, -2, 1, 2])
        #expect(requests(budget: 3, direction: nil) == [-1, -2, 1])
        #expect(requests(budget: 5, direction: nil) == [-1, -2, 1, -3, 2])
        // Once the user has a direction, the budget goes where the model says.
        #expect(requests(budget: 4, direction: .prev) == [-1, -2, -3, -4])
    }

    @Test func aPagePickedBeyondTheBandIsKeptWithIt() {
        // Budget 1 mid-burst: the likeliest page may be +2, outside the band ±1: kept as well.
        let decision = decide(budget: 1, direction: .next, previous: .next, gapMs: 400)
        let page = try! #require(decision.requests.first)
        #expect(decision.keep.contains(page) && decision.keep.contains(-1) && decision.keep.contains(1))
    }

    @Test func theModelIsATextValueAndTheBudgetSweeps() throws {
        let fixtures = Fixtures()
        let folder = fixtures.path("models/v1")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/m.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(StepModelFile.encoded(Self.model)))
        let policies = try PolicySweep.expand("learned:model=\(path),budget=2..4")
        #expect(policies.map(\.spec) == (2 ... 4).map { "learned:model=\(path),budget=\($0)" })
        // One read of the file for the whole sweep.
        let models = policies.compactMap { ($0 as? LearnedPolicy)?.model }
        #expect(models.count == 3 && models.allSatisfy { $0 === models[0] })
        #expect(throws: SpecError.missingKey(what: "policy", name: "learned", key: "model",
                                             meaning: "a step model file written by `deckbench learn RECORDINGS --out FILE`")) {
            try PolicyRegistry.parse("learned:budget=3")
        }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse("learned:model=\(folder)/missing.json") }
    }

    /// Hand-worked on the exact network (round trip 100 ms, nothing else): a user taps ahead at
    /// t = 1 s and 3 s, then back at 5 s. With the model above and budget 2: at t = 0 (no
    /// direction) the app asks for 0 (demand), the policy for 1 and −1 (a tie, ahead first); they
    /// arrive at 100. The tap to 1 at 1 s finds it cached (no stall); after a step ahead the
    /// likeliest are +1 and +2: the policy asks 2 and 3 (arrive at 1,100), and keeps −1 … 3 (the
    /// band ±2). The tap to 2 at 3 s: cached; the policy asks 4 (3 is cached); −1 leaves the band
    /// 0 … 4 and is dropped. The tap back to 1 at 5 s: 1 is within the band, cached, no stall;
    /// after a step back the likeliest are 2 and 0, both cached: nothing asked. Three navigations,
    /// no stall, five prefetches.
    @Test func aHandWorkedSession() {
        let session = scenario(
            #"{"v":1,"session":"learned","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"tap","dir":"next"}"#,
            #"{"t":5000,"e":"tap","dir":"prev"}"#,
            #"{"t":6000,"e":"end"}"#)
        let (m, _) = replay(session, LearnedPolicy(model: Self.model, path: "m.json", budget: 2))
        #expect(m.navigations == 3)
        #expect(m.stalls == 0)
        #expect(m.prefetches == 5)
    }

    /// Hand-worked mid-burst, budget 1, on the exact network. At t = 0 (no direction) the policy
    /// asks for 1 (a tie with −1, ahead first); it arrives at 100. Taps ahead at 1,000 (to 1:
    /// cached), 1,400 (to 2) and 1,600 (to 3). After the first tap the history is "after next, no
    /// burst" (one commit only): the likeliest page is +1, so 2 is asked for (arrives 1,100: the
    /// tap at 1,400 finds it). That tap comes 400 ms after the one before: mid-burst, where the
    /// model has one page or two at a time, half and half, so +2 outranks +1 (0.65 against 0.5):
    /// the policy asks for 4, not 3. The tap to 3 at 1,600 finds nothing: a miss, 3 asked for on
    /// demand, arriving at 1,700 — a 100 ms stall; the commit asks for 5. Three navigations, one
    /// stall of 100 ms, four prefetches (1, 2, 4, 5), of which 1 and 2 were useful.
    @Test func aHandWorkedBurst() {
        let session = scenario(
            #"{"v":1,"session":"burst","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":1400,"e":"tap","dir":"next"}"#,
            #"{"t":1600,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, LearnedPolicy(model: Self.model, path: "m.json", budget: 1))
        #expect(m.navigations == 3)
        #expect(m.stalls == 1 && m.missStalls == 1)
        #expect(m.stallMsTotal == 100)
        #expect(m.prefetches == 4)
        #expect(m.usefulPrefetches == 2)
    }
}
