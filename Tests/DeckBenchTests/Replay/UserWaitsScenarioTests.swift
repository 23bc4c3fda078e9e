import Testing
@testable import DeckBench

/// Closed-loop replay (`--user-waits`) against open-loop, worked by hand on the exact network of the scenario tests
/// (100 ms round trips, unlimited connections, no transfer time, content that never changes).
@Suite struct UserWaitsScenarioTests {
    private var closedLoop: ReplaySettings {
        var settings = stillContent
        settings.userWaits = true
        return settings
    }

    @Test func aUserWhoWaitsActsLaterInsteadOfLeavingThePage() {
        // ondemand; taps at 1000 and 1050, end at 2000.
        // Open-loop: t=1000 → 1 has no data: demand (→ 1100), stall. t=1050 → 2: the user leaves 1
        //   (stall abandoned after 50 ms, 50 ms of added wait), demand 2 (→ 1150): stall 100 ms,
        //   100 ms of added wait. 1's response at 1100 is discarded. Session 2000 ms.
        // Closed-loop: t=1000 → 1, stall; the user waits until 1's data at 1100 (100 ms: every
        //   later event moves 100 ms). t=1150 → 2: demand (→ 1250), stall 100 ms; everything moves
        //   200 ms. End at 2200.
        let session = scenario(
            #"{"v":1,"session":"wait","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":1050,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"end"}"#)
        let open = replay(session, OnDemandPolicy()).metrics
        #expect(open.stalls == 2)
        #expect(open.abandonedStalls == 1)
        #expect(open.stallMsTotal == 150)
        #expect(open.addedWaitMs == 150)
        #expect(open.sessionMs == 2000)
        let closed = replay(session, OnDemandPolicy(), settings: closedLoop).metrics
        #expect(closed.stalls == 2)
        #expect(closed.abandonedStalls == 0)
        #expect(closed.stallMsTotal == 200)
        #expect(closed.addedWaitMs == 200)
        #expect(closed.sessionMs == 2200)
        #expect(closed.requests == 3)
        #expect(closed.bytes == open.bytes)
    }

    @Test func onlyTheWaitAfterASwipeEndsHoldsTheUserBack() {
        // ondemand; a 60 ms swipe at 1000 (need 1000, commit 1060), a tap at 2000, end at 3000.
        // The swipe's target is asked for at 1000 (→ 1100): a 100 ms stall, of which the 40 ms
        // after the commit are added wait. The tap at 2000 (closed-loop: 2040) waits 100 ms.
        let session = scenario(
            #"{"v":1,"session":"swipe","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":60}"#,
            #"{"t":2000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let open = replay(session, OnDemandPolicy()).metrics
        #expect(open.stallMsTotal == 200)
        #expect(open.addedWaitMs == 140)
        #expect(open.sessionMs == 3000)
        let closed = replay(session, OnDemandPolicy(), settings: closedLoop).metrics
        #expect(closed.stallMsTotal == 200)
        #expect(closed.addedWaitMs == 140)
        #expect(closed.sessionMs == 3140)
    }

    @Test func whileTheUserWaitsThePolicysPrefetchesLand() {
        // fixed radius 1; a jump to 10 at 1000, a tap next at 1050, end at 2000.
        // t=0: 0 (demand), 1, -1 (prefetch) → 100. t=1000 jump → 10: miss stall, demand 10; the
        //   window 9…11 drops 1 and -1 (wasted) and asks for 11, 9 (all → 1100).
        // Open-loop: t=1050 → 11, in flight: a late stall (the prefetch is useful); 10's stall is
        //   abandoned after 50 ms. The window 10…12 asks for 12 (→ 1150); 9 lands at 1100 outside
        //   it (discarded, wasted); 11 lands at 1100: 50 ms. 12 never needed (wasted). Stalls 2,
        //   stall time 100 ms, added wait 100 ms, requests 7, no reset.
        // Closed-loop: the user waits for 10 until 1100 (100 ms); 11 and 9 land at 1100 too.
        //   t=1150 → 11 is cached: no stall; its revalidation (→ 1250) resets it (needless). The
        //   window drops 9 (wasted) and asks for 12 (never needed: wasted). Stalls 1, stall time
        //   100 ms, added wait 100 ms, requests 8, end at 2100.
        let session = scenario(
            #"{"v":1,"session":"prefetch","page":0,"first":-20,"last":20}"#,
            #"{"t":1000,"e":"jump","page":10}"#,
            #"{"t":1050,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"end"}"#)
        let open = replay(session, FixedPolicy(radius: 1)).metrics
        #expect(open.stalls == 2)
        #expect(open.lateStalls == 1)
        #expect(open.abandonedStalls == 1)
        #expect(open.stallMsTotal == 100)
        #expect(open.addedWaitMs == 100)
        #expect(open.requests == 7)
        #expect(open.resets == 0)
        #expect(open.usefulPrefetches == 1)
        #expect(open.wastedPrefetches == 4)
        let closed = replay(session, FixedPolicy(radius: 1), settings: closedLoop).metrics
        #expect(closed.stalls == 1)
        #expect(closed.missStalls == 1)
        #expect(closed.abandonedStalls == 0)
        #expect(closed.stallMsTotal == 100)
        #expect(closed.addedWaitMs == 100)
        #expect(closed.requests == 8)
        #expect(closed.resets == 1)
        #expect(closed.needlessResets == 1)
        #expect(closed.usefulPrefetches == 1)
        #expect(closed.coveredNavigations == 1)
        #expect(closed.wastedPrefetches == 4)
        #expect(closed.sessionMs == 2100)
    }

    @Test func aUserWaitsUntilTheAppGivesUp() {
        // Every request lost, 1 s timeouts. ondemand; a tap at 100, end at 3000.
        // Page 1 is asked for at 100 and again after each timeout (retries 500 ms, 1, 2, 4, 8 s
        // later): sent at 100, 1600, 3600, 6600, 11600, 20600; the last times out at 21600 and
        // nothing more is scheduled. Open-loop the user leaves at 3000: the stall is abandoned
        // after 2900 ms, one retry sent (at 1600). Closed-loop the user waits until the app gives
        // up at 21600: a 21500 ms abandoned stall, and the session ends at 3000 + 21500.
        let lossy = try! NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,server_ms=0,loss=1,timeout_ms=1000")
        let session = scenario(
            #"{"v":1,"session":"lost","page":0,"first":-10,"last":10}"#,
            #"{"t":100,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let open = replay(session, OnDemandPolicy(), network: lossy).metrics
        #expect(open.abandonedStalls == 1)
        #expect(open.stallMsTotal == 2900)
        #expect(open.addedWaitMs == 2900)
        #expect(open.retries == 1)
        #expect(open.sessionMs == 3000)
        let closed = replay(session, OnDemandPolicy(), network: lossy, settings: closedLoop).metrics
        #expect(closed.abandonedStalls == 1)
        #expect(closed.stallMsTotal == 21500)
        #expect(closed.addedWaitMs == 21500)
        #expect(closed.retries == 5)
        #expect(closed.failedRequests == 7)
        #expect(closed.sessionMs == 24500)
    }
}
