import HeapModule

/// The virtual clock of a replay: a min-heap of events ordered by (time, sequence). Time never
/// moves backwards; nothing here reads a real clock.
struct EventQueue {
    private var heap = Heap<ScheduledEvent>()
    private var sequence = 0
    /// The current virtual time, in microseconds.
    private(set) var nowUs = 0

    mutating func reset() {
        heap = Heap()
        sequence = 0
        nowUs = 0
    }

    /// Schedules `action` at `timeUs` (not before now).
    /// - Complexity: O(log n).
    mutating func schedule(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        heap.insert(ScheduledEvent(timeUs: max(timeUs, nowUs), sequence: sequence, action: action))
        sequence += 1
    }

    /// Removes and returns the next event due no later than `limitUs`, moving the clock to it.
    mutating func popEvent(notAfterUs limitUs: Int) -> ScheduledEvent? {
        guard let next = heap.min, next.timeUs <= limitUs else { return nil }
        nowUs = next.timeUs
        return heap.removeMin()
    }

    /// Moves the clock to `timeUs` (a recorded user event), never backwards.
    mutating func advance(toUs timeUs: Int) {
        nowUs = max(nowUs, timeUs)
    }
}
