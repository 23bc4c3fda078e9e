import Testing
@testable import DeckBench

/// Hand-worked replays of gestures: drags that end without a commit, and gestures that overlap in
/// time (data/README.md, "How events become navigations"). The exact network (RTT 100 ms, no
/// jitter, unlimited connections, no transfer time) unless a test says otherwise.
@Suite struct GestureScenarioTests {
    @Test func pageDraggedInByACancelledSwipeIsDroppedWhenTheDragEnds() {
        // ondemand: t=0 page 0 (arrives 100). t=1000 a swipe towards 1 is let go: blank drag,
        // demand for 1 → 1100, kept while dragged. t=1300 the drag ends: the policy decides again
        // and ondemand keeps only the shown page, so 1 is dropped. t=3000 tap next: 1 has no data
        // → miss stall, demand → 3100: 100 ms. Revalidation skipped (in flight). 3 requests.
        let session = scenario(
            #"{"v":1,"session":"drag","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":300,"cancel":true}"#,
            #"{"t":3000,"e":"tap","dir":"next"}"#,
            #"{"t":5000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy())
        #expect(m.blankDrags == 1)
        #expect(m.navigations == 1)
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.stallMsTotal == 100)
        #expect(m.requests == 3)
        #expect(m.peakCachedPages == 2)
    }

    @Test func anUnrelatedCancelledSwipeChangesNothingForTheFirst() {
        // As above, plus a cancelled swipe towards -1 at 2000 (dur 300): a second blank drag and a
        // demand for -1 (→ 2100, dropped at 2300). Page 1 was dropped at 1300 all the same: the
        // tap at 3000 still stalls 100 ms. 4 requests.
        let session = scenario(
            #"{"v":1,"session":"drag2","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":300,"cancel":true}"#,
            #"{"t":2000,"e":"swipe","dir":"prev","dur":300,"cancel":true}"#,
            #"{"t":3000,"e":"tap","dir":"next"}"#,
            #"{"t":5000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy())
        #expect(m.blankDrags == 2)
        #expect(m.navigations == 1)
        #expect(m.stalls == 1)
        #expect(m.stallMsTotal == 100)
        #expect(m.requests == 4)
    }

    @Test func jumpToTheShownPageDuringASwipeIsNoNavigation() {
        // fixed radius 1: t=0 pages 0, 1, -1 (arrive at 100). t=1000 a swipe towards 1 starts
        // (1 cached: its prefetch is useful). t=1100 a jump to 0, the page still shown: it commits
        // at once to the shown page, so it is no navigation, and it is the newest gesture. t=1300
        // the swipe would commit to 1, but the user has moved past it (the jump came later):
        // superseded, no navigation; the drag of 1 ends and 1 stays in the window -1…1.
        // No navigation, no revalidation: 3 requests; -1's prefetch never needed (wasted).
        let session = scenario(
            #"{"v":1,"session":"jump-back","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":1100,"e":"jump","page":0}"#,
            #"{"t":2000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.navigations == 0)
        #expect(m.stalls == 0)
        #expect(m.requests == 3)
        #expect(m.resets == 0)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 1)
        #expect(inspectedNavigations(session) == 0)
    }

    @Test func overlappingSwipesNeverCommitOutOfOrder() {
        // fixed radius 1: t=0 pages 0, 1, -1 (arrive at 100).
        // t=1000 swipe A towards 1 (500 ms: commits at 1500); 1 is cached (useful).
        // t=1100 swipe B from the page the user is heading for, 1, towards 2 (100 ms: commits at
        //   1200). 2 has neither data nor a request: miss, demand 1100 → 1200.
        // t=1200: 2's response (its request started at 1100, before B's commit was scheduled)
        //   arrives first, then B commits 0 → 2: one navigation, stalled 100 ms. Revalidation of 2
        //   → 1300 (a needless reset). Window 1…3: 0 and -1 dropped (-1's prefetch wasted), 3
        //   prefetched.
        // t=1500 A would commit to 1, but B, a later gesture, has committed: superseded, no
        //   navigation; the pager stays on 2 (not 0 → 2 → 1).
        // End 2000: 3 never needed (wasted). Requests: 0, 1, -1, 2, 2 again, 3.
        let session = scenario(
            #"{"v":1,"session":"overlap","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":500}"#,
            #"{"t":1100,"e":"swipe","dir":"next","dur":100}"#,
            #"{"t":2000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.navigations == 1)
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.stallMsTotal == 100)
        #expect(m.requests == 6)
        #expect(m.prefetches == 3)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 2)
        #expect(m.resets == 1)
        #expect(m.needlessResets == 1)
        #expect(inspectedNavigations(session) == 1)
    }

    @Test func overlappingSwipesThatCommitInOrderAreTwoNavigations() {
        // A towards 1 at 1000 (commits 1300), B towards 2 at 1100 (commits 1400): in order, so
        // 0 → 1 → 2, two navigations, as inspect counts them.
        let session = scenario(
            #"{"v":1,"session":"in-order","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":1100,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":2000,"e":"end"}"#)
        #expect(replay(session, OnDemandPolicy()).metrics.navigations == 2)
        #expect(inspectedNavigations(session) == 2)
    }

    private func inspectedNavigations(_ session: Session) -> Int {
        var summary = RecordingSummary()
        summary.add(session)
        return summary.navigations
    }
}
