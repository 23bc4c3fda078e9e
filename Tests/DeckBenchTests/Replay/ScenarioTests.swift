import Testing
@testable import DeckBench

/// Hand-worked replays on the exact network (RTT 100 ms, no jitter, unlimited connections, no
/// transfer time) unless a test says otherwise. Each test writes the reasoning out.
@Suite struct ScenarioTests {
    @Test func swipeWhoseTargetArrivesMidGestureIsALateStall() {
        // t=0: 0 demand; 1 and -1 prefetched; all arrive at 100.
        // t=1000 tap next: 1 cached (useful, covered). Revalidation of 1 → 1100. Window 0…2:
        //   -1 dropped (wasted), 2 prefetched → 1100.
        // t=1050 swipe next (300 ms): 2 is in flight → late stall; it arrives at 1100, mid-gesture;
        //   the swipe commits at 1350: stall 1100 - 1050 = 50 ms. Revalidation of 2 → 1450;
        //   window 1…3: 0 dropped (not a prefetch), 3 prefetched → 1450, never needed (wasted).
        // Resets: revalidations of 1 (1100) and 2 (1450), both identical: 2 needless.
        let session = scenario(
            #"{"v":1,"session":"late","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":1050,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":5000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.navigations == 2)
        #expect(m.stalls == 1)
        #expect(m.lateStalls == 1)
        #expect(m.missStalls == 0)
        #expect(m.abandonedStalls == 0)
        #expect(m.stallMsTotal == 50)
        #expect(m.requests == 7)
        #expect(m.prefetches == 4)
        #expect(m.usefulPrefetches == 2)
        #expect(m.wastedPrefetches == 2)
        #expect(m.coverage == 0.5)
        #expect(m.resets == 2)
        #expect(m.needlessResets == 2)
        #expect(m.peakCachedPages == 3)
    }

    @Test func cancelledSwipeOntoAMissingPageIsABlankDrag() {
        // ondemand: t=0 page 0 (arrives 100). t=1000 a swipe towards 1 is let go: 1 has no data →
        // blank drag, and the app asks for it (a need time) → arrives 1100 while it is being
        // dragged (until 1200), so it is kept. No navigation, no stall.
        let session = scenario(
            #"{"v":1,"session":"blank","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":200,"cancel":true}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy())
        #expect(m.blankDrags == 1)
        #expect(m.navigations == 0)
        #expect(m.stalls == 0)
        #expect(m.requests == 2)
        #expect(m.bytes == 40_000)
    }

    @Test func stepPastTheLastPageIsABounce() {
        // The last page is 0: a tap next bounces. fixed radius 1 at t=0 keeps -1…0: one prefetch.
        let session = scenario(
            #"{"v":1,"session":"edge","page":0,"first":-5,"last":0}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"swipe","dir":"next","dur":250}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.bounces == 2)
        #expect(m.navigations == 0)
        #expect(m.stalls == 0)
        #expect(m.requests == 2)
        #expect(m.prefetches == 1)
        #expect(m.wastedPrefetches == 1)
    }

    @Test func jumpFarAwayMakesDirectionalSymmetricAgain() {
        // directional behind=1, ahead=2.
        // t=0, no direction yet: symmetric -1…1 → prefetch 1, -1.
        // t=1000 tap next → 1, direction next: 0…3 → prefetch 2, 3; -1 dropped (wasted).
        // t=2000 jump to -50: miss stall (demand, arrives 2100); a jump has no direction, so the
        //   window is symmetric -51…-49 (asymmetric would be -51…-48): prefetch -49, -51;
        //   0, 1, 2, 3 dropped (2 and 3 wasted; 1 was useful).
        // End at 3000: -49 and -51 never needed (wasted).
        let session = scenario(
            #"{"v":1,"session":"jump","page":0,"first":-100,"last":100}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"jump","page":-50}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, DirectionalPolicy(behind: 1, ahead: 2))
        #expect(m.navigations == 2)
        #expect(m.prefetches == 6)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 5)
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.stallMsTotal == 100)
        // 0 (demand), 1, -1, 1 (revalidation), 2, 3, -50 (demand), -49, -51.
        #expect(m.requests == 9)
    }

    @Test func stagedPolicyWaitsForTheCurrentPageOnOneConnection() {
        // One connection. t=0: page 0 demand (0 → 100); the current page's stage is in flight,
        // so nothing else is asked for yet.
        // t=100: 0 arrives; stage 1: 1 (next first), then -1 → 1 runs 100 → 200, -1 waits.
        // t=150 tap next: 1 is in flight → late stall. Stage 0 (page 1) is in flight: wait.
        // t=200: 1 arrives → stall 50 ms (it would be 0 had 1 been asked for at t=0). -1 starts
        //   (200 → 300). Stage 1 around 1: 2 and 0; 0 cached, 2 requested, waits for the slot.
        // t=300: -1 arrives (kept: in the window -1…3); 2 runs 300 → 400.
        // t=400: 2 arrives: stage 1 done; stage 2: 3 (and -1, cached) → 400 → 500.
        let network = try! NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=1,server_ms=0")
        let session = scenario(
            #"{"v":1,"session":"staged","page":0,"first":-10,"last":10}"#,
            #"{"t":150,"e":"tap","dir":"next"}"#,
            #"{"t":1000,"e":"end"}"#)
        let (m, _) = replay(session, StagedPolicy(radius: 2), network: network)
        #expect(m.firstLoadMs == 100)
        #expect(m.stalls == 1)
        #expect(m.lateStalls == 1)
        #expect(m.stallMsTotal == 50)
        #expect(m.requests == 5)
        #expect(m.prefetches == 4)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 3)
        #expect(m.resets == 0)
        #expect(m.peakCachedPages == 5)
    }

    @Test func staleUpdateCountsTheListDifference() {
        // Page 0 holds items [0, 1, 2]; at 500 ms item 1 is replaced by item 10: [0, 10, 2].
        // fixed radius 1 (pages 0…5): t=0 page 0 (v0) and 1 arrive at 100.
        // t=1000 tap next: revalidation of 1 → needless reset at 1100.
        // t=2000 tap prev: 0 is cached (v0); its revalidation reaches the server at 2050 (v1) and
        //   arrives at 2100 while shown: a stale update; the difference removes 1 and inserts 10:
        //   diff_ops 2.
        let history = PageHistory(initialItems: 3, changes: [(500_000, .replace(at: 1, id: 10))])
        let session = scenario(
            #"{"v":1,"session":"stale","page":0,"first":0,"last":5}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"tap","dir":"prev"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, summary) = replay(session, FixedPolicy(radius: 1), scripted: [0: history])
        #expect(m.resets == 2)
        #expect(m.needlessResets == 1)
        #expect(m.staleUpdates == 1)
        #expect(m.diffOpsTotal == 2)
        #expect(summary.diffOps.max == 2)
        #expect(m.disruptiveResets == 0)
    }

    @Test func resetWithIdenticalContentIsNeedlessWhateverTheVersion() {
        // Page 0 holds [0, 1, 2]; at 300 ms item 10 is inserted in front, at 500 ms it is deleted
        // again: version 2 holds [0, 1, 2], the very list of version 0.
        // fixed radius 1 (pages 0…5), as in staleUpdateCountsTheListDifference: t=0 page 0 (v0);
        // t=1000 tap next, the revalidation of 1 resets it at 1100 (same version: needless);
        // t=2000 tap prev: the revalidation of 0 reaches the server at 2050 (v2) and arrives at
        // 2100 while 0 shows v0: a list difference of 0 operations, so a needless reset, not a
        // stale update.
        let history = PageHistory(initialItems: 3, changes: [(300_000, .insert(at: 0, id: 10)), (500_000, .delete(at: 0))])
        let session = scenario(
            #"{"v":1,"session":"same","page":0,"first":0,"last":5}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"tap","dir":"prev"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, summary) = replay(session, FixedPolicy(radius: 1), scripted: [0: history])
        #expect(m.resets == 2)
        #expect(m.needlessResets == 2)
        #expect(m.staleUpdates == 0)
        #expect(m.diffOpsTotal == 0)
        #expect(summary.diffOps.count == 0)
    }

    @Test func resetAfterAScrollIsDisruptive() {
        // fixed radius 1: t=1000 tap next; the revalidation of 1 arrives at 1100, after the user
        // scrolled page 1 at 1050: a needless and disruptive reset.
        let session = scenario(
            #"{"v":1,"session":"scroll","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":1050,"e":"scroll","y":300}"#,
            #"{"t":2000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.resets == 1)
        #expect(m.needlessResets == 1)
        #expect(m.disruptiveResets == 1)
    }

    @Test func stallAbandonedByNavigatingAway() {
        // ondemand, RTT 1000 ms. t=0 page 0 → 1000 (first load 1000).
        // t=2000 tap next: 1 → 3000, stall. t=2400 tap next: the user leaves 1 after 400 ms
        //   (abandoned); 2 → 3400: stall 1000 ms. 1's response at 3000 is discarded.
        let network = try! NetworkModel.parse("lte:rtt_ms=1000,jitter=0,downlink_kbps=0,connections=0,server_ms=0")
        let session = scenario(
            #"{"v":1,"session":"away","page":0,"first":-10,"last":10}"#,
            #"{"t":2000,"e":"tap","dir":"next"}"#,
            #"{"t":2400,"e":"tap","dir":"next"}"#,
            #"{"t":5000,"e":"end"}"#)
        let (m, summary) = replay(session, OnDemandPolicy(), network: network)
        #expect(m.firstLoadMs == 1_000)
        #expect(m.navigations == 2)
        #expect(m.stalls == 2)
        #expect(m.missStalls == 2)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 1_400)
        #expect(m.stallMsMax == 1_000)
        #expect(m.requests == 3)
        #expect(m.bytes == 60_000)
        #expect(summary.stallMsPerNavigation.count == 2)
    }

    @Test func sessionEndAbandonsAnOpenStallAndDropsResponsesInFlight() {
        // ondemand, RTT 1000 ms: the tap at 1500 stalls; the session ends at 2000 (its last
        // event): the stall is abandoned after 500 ms and the response due at 2500 counts nowhere.
        let network = try! NetworkModel.parse("lte:rtt_ms=1000,jitter=0,downlink_kbps=0,connections=0,server_ms=0")
        let session = scenario(
            #"{"v":1,"session":"end","page":0,"first":-10,"last":10}"#,
            #"{"t":1500,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"scroll","y":10}"#)
        let (m, _) = replay(session, OnDemandPolicy(), network: network)
        #expect(m.stalls == 1)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 500)
        #expect(m.bytes == 20_000)
    }

    @Test func dataLandingAtTheMomentOfATapIsThereForTheTap() {
        // fixed radius 1: prefetch of 1 arrives at exactly 100; the tap at 100 finds it cached.
        let session = scenario(
            #"{"v":1,"session":"tie","page":0,"first":-10,"last":10}"#,
            #"{"t":100,"e":"tap","dir":"next"}"#,
            #"{"t":1000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.stalls == 0)
        #expect(m.coverage == 1)
    }

    @Test func sharedDownlinkSplitsBandwidthFairly() {
        // 80 kbit/s = 10,000 bytes/s; pages of 10 items × 100 bytes = 1,000 bytes (100 ms alone).
        // RTT 100 ms: up 50, down 50. fixed radius 1 at t=0: 0, 1, -1 all reach the server at 50
        // and share the link: 3 × 1000 bytes at 10,000 bytes/s = 300 ms → all done at 350,
        // arrive at 400. First load 400 (alone it would be 200).
        let network = try! NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=80,connections=0,server_ms=0")
        let settings = ReplaySettings(seed: 1, content: ContentModel(items: 10, itemBytes: 100, churnPerHour: 0), bootstrap: 0)
        let session = scenario(#"{"v":1,"session":"bw","page":0,"first":-10,"last":10}"#, #"{"t":1000,"e":"end"}"#)
        #expect(replay(session, FixedPolicy(radius: 1), network: network, settings: settings).metrics.firstLoadMs == 400)
        #expect(replay(session, OnDemandPolicy(), network: network, settings: settings).metrics.firstLoadMs == 200)
    }

    @Test func maxAgeSkipsRevalidationOfAFreshCopy() {
        // As the worked example, with --max-age-ms 5000: page 1's copy (from 100) is 900 ms old
        // at the tap, so no revalidation and no reset: 4 requests.
        let session = scenario(
            #"{"v":1,"session":"w","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":5000,"e":"end"}"#)
        var settings = stillContent
        settings.maxAgeMs = 5_000
        let (m, _) = replay(session, FixedPolicy(radius: 1), settings: settings)
        #expect(m.resets == 0)
        #expect(m.requests == 4)
    }

    @Test func samePageSameRoundTripForEveryPolicy() {
        // Common random numbers: with jitter, the first load (page 0's first request) takes the
        // same time under every policy on the same session.
        let network = try! NetworkModel.parse("lte:rtt_ms=150,jitter=0.5,downlink_kbps=0,connections=0")
        let session = scenario(#"{"v":1,"session":"crn","page":0,"first":-10,"last":10}"#, #"{"t":5000,"e":"end"}"#)
        let loads = Set(PolicyRegistry.defaults.map { policy in
            func run(_ policy: some PrefetchPolicy) -> Int? { replay(session, policy, network: network).metrics.firstLoadMs }
            return run(policy)
        })
        #expect(loads.count == 1)
        #expect(loads.first != 150)
    }
}
