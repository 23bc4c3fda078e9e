import Testing
@testable import DeckBench

@Suite struct EventQueueTests {
    private func drain(_ queue: inout EventQueue, until limitUs: Int = .max) -> [String] {
        var order: [String] = []
        while let event = queue.popEvent(notAfterUs: limitUs) {
            switch event.action {
            case let .arrival(id): order.append("arrival \(id) @\(event.timeUs)")
            case .transferCheck: order.append("check @\(event.timeUs)")
            case let .timeout(id): order.append("timeout \(id) @\(event.timeUs)")
            default: order.append("other")
            }
        }
        return order
    }

    /// The heap, the timer and the deadline pop as one queue ordered by (time, sequence): at equal
    /// times, what was scheduled first (or took its sequence first) runs first.
    @Test func threePlacesPopInTimeThenSequenceOrder() {
        var queue = EventQueue()
        let timeoutSequence = queue.takeSequence()         // sequence 0, as if scheduled now
        queue.schedule(.arrival(request: 1), atUs: 100)     // 1
        queue.setTimer(LinkTimer.transferCheck, atUs: 100)           // 2
        queue.schedule(.arrival(request: 2), atUs: 50)      // 3
        queue.setDeadline(.timeout(request: 7), atUs: 100, sequence: timeoutSequence)
        #expect(drain(&queue) == ["arrival 2 @50", "timeout 7 @100", "arrival 1 @100", "check @100"])
        #expect(queue.nowUs == 100)
    }

    /// An arrival scheduled where it can be taken back goes to the link's list, unless the list
    /// is full; taken back, it never pops, and the others pop as before.
    @Test func anArrivalInTheLinksListIsTakenBack() {
        var queue = EventQueue()
        var taken: [Bool] = []
        for (id, timeUs) in [(1, 30), (2, 20), (3, 20)] {
            let sequence = queue.takeSequence()
            taken.append(queue.scheduleCancellableArrival(of: id, atUs: timeUs, sequence: sequence))
        }
        #expect(taken == [true, true, true])
        queue.cancelArrival(of: 2)
        #expect(drain(&queue) == ["arrival 3 @20", "arrival 1 @30"])
        for id in 0 ..< EventQueue.linkListLimit { queue.scheduleOnLink(.arrival(request: id), atUs: 40) }
        let sequence = queue.takeSequence()
        let takenWhenFull = queue.scheduleCancellableArrival(of: 99, atUs: 50, sequence: sequence)
        #expect(!takenWhenFull)
        #expect(drain(&queue).count == EventQueue.linkListLimit)
    }

    /// The link's list, the heap, the timer and the deadline pop as one queue: random events on
    /// the link (more at once than its list holds, so some go to the heap), with sequences taken
    /// now or earlier, and the user's events between them come out in (time, sequence) order.
    @Test func theLinksListAndTheHeapPopAsOneQueue() {
        var random = SeededGenerator(seed: 3, keys: 8)
        var queue = EventQueue()
        var expected: [(timeUs: Int, sequence: Int, id: Int)] = []
        var taken: [Int] = []
        var sequence = 0
        for id in 0 ..< 300 {
            let timeUs = Int(random.next() % 50)
            switch random.next() % 4 {
            case 0:
                queue.schedule(.arrival(request: id), atUs: timeUs)
                expected.append((timeUs, sequence, id))
                sequence += 1
            case 1:
                queue.scheduleOnLink(.arrival(request: id), atUs: timeUs)
                expected.append((timeUs, sequence, id))
                sequence += 1
            case 2:
                taken.append(queue.takeSequence())
                sequence += 1
            default:
                guard !taken.isEmpty else { continue }
                let earlier = taken.remove(at: Int(random.next() % UInt64(taken.count)))
                queue.scheduleOnLink(.arrival(request: id), atUs: timeUs, sequence: earlier)
                expected.append((timeUs, earlier, id))
            }
        }
        queue.setTimer(LinkTimer.transferCheck, atUs: 25)
        let order = expected.sorted { ($0.timeUs, $0.sequence) < ($1.timeUs, $1.sequence) }
        let popped = drain(&queue)
        let checkAt = order.firstIndex { ($0.timeUs, $0.sequence) > (25, sequence) } ?? order.count
        #expect(expected.count > 64)
        #expect(popped == order[..<checkAt].map { "arrival \($0.id) @\($0.timeUs)" } + ["check @25"]
            + order[checkAt...].map { "arrival \($0.id) @\($0.timeUs)" })
    }

    @Test func aNewTimerReplacesTheOldAndClearingEmptiesTheSlots() {
        var queue = EventQueue()
        queue.setTimer(LinkTimer.transferCheck, atUs: 300)
        queue.setTimer(LinkTimer.transferCheck, atUs: 200)
        queue.setDeadline(.timeout(request: 1), atUs: 250, sequence: queue.takeSequence())
        #expect(drain(&queue, until: 260) == ["check @200", "timeout 1 @250"])
        queue.setTimer(LinkTimer.transferCheck, atUs: 400)
        queue.setDeadline(.timeout(request: 2), atUs: 500, sequence: queue.takeSequence())
        queue.cancelTimer()
        queue.clearDeadline()
        #expect(drain(&queue).isEmpty)
    }

    /// Nothing is scheduled before now, events after the limit wait, and the clock never goes back.
    @Test func theClockNeverGoesBack() {
        var queue = EventQueue()
        queue.advance(toUs: 1_000)
        queue.schedule(.arrival(request: 1), atUs: 10)
        queue.schedule(.arrival(request: 2), atUs: 2_000)
        #expect(drain(&queue, until: 1_500) == ["arrival 1 @1000"])
        queue.advance(toUs: 500)
        #expect(queue.nowUs == 1_000)
        #expect(drain(&queue) == ["arrival 2 @2000"])
        queue.reset()
        #expect(queue.nowUs == 0 && drain(&queue).isEmpty)
    }
}
