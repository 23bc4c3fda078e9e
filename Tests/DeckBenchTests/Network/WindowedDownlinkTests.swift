import Testing
@testable import DeckBench

/// The windowed downlink (`fifo=1`, `tcp_iw`), on replays worked by hand: pages of 20,000 bytes
/// on a 2,000 kbit/s link (250,000 bytes/s, 80 ms a page), round trip 100 ms.
@Suite struct WindowedDownlinkTests {
    private static let link = "lte:rtt_ms=100,jitter=0,downlink_kbps=2000,server_ms=0"

    private func ends(_ session: Session, _ policy: some PrefetchPolicy, network spec: String) throws -> [Int] {
        let network = try NetworkModel.parse(spec)
        return SessionTrace.replay(session, policies: [policy], networks: [network], settings: stillContent)[0].timeline.requests.map(\.endUs)
    }

    private let onePage = scenario(#"{"v":1,"session":"one","page":0,"first":0,"last":0}"#, #"{"t":2000,"e":"end"}"#)
    private let twoPages = scenario(#"{"v":1,"session":"two","page":0,"first":0,"last":1}"#, #"{"t":2000,"e":"end"}"#)

    private func tap(atMs ms: Int) -> Session {
        scenario(#"{"v":1,"session":"tap","page":0,"first":0,"last":1}"#, #"{"t":\#(ms),"e":"tap","dir":"next"}"#, #"{"t":3000,"e":"end"}"#)
    }

    @Test func aResponseLargerThanTheInitialWindowTakesTwoRounds() throws {
        // Round 1: 10 × 1,448 = 14,480 bytes leave at 50 ms, in the queue until 107.920 ms; the first
        // segment left at 55.792 ms, its acknowledgement is back at 155.792 ms. Round 2: the other
        // 5,520 bytes, 22.080 ms: done at 177.872 ms, arrived at 227.872 ms. Fair sharing, and fifo
        // without a window: 50 + 80 + 50 = 180 ms.
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1,fifo=1,tcp_iw=10") == [227_872])
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1,fifo=1") == [180_000])
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1") == [180_000])
        // A window of 14 segments (20,272 bytes) holds the page: one round.
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1,fifo=1,tcp_iw=14") == [180_000])
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1,fifo=1,tcp_iw=13") != [180_000])
    }

    @Test func oneQueueServesTheFirstResponseFirst() throws {
        // Page 0's demand at 0, a tap at 10 ms: page 1's demand reaches the server at 60 ms, while
        // page 0's response (from 50 ms) is under way. Shared fairly, page 0 had 2,500 bytes alone,
        // then both share: page 0 is done at 200 ms (arrives at 250), page 1 at 210 (260). In one
        // queue page 1 waits: page 0 is done at 130 ms (arrives at 180), page 1 at 210 (260).
        let session = tap(atMs: 10)
        #expect(try ends(session, OnDemandPolicy(), network: Self.link + ",connections=2") == [250_000, 260_000])
        #expect(try ends(session, OnDemandPolicy(), network: Self.link + ",connections=2,fifo=1") == [180_000, 260_000])
    }

    @Test func responsesReachingTheQueueTogetherShareIt() throws {
        // Pages 0 and 1 reach the queue at 50 ms together: their packets interleave, both are done
        // at 210 ms, as shared fairly.
        #expect(try ends(twoPages, FixedPolicy(radius: 1), network: Self.link + ",connections=2,fifo=1") == [260_000, 260_000])
    }

    @Test func windowsOfTwoConnectionsQueueInTheOrderTheyLeave() throws {
        // Pages 0 and 1's first windows (14,480 bytes each) reach the queue together at 50 ms and
        // take turns: both are through at 165.840 ms. Page 0's first segment left first (55.792 ms),
        // page 1's second (61.584 ms): page 0's second round is due at 155.792 ms and waits for the
        // first windows (165.840 → 187.920 ms, arrives at 237.920); page 1's, due at 161.584 ms, goes
        // behind it (187.920 → 210 ms, arrives at 260).
        #expect(try ends(twoPages, FixedPolicy(radius: 1), network: Self.link + ",connections=2,fifo=1,tcp_iw=10") == [237_920, 260_000])
    }

    @Test func windowsOnTheFairShareTakeTheirRoundsAndShare() throws {
        // Alone, as in one queue: two rounds, 227.872 ms.
        #expect(try ends(onePage, OnDemandPolicy(), network: Self.link + ",connections=1,tcp_iw=10") == [227_872])
        // Two first windows of 14,480 bytes share the link from 50 ms (done at 165.840 ms). Each
        // first segment left at its share: 50 + 2 × 5.792 ms, so the second rounds are due at
        // 161.584 ms, while the first are still through: they add to them, and both 20,000-byte
        // responses are done at 50 + 160 ms, as without windows: arrivals at 260 ms.
        #expect(try ends(twoPages, FixedPolicy(radius: 1), network: Self.link + ",connections=2,tcp_iw=10") == [260_000, 260_000])
    }

    @Test func anIdleConnectionRestartsFromTheInitialWindow() throws {
        // Page 0 as above; the connection's window grew to 20 segments in round 1 (round 2's four
        // segments are under half the window: no growth) and it last sent at 155.792 ms. A tap at
        // 1,000 ms: page 1's response leaves at 1,050 ms, 894 ms later, past the timeout (100 +
        // 200 ms) twice: the window halves to 10 and the page takes two rounds again (arrives at
        // 1,227.872 ms). Without the restart, 20 segments hold the page: 1,050 + 80 + 50 ms.
        let spec = Self.link + ",connections=1,fifo=1,tcp_iw=10"
        #expect(try ends(tap(atMs: 1_000), OnDemandPolicy(), network: spec) == [227_872, 1_227_872])
        #expect(try ends(tap(atMs: 1_000), OnDemandPolicy(), network: spec + ",idle_restart=0") == [227_872, 1_180_000])
        // A tap at 300 ms: idle 194 ms, under the timeout: the grown window holds the page.
        #expect(try ends(tap(atMs: 300), OnDemandPolicy(), network: spec) == [227_872, 480_000])
    }

    @Test func theRestartHalvesOncePerTimeoutPastTheFirst() {
        let timeout = 300_000
        #expect(WindowedDownlink.restartedWindow(40, initial: 10, idleUs: timeout, timeoutUs: timeout) == 40)
        #expect(WindowedDownlink.restartedWindow(40, initial: 10, idleUs: timeout + 1, timeoutUs: timeout) == 20)
        #expect(WindowedDownlink.restartedWindow(40, initial: 10, idleUs: 2 * timeout, timeoutUs: timeout) == 20)
        #expect(WindowedDownlink.restartedWindow(40, initial: 10, idleUs: 2 * timeout + 1, timeoutUs: timeout) == 10)
        #expect(WindowedDownlink.restartedWindow(40, initial: 10, idleUs: 100 * timeout, timeoutUs: timeout) == 10)
        // A window under the initial one stays.
        #expect(WindowedDownlink.restartedWindow(6, initial: 10, idleUs: 100 * timeout, timeoutUs: timeout) == 6)
    }

    @Test func theNewKeysAreWrittenOnlyWhenSet() throws {
        #expect(try NetworkModel.parse("lte").spec == NetworkPresets.all.first { $0.name == "lte" }!.spec)
        #expect(!(try NetworkModel.parse("lte").spec.contains("fifo")))
        #expect(try NetworkModel.parse("lte:fifo=1,tcp_iw=10").spec.hasSuffix(",fifo=1,tcp_iw=10"))
        #expect(try NetworkModel.parse("lte:fifo=1,tcp_iw=10,idle_restart=0").spec.hasSuffix(",fifo=1,tcp_iw=10,idle_restart=0"))
        #expect(try NetworkModel.parse("lte:fifo=0,tcp_iw=0,idle_restart=1").spec == (try NetworkModel.parse("lte").spec))
        #expect(try NetworkModel.parse("lte:tcp_iw=10").spec.hasSuffix(",outage_ms=0,tcp_iw=10"))
        #expect(throws: SpecError.self) { try NetworkModel.parse("lte:fifo=2") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("lte:tcp_iw=1001") }
    }
}
