import Testing
@testable import DeckBench

/// How requests fail on the link: outages at their edges, the timeouts' deadline moving on, and
/// the loss draw's share.
@Suite struct LinkFailuresTests {
    private func failures(_ keys: String) throws -> LinkFailures {
        LinkFailures(model: try NetworkModel.parse("lte:" + keys))
    }

    @Test func anOutageCoversItsFirstMicrosecondAndNotItsEnd() throws {
        // Every 1,000 ms, down for 200 ms; the session starts 900 ms into the cycle, so the link is
        // down from 100 ms to 300 ms of the session.
        var link = try failures("outage_every_ms=1000,outage_ms=200")
        link.reset(outagePhaseUs: 900_000)
        #expect(link.isInOutage(atUs: 0) == false)
        #expect(link.isInOutage(atUs: 99_999) == false)
        #expect(link.isInOutage(atUs: 100_000) == true)
        #expect(link.isInOutage(atUs: 299_999) == true)
        #expect(link.isInOutage(atUs: 300_000) == false)
        #expect(link.isInOutage(atUs: 1_100_000) == true)
        let steady = try failures("loss=0")
        #expect(steady.isInOutage(atUs: 100_000) == false)
    }

    @Test func theDeadlineIsTheEarliestStartedRequestStillWaiting() throws {
        var link = try failures("timeout_ms=1000")
        link.reset(outagePhaseUs: 0)
        let log = requestLog((0 ..< 3).map { Request(page: $0, kind: .demand, upUs: 10, downUs: 10) })
        var scheduler = TestScheduler()
        for id in 0 ..< 3 {
            scheduler.nowUs = id * 100_000
            log.update(id) { link.started(id, &$0, &scheduler) }
        }
        #expect(log[1].deadlineUs == 1_100_000)
        #expect(scheduler.deadline?.request == 0 && scheduler.deadline?.atUs == 1_000_000)
        // The second arrives first: the first still waits, and keeps the deadline.
        log[1].finished = true
        link.ended(log, &scheduler)
        #expect(scheduler.deadline?.request == 0)
        // The first is given up: the second has arrived, so the deadline moves to the third.
        log[0].failed = true
        link.ended(log, &scheduler)
        #expect(scheduler.deadline?.request == 2 && scheduler.deadline?.atUs == 1_200_000)
        #expect(scheduler.deadline?.sequence == log[2].deadlineSequence)
        log[2].finished = true
        link.ended(log, &scheduler)
        #expect(scheduler.deadline == nil)
    }

    @Test func withoutTimeoutsNoDeadlineIsSet() throws {
        var link = try failures("timeout_ms=0")
        let log = requestLog([Request(page: 0, kind: .prefetch, upUs: 10, downUs: 10)])
        var scheduler = TestScheduler()
        log.update(0) { link.started(0, &$0, &scheduler) }
        #expect(scheduler.deadline == nil && scheduler.sequence == 0)
    }

    @Test func theLossDrawLosesItsShareTheSameForEveryPolicy() throws {
        let lossy = try failures("loss=0.3")
        func drawn(seed: UInt64) -> [Bool] {
            var draws = NetworkDraws(seed: seed)
            draws.begin(sessionKey: 42, firstPage: 0, first: 0, last: 999)
            return (0 ..< 2_000).map { lossy.isLost(page: $0 / 2, n: $0 % 2, &draws) }
        }
        let lost = drawn(seed: 7)
        // 2,000 draws at 0.3: within 4.5 standard deviations (±0.046) of it.
        let share = Double(lost.filter { $0 }.count) / 2_000
        #expect(abs(share - 0.3) < 0.046)
        #expect(lost == drawn(seed: 7))
        #expect(lost != drawn(seed: 8))
        let none = try failures("loss=0"), all = try failures("loss=1")
        var draws = NetworkDraws(seed: 7)
        draws.begin(sessionKey: 42, firstPage: 0, first: 0, last: 999)
        for page in 0 ..< 100 {
            #expect(none.isLost(page: page, n: 0, &draws) == false)
            #expect(all.isLost(page: page, n: 0, &draws) == true)
        }
    }
}
