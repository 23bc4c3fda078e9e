import Foundation
import Testing
@testable import DeckBench

/// Trace-driven links, loss, outages and timeouts, on hand-worked replays.
@Suite struct RealNetworkTests {
    let fixtures = Fixtures()

    /// A trace with one 1500-byte packet every millisecond: 12 Mbit/s.
    private func constantTrace() -> String {
        fixtures.plain("constant.down", (1 ... 1_000).map(String.init).joined(separator: "\n") + "\n")
    }

    /// Pages of 10 items × 1500 bytes: 15,000 bytes, 10 packets, 10 ms at 12 Mbit/s.
    private let settings = ReplaySettings(seed: 4, content: ContentModel(items: 10, itemBytes: 1_500, churnPerHour: 0), bootstrap: 0)

    @Test func constantTraceMatchesTheParametricLinkAtItsRate() throws {
        // One request: 50 ms up, 10 ms of transfer, 50 ms down: the first load takes 110 ms on both.
        let trace = try NetworkModel.parse("trace:path=\(constantTrace()),rtt_ms=100,connections=0")
        let parametric = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=12000,connections=0")
        let session = scenario(#"{"v":1,"session":"one","page":0,"first":0,"last":0}"#, #"{"t":1000,"e":"end"}"#)
        #expect(replay(session, OnDemandPolicy(), network: trace, settings: settings).metrics.firstLoadMs == 110)
        #expect(replay(session, OnDemandPolicy(), network: parametric, settings: settings).metrics.firstLoadMs == 110)
    }

    @Test func twoTransfersSharingATraceEachTakeTwiceAsLong() throws {
        // fixed radius 1 on pages 0…1: pages 0 and 1 reach the server together at 50 ms and share
        // the packets in turn: page 0 gets packets 1, 3, …, 19 (done at 69 ms), page 1 packets 2, …, 20
        // (done at 70 ms): about 20 ms each instead of 10. Arrivals at 119 and 120 ms.
        // The parametric link at the same rate shares the bandwidth: both done at 70, arrive at 120.
        // A tap at 115 ms (a second session) leaves page 0 and waits 5 ms for page 1 on both.
        let trace = try NetworkModel.parse("trace:path=\(constantTrace()),rtt_ms=100,connections=0")
        let parametric = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=12000,connections=0")
        let stay = scenario(#"{"v":1,"session":"two","page":0,"first":0,"last":1}"#, #"{"t":1000,"e":"end"}"#)
        let tap = scenario(
            #"{"v":1,"session":"two","page":0,"first":0,"last":1}"#, #"{"t":115,"e":"tap","dir":"next"}"#, #"{"t":1000,"e":"end"}"#)
        let fixed = FixedPolicy(radius: 1)
        #expect(replay(stay, fixed, network: trace, settings: settings).metrics.firstLoadMs == 119)
        #expect(replay(stay, fixed, network: parametric, settings: settings).metrics.firstLoadMs == 120)
        for network in [trace, parametric] {
            let m = replay(tap, fixed, network: network, settings: settings).metrics
            #expect(m.lateStalls == 1)
            #expect(m.stallMsTotal == 5)
        }
    }

    @Test func lostDemandIsRetriedWithBackoffAndStalls() throws {
        // Every request is lost; timeout 1 s. Page 0: sent at 0, given up at 1000; retried at 1500
        // (500 ms later), given up at 2500; retried at 3500 (1 s), given up at 4500; retried at 6500
        // (2 s), given up at 7500; the next retry would be at 11500, after the end at 10000.
        // The first load waits the whole session.
        let network = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,loss=1,timeout_ms=1000")
        let session = scenario(#"{"v":1,"session":"lost","page":0,"first":0,"last":5}"#, #"{"t":10000,"e":"end"}"#)
        let m = replay(session, OnDemandPolicy(), network: network, settings: settings).metrics
        #expect(m.failedRequests == 4)
        #expect(m.retries == 3)
        #expect(m.requests == 4)
        #expect(m.firstLoadMs == 10_000)
        #expect(m.bytes == 0)
    }

    @Test func lostPrefetchIsNotRetriedAndIsWasted() throws {
        // fixed radius 1, pages 0…1, everything lost, timeout 1 s: the prefetch of 1 fails at 1000
        // and is wasted; the demand of 0 is retried at 1500 and fails again at 2500; end at 2000.
        let network = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,loss=1,timeout_ms=1000")
        let session = scenario(#"{"v":1,"session":"lostp","page":0,"first":0,"last":1}"#, #"{"t":2000,"e":"end"}"#)
        let m = replay(session, FixedPolicy(radius: 1), network: network, settings: settings).metrics
        #expect(m.prefetches == 1)
        #expect(m.wastedPrefetches == 1)
        #expect(m.failedRequests == 2)
        #expect(m.retries == 1)
    }

    @Test func noLossAndAGenerousTimeoutChangeNothing() throws {
        let generator = SessionGenerator(seed: 31)
        let base = try NetworkModel.parse("3g:connections=2")
        let withTimeout = try NetworkModel.parse("3g:connections=2,loss=0,timeout_ms=600000")
        let never = try NetworkModel.parse("3g:connections=2,timeout_ms=0")
        let a = Replayer(policy: DirectionalPolicy(), network: base, settings: stillContent)
        let b = Replayer(policy: DirectionalPolicy(), network: withTimeout, settings: stillContent)
        let c = Replayer(policy: DirectionalPolicy(), network: never, settings: stillContent)
        for index in 0 ..< 100 {
            let session = generator.session(index)
            let metrics = a.replay(session)
            #expect(metrics == b.replay(session))
            #expect(metrics == c.replay(session))
            #expect(metrics.failedRequests == 0)
        }
    }

    @Test func outagesLoseTheRequestsSentDuringThem() throws {
        // The link is down for 5 s of every 10 s at a seeded phase: over many sessions, some
        // requests fail and are retried, and the same session fails the same way every time.
        let network = try NetworkModel.parse("lte:outage_every_ms=10000,outage_ms=5000,timeout_ms=2000")
        let generator = SessionGenerator(seed: 8)
        let replayer = Replayer(policy: FixedPolicy(), network: network, settings: stillContent)
        var failed = 0
        for index in 0 ..< 50 {
            let session = generator.session(index)
            let first = replayer.replay(session)
            #expect(first == replayer.replay(session))
            #expect(first.prefetches == first.usefulPrefetches + first.wastedPrefetches)
            failed += first.failedRequests
        }
        #expect(failed > 0)
    }

    @Test func malformedTracesNameFileAndLine() {
        #expect(throws: LinkTrace.Failure.malformed(path: "t.down", line: 3, reason: "expected a whole number of milliseconds ≥ 0, got \"x1\"")) {
            try LinkTrace(path: "t.down", text: "1\n2\nx1\n")
        }
        #expect(throws: LinkTrace.Failure.malformed(path: "t.down", line: 2, reason: "time goes backwards: 3 after 5")) {
            try LinkTrace(path: "t.down", text: "5\n3\n")
        }
        #expect(throws: LinkTrace.Failure.empty(path: "t.down")) { try LinkTrace(path: "t.down", text: "0\n0\n") }
        // Windows line ends read as line ends (a trace saved on Windows), and a bad line is still named.
        #expect((try? LinkTrace(path: "t.down", text: "1\r\n2\r\n5\r\n"))?.timesMs == [1, 2, 5])
        #expect(throws: LinkTrace.Failure.malformed(path: "t.down", line: 2, reason: "expected a whole number of milliseconds ≥ 0, got \"x\"")) {
            try LinkTrace(path: "t.down", text: "1\r\nx\r\n")
        }
        #expect(throws: SpecError.self) { try NetworkModel.parse("trace:path=/no/such/trace") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("trace") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("lte:loss=0.5,timeout_ms=0") }
    }

    @Test func traceWrapsAtItsPeriod() throws {
        // Packets at 0, 0 and 10 ms; period 10 ms. The end of one pass and the start of the next are
        // the same instant: 3 packets there.
        let trace = try LinkTrace(path: "t", text: "0\n0\n10\n")
        #expect(trace.nextOpportunity(atOrAfterUs: 0).packets == 2)
        #expect(trace.nextOpportunity(atOrAfterUs: 1).positionUs == 10_000)
        #expect(trace.nextOpportunity(atOrAfterUs: 1).packets == 3)
        #expect(trace.nextOpportunity(atOrAfterUs: 10_001).positionUs == 20_000)
    }
}
