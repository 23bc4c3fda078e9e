import DeckBench
import Testing

/// A policy's `decide` tested the way an author outside the library can: with the public API only
/// (this target does not import the library `@testable`).
@Suite struct PolicyAuthorTests {
    private func decide(_ policy: some PrefetchPolicy, cached: Set<Int> = [], inFlight: Set<Int> = [],
                        direction: Direction? = nil) -> PolicyDecision {
        PolicyContext.withCache(trigger: .commit, current: 0, direction: direction, first: -10, last: 10, cached: cached,
                                inFlight: inFlight) { context in
            var decision = PolicyDecision()
            policy.decide(context, into: &decision)
            return decision
        }
    }

    @Test func fixedAsksForWhatIsNeitherCachedNorInFlightNextSideFirst() {
        #expect(decide(FixedPolicy(radius: 2)).requests == [1, -1, 2, -2])
        #expect(decide(FixedPolicy(radius: 2), cached: [1], inFlight: [-2]).requests == [-1, 2])
        #expect(decide(FixedPolicy(radius: 2), direction: .prev).requests == [-1, 1, -2, 2])
        #expect(decide(FixedPolicy(radius: 2)).keep.contains(2) && !decide(FixedPolicy(radius: 2)).keep.contains(3))
    }

    @Test func directionalKeepsMoreAhead() {
        let decision = decide(DirectionalPolicy(behind: 1, ahead: 3), direction: .next)
        #expect(decision.requests == [1, -1, 2, 3])
        #expect(decision.keep.contains(3) && !decision.keep.contains(-2))
    }
}
