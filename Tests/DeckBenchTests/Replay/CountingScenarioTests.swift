import Testing
@testable import DeckBench

/// How blank drags and stall sums are counted, on sessions worked by hand.
@Suite struct CountingScenarioTests {
    /// ondemand, RTT 100 ms. t=1000 swipe next (500 ms): 1 has no data, its demand goes out.
    /// t=1200 tap next: heading for 2, it commits at once (miss stall until 1300). t=1500 the
    /// swipe completes but was overtaken by the tap: no navigation, and since its page had no
    /// data when the drag began, a blank drag.
    @Test func aSupersededSwipeWithoutDataIsABlankDrag() {
        let session = scenario(
            #"{"v":1,"session":"b","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"swipe","dir":"next","dur":500}"#,
            #"{"t":1200,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (blank, _) = replay(session, OnDemandPolicy())
        #expect(blank.navigations == 1)
        #expect(blank.stalls == 1 && blank.stallMsTotal == 100)
        #expect(blank.blankDrags == 1)
        #expect(blank.requests == 3)
        // fixed radius 1 had 1 cached since 100: the drag showed it, not a blank page.
        let (covered, _) = replay(session, FixedPolicy(radius: 1))
        #expect(covered.navigations == 1)
        #expect(covered.blankDrags == 0)
    }

    /// RTT 255.4 ms, ondemand: three taps each stall 255.4 ms. Each stall in the distribution
    /// is 255 ms; the session's total is rounded once from 766.2 ms: 766, as the added wait.
    @Test func stallTotalsAreRoundedOnceFromMicroseconds() throws {
        let link = try NetworkModel.parse("lte:rtt_ms=255.4,jitter=0,downlink_kbps=0,connections=0,server_ms=0")
        let session = scenario(
            #"{"v":1,"session":"r","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"tap","dir":"next"}"#,
            #"{"t":4000,"e":"end"}"#)
        let (m, summary) = replay(session, OnDemandPolicy(), network: link)
        #expect(m.firstLoadMs == 255)
        #expect(m.stalls == 3)
        #expect(m.stallMsMax == 255)
        #expect(m.stallMsTotal == 766)
        #expect(m.addedWaitMs == 766)
        #expect(summary.stallMsPerStall.count == 3)
    }
}
