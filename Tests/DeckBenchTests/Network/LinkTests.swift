import Testing
@testable import DeckBench

/// The link as a whole, on a hand scheduler: what a request's start schedules, what a freed
/// connection starts, and what an outage does to a request that gets its connection in it.
@Suite struct LinkTests {
    private func link(_ keys: String) throws -> Link {
        Link(model: try NetworkModel.parse("lte:rtt_ms=100,jitter=0,server_ms=20,downlink_kbps=0," + keys))
    }

    private func send(_ link: inout Link, _ kind: Request.Kind, page: Int, _ log: RequestLog, _ draws: inout NetworkDraws,
                      _ scheduler: inout TestScheduler) -> Int {
        let draw = link.draw(page: page, n: 0, &draws)
        var request = Request(page: page, kind: kind, upUs: draw.roundTripUs / 2, downUs: draw.roundTripUs - draw.roundTripUs / 2)
        request.lost = draw.lost
        let id = log.append(request)
        link.submit(id, log, &scheduler)
        return id
    }

    @Test func aRequestStartsWithItsSequenceNumbersAndItsResponseLeavesAfterTheUpTripAndTheServer() throws {
        var link = try link("connections=1,timeout_ms=1000,loss=0")
        link.reset(seed: 1, sessionKey: 9)
        var draws = NetworkDraws(seed: 1)
        draws.begin(sessionKey: 9, firstPage: 0, first: 0, last: 10)
        let log = RequestLog()
        var scheduler = TestScheduler()
        scheduler.nowUs = 5_000
        let first = send(&link, .prefetch, page: 1, log, &draws, &scheduler)
        // Round trip 100 ms, halved: up 50 ms, then 20 ms at the server.
        #expect(log[first].upUs == 50_000 && log[first].downUs == 50_000)
        #expect(log[first].started && log[first].startedUs == 5_000)
        #expect(log[first].arrivalSequence == 0 && log[first].deadlineSequence == 2)
        #expect(scheduler.takeEvents() == [.init(event: .responseStart(request: first), atUs: 75_000, sequence: 1)])
        #expect(scheduler.deadline?.request == first && scheduler.deadline?.atUs == 1_005_000)
        // One connection: a prefetch and a demand wait; the demand, promoted or not, goes first.
        let prefetch = send(&link, .prefetch, page: 2, log, &draws, &scheduler)
        let demand = send(&link, .demand, page: 3, log, &draws, &scheduler)
        #expect(!log[prefetch].started && !log[demand].started && scheduler.takeEvents().isEmpty)
        scheduler.nowUs = 200_000
        log[first].finished = true
        link.releaseArrived(first, log, &scheduler)
        #expect(log[demand].started && log[demand].startedUs == 200_000 && !log[prefetch].started)
        #expect(scheduler.takeEvents().map(\.event) == [.responseStart(request: demand)])
        #expect(scheduler.deadline?.request == demand)
    }

    @Test func aRequestGettingItsConnectionInAnOutageIsLostAndOnlyTimesOut() throws {
        var link = try link("timeout_ms=1000,outage_every_ms=1000,outage_ms=1000,loss=0")
        link.reset(seed: 1, sessionKey: 9)
        var draws = NetworkDraws(seed: 1)
        draws.begin(sessionKey: 9, firstPage: 0, first: 0, last: 10)
        let log = RequestLog()
        var scheduler = TestScheduler()
        let id = send(&link, .demand, page: 0, log, &draws, &scheduler)
        #expect(log[id].lost && log[id].started)
        #expect(scheduler.takeEvents().isEmpty)
        #expect(scheduler.deadline?.request == id && scheduler.deadline?.atUs == 1_000_000)
    }

    @Test func aResponseWithoutARateLimitArrivesAfterItsDownTrip() throws {
        var link = try link("loss=0")
        link.reset(seed: 1, sessionKey: 9)
        var draws = NetworkDraws(seed: 1)
        draws.begin(sessionKey: 9, firstPage: 0, first: 0, last: 10)
        let log = RequestLog()
        var scheduler = TestScheduler()
        let id = send(&link, .demand, page: 0, log, &draws, &scheduler)
        _ = scheduler.takeEvents()
        scheduler.nowUs = 70_000
        log[id].bytes = 40_000
        link.responseStarted(id, log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: id), atUs: 120_000, sequence: log[id].arrivalSequence)])
        #expect(link.serverTimeUs(now: 70_000) == 50_000)
    }
}
