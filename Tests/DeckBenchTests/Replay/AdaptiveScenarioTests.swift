import Testing
@testable import DeckBench

/// `adaptive` in the replay, worked by hand on the exact network of the scenario tests (100 ms round trips,
/// unlimited connections, no transfer time, content that never changes).
@Suite struct AdaptiveScenarioTests {
    @Test func theWindowFollowsTheStepsOfTheSession() {
        // adaptive budget 4, flat prior Beta(1, 1).
        // t=0, no step yet: 2 on each side, -2…2: demand 0, prefetch 1, -1, 2, -2 (all → 100).
        // t=1000 tap next → 1: cached by a prefetch (useful). Revalidate 1 (→ 1100, a needless
        //   reset). First step, nothing to compare: p = 1/2, 2 ahead, 2 behind: -1…3. -2 dropped
        //   (wasted); prefetch 3.
        // t=2000 tap next → 2 (useful). Same way: p = 2/3, 4 × 2/3 = 2.67 → 3 ahead, 1 behind:
        //   1…5. -1 dropped (wasted), 0 dropped; prefetch 4, 5.
        // t=3000 tap prev → 1 (its revalidated copy). Reversed: p = 2/4, 2 and 2; along prev:
        //   -1…3. 4, 5 dropped (wasted); prefetch 0, -1 (nearest first, prev side first).
        // t=4000 tap prev → 0 (useful). Same way: p = 3/5, 4 × 0.6 = 2.4 → 2 and 2: -2…2.
        //   3 dropped (wasted); prefetch -2.
        // End at 5000: -1 and -2 never needed (wasted).
        let session = scenario(
            #"{"v":1,"session":"turns","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"tap","dir":"prev"}"#,
            #"{"t":4000,"e":"tap","dir":"prev"}"#,
            #"{"t":5000,"e":"end"}"#)
        let (m, _) = replay(session, AdaptivePolicy(budget: 4, priorSame: 1, priorReversed: 1))
        #expect(m.navigations == 4)
        #expect(m.stalls == 0)
        #expect(m.prefetches == 10)
        #expect(m.usefulPrefetches == 3)
        #expect(m.wastedPrefetches == 7)
        #expect(m.coveredNavigations == 3)
        // 0 (demand), 10 prefetches, 4 revalidations of the shown page.
        #expect(m.requests == 15)
        #expect(m.resets == 4)
        #expect(m.needlessResets == 4)
        #expect(m.peakCachedPages == 5)
    }

    @Test func aJumpBreaksTheChainOfStepsButNotWhatWasLearnt() {
        // adaptive budget 4, flat prior.
        // t=0: -2…2: demand 0, prefetch 1, -1, 2, -2.
        // t=1000 tap next → 1 (useful); p = 1/2: -1…3; -2 dropped (wasted), prefetch 3.
        // t=2000 jump to 50: miss stall, demand 50 (→ 2100: 100 ms). No direction: 48…52; -1, 2,
        //   3 dropped (wasted), 0 and 1 dropped; prefetch 51, 49, 52, 48.
        // t=3000 tap prev → 49 (useful). The step before it was the jump: nothing to compare, so
        //   p stays 1/2 (compared with the tap next it would be 1/3: 1 ahead, 3 behind, 48…52,
        //   nothing to ask): along prev 47…51; 52 dropped (wasted), prefetch 47.
        // End at 4000: 51, 48 and 47 never needed (wasted).
        let session = scenario(
            #"{"v":1,"session":"jump","page":0,"first":-100,"last":100}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"jump","page":50}"#,
            #"{"t":3000,"e":"tap","dir":"prev"}"#,
            #"{"t":4000,"e":"end"}"#)
        let (m, _) = replay(session, AdaptivePolicy(budget: 4, priorSame: 1, priorReversed: 1))
        #expect(m.navigations == 3)
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.stallMsTotal == 100)
        #expect(m.prefetches == 10)
        #expect(m.usefulPrefetches == 2)
        #expect(m.wastedPrefetches == 8)
        // 0, 50 (demand), 10 prefetches, revalidations of 1 and 49 (50's demand was in flight).
        #expect(m.requests == 14)
    }
}
