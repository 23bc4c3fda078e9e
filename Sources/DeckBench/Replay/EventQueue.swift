import DequeModule
import HeapModule

/// The virtual clock of a replay: events ordered by (time, sequence). Time never moves
/// backwards; nothing here reads a real clock.
///
/// Events live in one of three places, chosen by how they are scheduled, so that the heap holds
/// only the events that need one: a min-heap for events at any time, a FIFO for events a fixed
/// delay after now (request timeouts: they fall due in the order they were scheduled), and one
/// timer slot that a new timer replaces (the link's next transfer check or delivery). Popping
/// takes the least (time, sequence) of the three, so the order is the one a single heap holding
/// every live event would give.
struct EventQueue {
    private var heap = Heap<ScheduledEvent>()
    private var inOrder = Deque<ScheduledEvent>()
    private var timer: ScheduledEvent?
    private var sequence = 0
    /// The current virtual time, in microseconds.
    private(set) var nowUs = 0

    /// Empties the queue for a new session, keeping its storage.
    mutating func reset() {
        heap.removeAll(where: { _ in true })
        inOrder.removeAll(keepingCapacity: true)
        timer = nil
        sequence = 0
        nowUs = 0
    }

    /// Schedules `action` at `timeUs` (not before now).
    /// - Complexity: O(log n).
    mutating func schedule(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        heap.insert(next(action, atUs: timeUs))
    }

    /// Schedules `action` at `timeUs`, which is no earlier than that of any event scheduled this
    /// way before (the same delay after a clock that never goes back).
    /// - Complexity: O(1).
    mutating func scheduleInOrder(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        let event = next(action, atUs: timeUs)
        assert(inOrder.last.map { $0.timeUs <= event.timeUs } ?? true, "events scheduled in order must not go back in time")
        inOrder.append(event)
    }

    /// Sets the timer to `action` at `timeUs`, replacing the timer set before, if any.
    mutating func setTimer(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        timer = next(action, atUs: timeUs)
    }

    mutating func cancelTimer() {
        timer = nil
    }

    private mutating func next(_ action: ScheduledEvent.Action, atUs timeUs: Int) -> ScheduledEvent {
        defer { sequence += 1 }
        return ScheduledEvent(timeUs: max(timeUs, nowUs), sequence: sequence, action: action)
    }

    /// Removes and returns the next event due no later than `limitUs`, moving the clock to it.
    mutating func popEvent(notAfterUs limitUs: Int) -> ScheduledEvent? {
        var earliest = heap.min
        var source = Source.heap
        if let first = inOrder.first, earliest.map({ first < $0 }) ?? true {
            earliest = first
            source = .inOrder
        }
        if let timer, earliest.map({ timer < $0 }) ?? true {
            earliest = timer
            source = .timer
        }
        guard let event = earliest, event.timeUs <= limitUs else { return nil }
        nowUs = event.timeUs
        switch source {
        case .heap: _ = heap.removeMin()
        case .inOrder: _ = inOrder.removeFirst()
        case .timer: timer = nil
        }
        return event
    }

    private enum Source { case heap, inOrder, timer }

    /// Moves the clock to `timeUs` (a recorded user event), never backwards.
    mutating func advance(toUs timeUs: Int) {
        nowUs = max(nowUs, timeUs)
    }
}
