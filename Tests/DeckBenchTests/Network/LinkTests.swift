import Testing
@testable import DeckBench

/// The link as a whole, on a hand scheduler: what a request's start schedules, what a freed
/// connection starts, and what an outage does to a request that gets its connection in it.
@Suite struct LinkTests {
    /// A link of `lte` with a round trip of exactly 100 ms, 20 ms at the server and no rate limit,
    /// with `keys` on top; its session (seed 1, key 9) begun, and its draws, log and scheduler.
    struct Bench: ~Copyable {
        var link: Link
        var draws = NetworkDraws(seed: 1)
        let log = RequestLog()
        var scheduler = TestScheduler()

        init(_ keys: String) throws {
            link = Link(model: try NetworkModel.parse("lte:rtt_ms=100,jitter=0,server_ms=20,downlink_kbps=0," + keys))
            link.reset(seed: 1, sessionKey: 9)
            draws.begin(sessionKey: 9, firstPage: 0, first: 0, last: 10)
        }

        /// The app asks for `page`, as the replayer's `send` does: the link draws, then takes it.
        mutating func send(_ kind: Request.Kind, page: Int) -> Int {
            let draw = link.draw(page: page, n: 0, &draws)
            var request = Request(page: page, kind: kind, upUs: draw.roundTripUs / 2, downUs: draw.roundTripUs - draw.roundTripUs / 2)
            request.lost = draw.lost
            let id = log.append(request)
            link.submit(id, log, &scheduler)
            return id
        }
    }

    @Test func aRequestStartsWithItsSequenceNumbersAndItsResponseLeavesAfterTheUpTripAndTheServer() throws {
        var bench = try Bench("connections=1,timeout_ms=1000,loss=0")
        let log = bench.log
        bench.scheduler.nowUs = 5_000
        let first = bench.send(.prefetch, page: 1)
        // Round trip 100 ms, halved: up 50 ms, then 20 ms at the server.
        #expect(log[first].upUs == 50_000 && log[first].downUs == 50_000)
        #expect(log[first].started && log[first].startedUs == 5_000)
        #expect(log[first].arrivalSequence == 0 && log[first].deadlineSequence == 2)
        #expect(bench.scheduler.takeEvents() == [.init(event: .responseStart(request: first), atUs: 75_000, sequence: 1)])
        #expect(bench.scheduler.deadline?.request == first && bench.scheduler.deadline?.atUs == 1_005_000)
        // One connection: a prefetch and a demand wait; the demand, promoted or not, goes first.
        let prefetch = bench.send(.prefetch, page: 2)
        let demand = bench.send(.demand, page: 3)
        #expect(!log[prefetch].started && !log[demand].started && bench.scheduler.takeEvents().isEmpty)
        bench.scheduler.nowUs = 200_000
        log[first].finished = true
        bench.link.releaseArrived(first, log, &bench.scheduler)
        #expect(log[demand].started && log[demand].startedUs == 200_000 && !log[prefetch].started)
        #expect(bench.scheduler.takeEvents().map(\.event) == [.responseStart(request: demand)])
        #expect(bench.scheduler.deadline?.request == demand)
    }

    @Test func aRequestGettingItsConnectionInAnOutageIsLostAndOnlyTimesOut() throws {
        var bench = try Bench("timeout_ms=1000,outage_every_ms=1000,outage_ms=1000,loss=0")
        let id = bench.send(.demand, page: 0)
        #expect(bench.log[id].lost && bench.log[id].started)
        #expect(bench.scheduler.takeEvents().isEmpty)
        #expect(bench.scheduler.deadline?.request == id && bench.scheduler.deadline?.atUs == 1_000_000)
    }

    @Test func aResponseWithoutARateLimitArrivesAfterItsDownTrip() throws {
        var bench = try Bench("loss=0")
        let id = bench.send(.demand, page: 0)
        _ = bench.scheduler.takeEvents()
        bench.scheduler.nowUs = 70_000
        bench.log[id].bytes = 40_000
        bench.link.responseStarted(id, bench.log, &bench.scheduler)
        #expect(bench.scheduler.takeEvents() == [.init(event: .arrival(request: id), atUs: 120_000, sequence: bench.log[id].arrivalSequence)])
        #expect(bench.link.serverTimeUs(now: 70_000) == 50_000)
    }
}
