import Testing
@testable import DeckBench

/// Hand-worked replays of whose request a page is: the shown page belongs to the app (demand,
/// revalidation, retries), never to a policy's prefetch, and a page the user needs while its
/// prefetch waits for a connection is raised to demand priority.
@Suite struct RequestScenarioTests {
    /// Every request is lost; the app gives up after 1 s.
    private let lossyNetwork = try! NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,server_ms=0,loss=1,timeout_ms=1000")

    @Test func stagedNeverPrefetchesTheShownPageAfterItsDemandFailed() {
        // Only page 0, every request lost. The app: demand at 0, given up at 1000; retry 1 at
        // 1500 (500 ms later), given up at 2500; retry 2 at 3500 (1 s later), given up at 4500;
        // retry 3 would be at 6500, after the end (5000). 3 requests, 3 failed, 2 retries.
        // staged radius 0 must do exactly that: its only stage is the app's.
        let session = scenario(
            #"{"v":1,"session":"lost","page":0,"first":-10,"last":10}"#,
            #"{"t":5000,"e":"end"}"#)
        let policies: [any PrefetchPolicy] = [OnDemandPolicy(), FixedPolicy(radius: 0), StagedPolicy(radius: 0)]
        for policy in policies {
            func run(_ policy: some PrefetchPolicy) -> SessionMetrics { replay(session, policy, network: lossyNetwork).metrics }
            let m = run(policy)
            #expect(m.requests == 3, "\(policy.spec)")
            #expect(m.failedRequests == 3, "\(policy.spec)")
            #expect(m.retries == 2, "\(policy.spec)")
            #expect(m.prefetches == 0, "\(policy.spec)")
            #expect(m.wastedPrefetches == 0, "\(policy.spec)")
            #expect(m.firstLoadMs == 5_000, "\(policy.spec)")
        }
    }

    @Test func failedPrefetchOfTheShownPageIsRetriedByTheApp() throws {
        // 80 kbit/s = 10,000 bytes/s shared; pages of 10 × 100 bytes = 1,000 bytes; RTT 100 ms;
        // the app gives up 300 ms after a request starts. Pages -10…1.
        // fixed radius 1, t=0: 0 (demand), 1 and -1 (prefetches) start; they reach the server at
        //   50 and share the link: 3,000 bytes take 300 ms, so none is done by 300.
        // t=200 tap next: 1 is in flight → a late stall (its prefetch needed in flight: useful only
        //   if its data arrives). Revalidation
        //   skipped (in flight). Window 0…1: nothing to request (2 does not exist).
        // t=300 all three are given up (in the order they started). 0: a demand, but 0 is no
        //   longer shown, so its retry at 800 sends nothing. 1: a prefetch, but of the shown page
        //   without data: the app waits for it, so it retries it like a demand at 800; the prefetch
        //   delivered nothing: wasted. -1: a prefetch nobody needs: wasted, not retried.
        // t=800 retry of 1, alone on the link: server at 850, 100 ms of transfer, arrives at 1000.
        //   The stall lasts 200 → 1000: 800 ms.
        let network = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=80,connections=0,server_ms=0,timeout_ms=300")
        let settings = ReplaySettings(seed: 1, content: ContentModel(items: 10, itemBytes: 100, churnPerHour: 0), bootstrap: 0)
        let session = scenario(
            #"{"v":1,"session":"retry","page":0,"first":-10,"last":1}"#,
            #"{"t":200,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, FixedPolicy(radius: 1), network: network, settings: settings)
        #expect(m.firstLoadMs == 200)
        #expect(m.stalls == 1)
        #expect(m.lateStalls == 1)
        #expect(m.abandonedStalls == 0)
        #expect(m.stallMsTotal == 800)
        #expect(m.requests == 4)
        #expect(m.failedRequests == 3)
        #expect(m.retries == 1)
        #expect(m.bytes == 1_000)
        #expect(m.prefetches == 2)
        #expect(m.usefulPrefetches == 0)
        #expect(m.wastedPrefetches == 2)
    }

    @Test func neededPageWaitingForAConnectionIsPromotedToDemandPriority() throws {
        // One connection, RTT 100 ms. fixed radius 2, t=0: 0 (demand) runs 0 → 100; prefetches
        //   1, -1, 2, -2 wait in that order.
        // t=50 tap next: 1's prefetch is waiting: it is promoted (late stall). Window -1…3: 3
        //   joins the prefetch queue (-1, 2, -2, 3). The user leaves page 0 before its data: the
        //   first load ends at 50.
        // t=60 tap next: 2's prefetch is waiting behind -1: promoted behind 1 (late stall). The
        //   user leaves 1 after 10 ms (abandoned). Window 0…4: 4 joins the prefetch queue.
        // t=100 0 arrives; 1 runs 100 → 200; t=200 2 runs 200 → 300: the stall on 2 lasts
        //   60 → 300 = 240 ms, as long as ondemand's (without the promotion, 2 would wait for -1
        //   and arrive at 400: 340 ms). Stall total 10 + 240.
        let network = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=1,server_ms=0")
        let session = scenario(
            #"{"v":1,"session":"queue","page":0,"first":-10,"last":10}"#,
            #"{"t":50,"e":"tap","dir":"next"}"#,
            #"{"t":60,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"end"}"#)
        let fixed = replay(session, FixedPolicy(radius: 2), network: network).metrics
        #expect(fixed.firstLoadMs == 50)
        #expect(fixed.stalls == 2)
        #expect(fixed.lateStalls == 2)
        #expect(fixed.abandonedStalls == 1)
        #expect(fixed.stallMsTotal == 250)
        #expect(fixed.stallMsMax == 240)
        #expect(fixed.usefulPrefetches == 2)
        let onDemand = replay(session, OnDemandPolicy(), network: network).metrics
        #expect(onDemand.stalls == 2)
        #expect(onDemand.missStalls == 2)
        #expect(onDemand.stallMsTotal == 250)
        #expect(onDemand.stallMsMax == 240)
    }
}
