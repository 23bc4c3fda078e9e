import Testing
@testable import DeckBench

/// The rules of docs/MODEL.md that decide what a prefetch, a failure and a retry count for,
/// each on a session worked by hand.
@Suite struct FailureScenarioTests {
    /// The outage window of a session under a 3 s cycle, seed 1, in whole µs from t = 0.
    private func firstOutage(_ id: String) -> Range<Int> {
        let phase = NetworkDraws.outagePhaseUs(seed: 1, sessionKey: StableHash.of(id), everyMs: 3_000)
        let start = (3_000_000 - phase) % 3_000_000
        return start ..< start + 1_000_000
    }

    private let outageLink = try! NetworkModel.parse(
        "lte:rtt_ms=100,jitter=0,downlink_kbps=0,server_ms=0,connections=1,outage_every_ms=3000,outage_ms=1000,timeout_ms=1000")

    /// A prefetch is useful only when it delivered data the user needed.
    /// RTT 100 ms, unlimited connections; fixed radius 1.
    /// t=0: 0 (demand), 1 and -1 (prefetches) go out; all arrive at 100.
    /// t=50 tap next: 1 is in flight: a late stall; its prefetch is needed in flight, not yet
    ///   useful. The user leaves 0 before its data: first load 50 ms. Window 0…2: prefetch 2
    ///   (arrives 150).
    /// t=100: 0 is kept; 1's data comes while it is shown: useful, the stall lasted 50 ms; -1 is
    ///   outside the window: discarded, wasted.
    /// t=110 tap next: 2 in flight: a late stall, its prefetch needed in flight. Window 1…3:
    ///   prefetch 3 (arrives 210).
    /// t=120 end: the stall on 2 is abandoned after 10 ms; 2's prefetch delivered nothing (still
    ///   in flight): wasted, and so is 3's.
    @Test func aPrefetchNeededInFlightIsUsefulOnlyWhenItsDataArrives() {
        let session = scenario(
            #"{"v":1,"session":"u","page":0,"first":-10,"last":10}"#,
            #"{"t":50,"e":"tap","dir":"next"}"#,
            #"{"t":110,"e":"tap","dir":"next"}"#,
            #"{"t":120,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.firstLoadMs == 50)
        #expect(m.navigations == 2)
        #expect(m.stalls == 2 && m.lateStalls == 2)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 60)
        #expect(m.requests == 5)
        #expect(m.prefetches == 4)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 3)
    }

    /// The outage decides when a request gets its connection. One connection, RTT 100 ms, a
    /// 1 s outage every 3 s: this session's first window is [1717.5 ms, 2717.5 ms).
    /// t=0: 0 goes out, arrives at 100.
    /// t=1800 tap next: 1's demand gets the connection inside the window: lost.
    /// t=1900 tap next: 2's demand waits for the connection; the user leaves 1 (abandoned, 100 ms).
    /// t=2800: 1's demand times out; 2's demand gets the connection after the window: answered
    ///   at 2900, a 1,000 ms stall (the rule at queue time lost it too: 2,500 ms).
    /// 1's retry at 3300 sends nothing: 1 is no longer shown.
    @Test func aRequestQueuedInAnOutageAndSentAfterItIsAnswered() {
        #expect(firstOutage("oq1") == 1_717_457 ..< 2_717_457)
        let session = scenario(
            #"{"v":1,"session":"oq1","page":0,"first":-10,"last":10}"#,
            #"{"t":1800,"e":"tap","dir":"next"}"#,
            #"{"t":1900,"e":"tap","dir":"next"}"#,
            #"{"t":4600,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy(), network: outageLink)
        #expect(m.firstLoadMs == 100)
        #expect(m.stalls == 2 && m.missStalls == 2)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 1_100)
        #expect(m.stallMsMax == 1_000)
        #expect(m.requests == 3)
        #expect(m.failedRequests == 1)
        #expect(m.retries == 0)
    }

    /// The mirror case, same link and window [1717.5, 2717.5).
    /// t=1628 tap next: 1's demand goes out before the window; it arrives at 1728.
    /// t=1700 tap next: 2's demand waits for the connection and gets it at 1728, inside the window:
    ///   lost. The user left 1 at 1700 (abandoned, 72 ms).
    /// t=2728: 2's demand times out; its retry at 3228 (2 shown without data) is answered at 3328:
    ///   a stall of 1700 → 3328 = 1,628 ms (the rule at queue time answered it at 1828).
    @Test func aRequestQueuedBeforeAnOutageAndSentInItIsLost() {
        let session = scenario(
            #"{"v":1,"session":"oq1","page":0,"first":-10,"last":10}"#,
            #"{"t":1628,"e":"tap","dir":"next"}"#,
            #"{"t":1700,"e":"tap","dir":"next"}"#,
            #"{"t":4000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy(), network: outageLink)
        #expect(m.stalls == 2)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 72 + 1_628)
        #expect(m.stallMsMax == 1_628)
        #expect(m.requests == 4)
        #expect(m.failedRequests == 1)
        #expect(m.retries == 1)
    }

    /// A failed demand's retry is dropped once the page has data. Unlimited connections, RTT
    /// 100 ms, this session's window [244 ms, 1244 ms).
    /// t=0: 0 arrives at 100. t=500 tap next: 1's demand is lost (in the window).
    /// t=1400 tap next: 2's demand arrives at 1500; the stall on 1 is abandoned (900 ms).
    /// t=1500: 1's demand times out; a retry falls due at 2000.
    /// t=1600 tap prev: back on 1, no data, nothing in flight: a new demand, data at 1700 (100 ms).
    /// t=2000: the retry has no purpose (1 has data): nothing is sent, so no needless reset.
    @Test func aFailedDemandsRetryIsDroppedOnceDataCame() throws {
        #expect(firstOutage("rd4").lowerBound / 1_000 == 244)
        let link = try NetworkModel.parse(
            "lte:rtt_ms=100,jitter=0,downlink_kbps=0,server_ms=0,connections=0,outage_every_ms=3000,outage_ms=1000,timeout_ms=1000")
        let session = scenario(
            #"{"v":1,"session":"rd4","page":0,"first":-10,"last":10}"#,
            #"{"t":500,"e":"tap","dir":"next"}"#,
            #"{"t":1400,"e":"tap","dir":"next"}"#,
            #"{"t":1600,"e":"tap","dir":"prev"}"#,
            #"{"t":3000,"e":"end"}"#)
        for maxAgeMs in [0, 60_000] {
            let settings = ReplaySettings(seed: 1, content: stillContent.content, maxAgeMs: maxAgeMs, bootstrap: 0)
            let (m, _) = replay(session, OnDemandPolicy(), network: link, settings: settings)
            #expect(m.navigations == 3)
            #expect(m.stalls == 3 && m.missStalls == 3)
            #expect(m.abandonedStalls == 1)
            #expect(m.stallMsTotal == 900 + 100 + 100)
            #expect(m.requests == 4)
            #expect(m.failedRequests == 1)
            #expect(m.retries == 0)
            #expect(m.resets == 0)
            #expect(m.bytes == 3 * 20_000)
        }
    }

    /// A failed revalidation is still retried while its page is shown and no newer copy came.
    /// Unlimited connections, RTT 100 ms, window [244 ms, 1244 ms); fixed radius 1.
    /// t=0: 0 (demand), 1 and -1 (prefetches) arrive at 100.
    /// t=300 tap next: 1 cached (useful). Its revalidation is lost (in the window); window 0…2:
    ///   -1 dropped (wasted), prefetch 2 lost.
    /// t=1300: the revalidation times out (retry due at 1800); then 2's prefetch: wasted (fixed
    ///   asks for pages only at a commit, so not again).
    /// t=1800: 1 is shown and its copy is from 100: the retry goes, its answer at 1900 resets the
    ///   page with the same content (a needless reset).
    @Test func aFailedRevalidationIsRetriedWhileThePageIsShown() throws {
        let link = try NetworkModel.parse(
            "lte:rtt_ms=100,jitter=0,downlink_kbps=0,server_ms=0,connections=0,outage_every_ms=3000,outage_ms=1000,timeout_ms=1000")
        let session = scenario(
            #"{"v":1,"session":"rd4","page":0,"first":-10,"last":10}"#,
            #"{"t":300,"e":"tap","dir":"next"}"#,
            #"{"t":2500,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1), network: link)
        #expect(m.stalls == 0)
        #expect(m.requests == 6)
        #expect(m.failedRequests == 2)
        #expect(m.retries == 1)
        #expect(m.resets == 1 && m.needlessResets == 1)
        #expect(m.prefetches == 3)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 2)
        #expect(m.bytes == 4 * 20_000)
    }

    /// Every retry, then none. A link that loses every request, each given up after 100 ms:
    /// the first page's demand at 0 fails at 100; retries at 600 (+500 ms), 1700 (+1 s),
    /// 3800 (+2 s), 7900 (+4 s) and 16000 (+8 s) each fail 100 ms later; after the fifth, none.
    /// The first load waits until the session ends at 30000.
    @Test func aDemandIsRetriedFiveTimesThenGivenUp() throws {
        let link = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,server_ms=0,connections=0,loss=1,timeout_ms=100")
        let session = scenario(
            #"{"v":1,"session":"give-up","page":0,"first":-10,"last":10}"#,
            #"{"t":30000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy(), network: link)
        #expect(m.requests == 6)
        #expect(m.failedRequests == 6)
        #expect(m.retries == 5)
        #expect(m.firstLoadMs == 30_000)
        #expect(m.bytes == 0)
        // Ended before the last retry falls due (16000), it made four.
        let short = scenario(
            #"{"v":1,"session":"give-up","page":0,"first":-10,"last":10}"#,
            #"{"t":15999,"e":"end"}"#)
        let (cut, _) = replay(short, OnDemandPolicy(), network: link)
        #expect(cut.retries == 4 && cut.requests == 5 && cut.failedRequests == 5)
    }

    /// A revalidation whose page lost its data while it was in flight is what the app waits for
    /// when the user comes back: failed, it is tried again as a demand. Unlimited connections, RTT
    /// 100 ms, window [244 ms, 1244 ms); fixed radius 1.
    /// t=0: 0 (demand), 1 and -1 (prefetches) arrive at 100.
    /// t=300 tap next: 1 cached; its revalidation and 2's prefetch go out in the window: lost.
    /// t=400 jump to 5: a miss (its demand lost too); 1 is dropped (its revalidation still in
    ///   flight), so are 0 and -1; prefetches of 4 and 6, lost.
    /// t=500 jump to 1: no data, the revalidation in flight: a late stall; 5's stall is abandoned
    ///   after 100 ms; 0's prefetch, lost.
    /// t=1300: the revalidation times out; 1 is shown without data, so its retry at 1800 is a
    ///   demand, answered at 1900: a stall of 1,400 ms (not one until the session ends).
    @Test func aFailedRevalidationOfAPageThatLostItsDataIsRetriedAsADemand() throws {
        let link = try NetworkModel.parse(
            "lte:rtt_ms=100,jitter=0,downlink_kbps=0,server_ms=0,connections=0,outage_every_ms=3000,outage_ms=1000,timeout_ms=1000")
        let session = scenario(
            #"{"v":1,"session":"rd4","page":0,"first":-10,"last":10}"#,
            #"{"t":300,"e":"tap","dir":"next"}"#,
            #"{"t":400,"e":"jump","page":5}"#,
            #"{"t":500,"e":"jump","page":1}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1), network: link)
        #expect(m.navigations == 3)
        #expect(m.stalls == 2 && m.lateStalls == 1 && m.missStalls == 1)
        #expect(m.abandonedStalls == 1)
        #expect(m.stallMsTotal == 100 + 1_400)
        #expect(m.requests == 10)
        #expect(m.failedRequests == 6)
        #expect(m.retries == 1)
    }
}
