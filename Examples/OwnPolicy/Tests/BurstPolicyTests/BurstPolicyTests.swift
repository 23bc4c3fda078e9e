import BurstPolicy
import DeckBench
import Testing

/// BurstPolicy's decisions on hand-made contexts (page 0 shown, pages −10…10), worked out by hand.
@Suite struct BurstPolicyTests {
    private func decide(_ policy: BurstPolicy = BurstPolicy(), trigger: PolicyContext.Trigger = .commit, direction: Direction? = .next,
                        stepGapMs: Int?, cached: Set<Int> = []) -> PolicyDecision {
        PolicyContext.withCache(trigger: trigger, current: 0, direction: direction, first: -10, last: 10, cached: cached,
                                stepGapMs: stepGapMs) { context in
            var decision = PolicyDecision()
            policy.decide(context, into: &decision)
            return decision
        }
    }

    @Test func aBurstWidensTheWindowAheadUpToItsLongestGap() {
        // Gap 700 ms is a burst (the boundary itself): −1…5, nearest first, ahead first at equal distance.
        #expect(decide(stepGapMs: 700).requests == [1, -1, 2, 3, 4, 5])
        #expect(decide(stepGapMs: 700).keep.ranges == [-1 ... 5])
        // 701 ms is not: −1…2.
        #expect(decide(stepGapMs: 701).requests == [1, -1, 2])
        // Travelling towards earlier pages, "ahead" is below the shown page: −5…1.
        #expect(decide(direction: .prev, stepGapMs: 100).requests == [-1, 1, -2, -3, -4, -5])
    }

    @Test func beforeAStepTheWindowIsSymmetricAndNoGapIsNoBurst() {
        #expect(decide(direction: nil, stepGapMs: nil).requests == [1, -1])
        #expect(decide(stepGapMs: nil).requests == [1, -1, 2])
    }

    @Test func itRequestsOnlyWhatIsMissingAndOnlyAtACommit() {
        #expect(decide(stepGapMs: 900, cached: [1, 2]).requests == [-1])
        let afterResponse = decide(trigger: .responseArrived(page: 3), stepGapMs: 900)
        #expect(afterResponse.requests.isEmpty && afterResponse.keep.ranges == [-1 ... 2])
    }
}
