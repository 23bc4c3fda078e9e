import Testing
@testable import DeckBench

/// The shared downlink worked by hand: 250,000 bytes a second (2,000 kbit/s) shared fairly, and a
/// trace's packets in turn.
@Suite struct SharedDownlinkTests {
    private typealias Scheduled = TestScheduler.Scheduled
    private static let rate = 250_000
    private let log = requestLog((0 ..< 2).map { Request(page: $0, kind: .demand, upUs: 30_000, downUs: 30_000) })

    /// With a check for the first transfer (`sole` false) or its arrival scheduled at its start
    /// (`sole` true, taken back at the join): the same transfers, the same arrivals.
    @Test(arguments: [false, true])
    func aTransferJoiningHalfwaySharesTheRestAndBothArriveTogether(sole: Bool) {
        // 20,000 bytes alone from 0: due at 80 ms. At 40 ms 10,000 bytes join: the first has 10,000
        // left, so both have 10,000 at half the rate each, 80 ms more: both through at 120 ms.
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        log[0].arrivalSequence = 5
        log[1].arrivalSequence = 6
        downlink.start(0, bytes: 20_000, sole: sole, log, &scheduler)
        if sole {
            #expect(scheduler.timer == nil && downlink.hasAloneTransfer)
        } else {
            #expect(scheduler.timer?.timer == .transferCheck && scheduler.timer?.atUs == 80_000)
        }
        scheduler.nowUs = 40_000
        downlink.start(1, bytes: 10_000, sole: false, log, &scheduler)
        #expect(scheduler.cancelled == (sole ? [0] : []) && scheduler.takeEvents().isEmpty)
        #expect(scheduler.timer?.atUs == 120_000 && !downlink.hasAloneTransfer)
        scheduler.nowUs = 120_000
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: 0), atUs: 150_000, sequence: 5),
                                           .init(event: .arrival(request: 1), atUs: 150_000, sequence: 6)])
        #expect(downlink.isIdle && scheduler.timer == nil)
    }

    /// Every transfer checked (`checked`), or the one left by a check going on alone: the same
    /// arrivals, at the same times and in the same places.
    @Test(arguments: [false, true])
    func aCheckLeavingOneTransferHasItsArrivalWhereItsNextCheckWouldPutIt(checked: Bool) {
        // 10,000 and 30,000 bytes from 0: the first is through at 80 ms (half the rate); the second
        // then has 20,000 left alone: 80 ms more, arriving 30 ms after.
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        downlink.arrivesAtStart = !checked
        var scheduler = TestScheduler()
        log[0].arrivalSequence = 5
        log[1].arrivalSequence = 6
        downlink.startAlone(0, bytes: 30_000, sole: false, log, &scheduler)
        downlink.join(1, bytes: 10_000, &scheduler)
        #expect(scheduler.timer?.atUs == 80_000)
        scheduler.nowUs = 79_999
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents().isEmpty && scheduler.timer?.atUs == 80_000)
        scheduler.nowUs = 80_000
        downlink.transferCheck(log, &scheduler)
        let first = Scheduled(event: .arrival(request: 1), atUs: 110_000, sequence: 6)
        let second = Scheduled(event: .arrival(request: 0), atUs: 190_000, sequence: 5)
        if checked {
            #expect(scheduler.takeEvents() == [first])
            #expect(scheduler.timer?.atUs == 160_000 && !downlink.hasAloneTransfer)
            scheduler.nowUs = 160_000
            downlink.transferCheck(log, &scheduler)
            #expect(scheduler.takeEvents() == [second] && downlink.isIdle)
        } else {
            #expect(scheduler.takeEvents() == [first, second])
            #expect(scheduler.timer == nil && downlink.hasAloneTransfer && downlink.arrivalsAtChecks == 1)
            #expect(!downlink.hasLeft(0, afterUs: 160_000) && downlink.hasLeft(0, afterUs: 160_001))
        }
    }

    @Test func givingUpTheInstantTheTransferACheckLeftAloneIsThroughFollowsTheOrderOfItsCheck() {
        // Left alone at 80 ms, through at 160 ms; the check it stands for took number 0.
        for (sequence, cancelled) in [(1, [Int]()), (-1, [0])] {
            var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
            var scheduler = TestScheduler()
            downlink.startAlone(0, bytes: 30_000, sole: false, log, &scheduler)
            downlink.join(1, bytes: 10_000, &scheduler)
            scheduler.nowUs = 80_000
            downlink.transferCheck(log, &scheduler)
            scheduler.nowUs = 160_000
            downlink.remove(0, sequence: sequence, &scheduler)
            #expect(scheduler.cancelled == cancelled && downlink.isIdle && !downlink.hasAloneTransfer)
            #expect(scheduler.takeEvents().map(\.event) == [.arrival(request: 1)] + (cancelled.isEmpty ? [.arrival(request: 0)] : []))
        }
    }

    @Test func aResponseJoiningTheTransferACheckLeftAloneTakesItsArrivalBackAndShares() {
        // As above, 20,000 bytes of request 0 left alone at 80 ms (through at 160 ms). At 120 ms
        // request 2's 10,000 bytes join: 10,000 left each at half the rate, both through at 200 ms.
        let log = requestLog((0 ..< 3).map { Request(page: $0, kind: .demand, upUs: 30_000, downUs: 30_000) })
        log[0].arrivalSequence = 5
        log[2].arrivalSequence = 7
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.startAlone(0, bytes: 30_000, sole: false, log, &scheduler)
        downlink.join(1, bytes: 10_000, &scheduler)
        scheduler.nowUs = 80_000
        downlink.transferCheck(log, &scheduler)
        #expect(downlink.hasAloneTransfer && downlink.transfers.count == 1)
        _ = scheduler.takeEvents()
        scheduler.nowUs = 120_000
        downlink.start(2, bytes: 10_000, sole: false, log, &scheduler)
        #expect(scheduler.cancelled == [0] && scheduler.takeEvents().isEmpty && !downlink.hasAloneTransfer)
        #expect(scheduler.timer?.atUs == 200_000)
        scheduler.nowUs = 200_000
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: 0), atUs: 230_000, sequence: 5),
                                           .init(event: .arrival(request: 2), atUs: 230_000, sequence: 7)])
        #expect(downlink.isIdle && scheduler.timer == nil)
    }

    @Test func aRemovedTransferLeavesTheRateToTheOther() {
        // Two of 20,000 bytes from 0 (due at 160 ms); at 40 ms one is given up after 5,000 bytes
        // each: the other's 15,000 left take 60 ms alone.
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.startAlone(0, bytes: 20_000, sole: false, log, &scheduler)
        downlink.join(1, bytes: 20_000, &scheduler)
        #expect(scheduler.timer?.atUs == 160_000)
        scheduler.nowUs = 40_000
        downlink.remove(1, sequence: 0, &scheduler)
        #expect(scheduler.timer?.atUs == 100_000)
        downlink.remove(1, sequence: 0, &scheduler)
        #expect(downlink.transfers.count == 1)
    }

    // MARK: A transfer alone, its arrival scheduled when it starts

    @Test func aSoleTransferAloneHasItsArrivalScheduledAtOnceAndNoCheck() {
        // 20,000 bytes alone from 0: through at 80 ms, arriving 30 ms later, in the place its
        // request took when it started. At 110 ms another response starts: the first has left,
        // so the second (10,000 bytes: 40 ms) is alone too.
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        log[0].arrivalSequence = 5
        log[1].arrivalSequence = 6
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: 0), atUs: 110_000, sequence: 5)])
        #expect(scheduler.timer == nil && downlink.hasAloneTransfer)
        #expect(!downlink.hasLeft(0, afterUs: 80_000) && downlink.hasLeft(0, afterUs: 80_001))
        scheduler.nowUs = 110_000
        downlink.start(1, bytes: 10_000, sole: true, log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: 1), atUs: 180_000, sequence: 6)])
        #expect(downlink.transfers.count == 1 && scheduler.timer == nil && scheduler.cancelled.isEmpty)
    }

    @Test func aResponseStartingTheInstantTheTransferAloneIsThroughJoinsItAndItsCheckFallsDueAtOnce() {
        // Through at 80 ms exactly: a response starting then joins it (before or after the check it
        // stands for, the same: it has nothing left to share). Its arrival is taken back, and the
        // join's check, due at once, puts it back where it was; the new response then has the rate
        // alone (10,000 bytes: 40 ms).
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        log[0].arrivalSequence = 5
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        scheduler.nowUs = 80_000
        downlink.start(1, bytes: 10_000, sole: true, log, &scheduler)
        #expect(scheduler.cancelled == [0] && scheduler.takeEvents().isEmpty)
        #expect(scheduler.timer?.atUs == 80_000 && downlink.transfers.count == 2)
        // The check puts the arrival back, and leaves the new response alone: through at 120 ms.
        log[1].arrivalSequence = 6
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents() == [.init(event: .arrival(request: 0), atUs: 110_000, sequence: 5),
                                           .init(event: .arrival(request: 1), atUs: 150_000, sequence: 6)])
        #expect(scheduler.timer == nil && downlink.hasAloneTransfer && downlink.transfers.count == 1 && downlink.transfers[0].id == 1)
    }

    @Test func aResponseStartingAfterTheTransferAloneIsThroughHasTheRateAlone() {
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        scheduler.nowUs = 80_001
        downlink.start(1, bytes: 10_000, sole: true, log, &scheduler)
        #expect(scheduler.cancelled.isEmpty && scheduler.timer == nil)
        #expect(scheduler.takeEvents().map(\.atUs) == [110_000, 150_001])
        #expect(downlink.transfers.count == 1 && downlink.transfers[0].id == 1)
    }

    @Test func givingUpTheInstantTheTransferAloneIsThroughFollowsTheOrderOfItsCheck() {
        // The check it stands for took sequence number 0 (the scheduler's first); a timeout event
        // numbered after it finds the transfer gone (its arrival stands), one numbered before
        // takes the arrival back with the transfer.
        for (sequence, cancelled) in [(1, [Int]()), (-1, [0])] {
            var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
            var scheduler = TestScheduler()
            downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
            scheduler.nowUs = 80_000
            downlink.remove(0, sequence: sequence, &scheduler)
            #expect(scheduler.cancelled == cancelled && downlink.isIdle && !downlink.hasAloneTransfer)
            #expect(scheduler.takeEvents().count == 1 - cancelled.count)
        }
    }

    @Test func aTransferAloneWithNoDownHalfGetsACheck() {
        // Its arrival would fall due with its check and overtake the events of that instant that
        // the check runs after.
        let log = requestLog([Request(page: 0, kind: .demand, upUs: 0, downUs: 0)])
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        #expect(scheduler.timer?.atUs == 80_000 && scheduler.takeEvents().isEmpty && !downlink.hasAloneTransfer)
    }

    @Test func removingTheTransferAloneTakesItsArrivalBackUntilItIsThrough() {
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        scheduler.nowUs = 40_000
        downlink.remove(1, sequence: 0, &scheduler)
        #expect(scheduler.cancelled.isEmpty && downlink.hasAloneTransfer)
        downlink.remove(0, sequence: 0, &scheduler)
        #expect(scheduler.cancelled == [0] && downlink.isIdle && !downlink.hasAloneTransfer)
        // Through before it is given up: its arrival stands, as a check would have scheduled it.
        scheduler.nowUs = 50_000
        downlink.start(1, bytes: 10_000, sole: true, log, &scheduler)
        scheduler.nowUs = 95_000
        downlink.remove(1, sequence: 0, &scheduler)
        #expect(scheduler.cancelled == [0] && downlink.isIdle)
        #expect(scheduler.takeEvents().map(\.event) == [.arrival(request: 1)])
    }

    @Test func aTransferAloneGetsACheckWhenOthersAreInFlightOrTheSchedulerCannotTakeBack() {
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        downlink.start(0, bytes: 20_000, sole: false, log, &scheduler)
        #expect(scheduler.timer?.atUs == 80_000 && scheduler.takeEvents().isEmpty && !downlink.hasAloneTransfer)
        downlink.reset(traceOffsetUs: 0)
        scheduler.cancelTimer()
        scheduler.refusesCancellable = true
        downlink.start(0, bytes: 20_000, sole: true, log, &scheduler)
        #expect(scheduler.timer?.atUs == 80_000 && scheduler.takeEvents().isEmpty && !downlink.hasAloneTransfer)
    }

    @Test func aWindowsRoundThroughIsNoArrivalUntilTheLastRound() {
        var downlink = SharedDownlink(bytesPerSecond: Self.rate, trace: nil, loop: true)
        var scheduler = TestScheduler()
        #expect(downlink.addRound(0, bytes: 2_500, endsResponse: false, &scheduler) == 1)
        scheduler.nowUs = 10_000
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents().isEmpty && downlink.isIdle)
        #expect(downlink.addRound(0, bytes: 2_500, endsResponse: true, &scheduler) == 1)
        scheduler.nowUs = 20_000
        downlink.transferCheck(log, &scheduler)
        #expect(scheduler.takeEvents().map(\.event) == [.arrival(request: 0)])
    }

    @Test func aTracesPacketsGoToTheTransfersInTurn() throws {
        // One packet at 1 ms, two at 2 ms, a period of 4 ms. Request 0 needs two packets, request 1
        // one: the packet at 1 ms is request 0's; at 2 ms the turn is request 1's (through), then
        // request 0's (through): request 1 is scheduled first.
        let trace = try LinkTrace(path: "t.down", text: "1\n2\n2\n4\n")
        var downlink = SharedDownlink(bytesPerSecond: 0, trace: trace, loop: true)
        downlink.reset(traceOffsetUs: 0)
        var scheduler = TestScheduler()
        downlink.enqueuePackets(0, bytes: 3_000, &scheduler)
        downlink.enqueuePackets(1, bytes: 1_500, &scheduler)
        #expect(scheduler.timer?.timer == .deliveryOpportunity && scheduler.timer?.atUs == 1_000)
        scheduler.nowUs = 1_000
        downlink.deliver(log, &scheduler)
        #expect(scheduler.takeEvents().isEmpty && scheduler.timer?.atUs == 2_000)
        scheduler.nowUs = 2_000
        downlink.deliver(log, &scheduler)
        #expect(scheduler.takeEvents().map(\.event) == [.arrival(request: 1), .arrival(request: 0)])
        #expect(downlink.isIdle == true)
    }
}
