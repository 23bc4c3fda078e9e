// The queue's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension EventQueue {
    /// Stops the process when the queue's bookkeeping is broken: the link's list not sorted latest
    /// first (its next event last) or longer than its limit, an event due before the clock (the
    /// clock would go back when it pops), an event whose sequence number was never handed out, or
    /// two events of one instant and one sequence number (their order would be undefined).
    func checkInvariants() {
        guard InternalChecks.enabled else { return }
        precondition(linkEvents.count <= Self.linkListLimit, "EventQueue: \(linkEvents.count) link events, limit \(Self.linkListLimit)")
        for index in 1 ..< max(1, linkEvents.count) {
            precondition(linkEvents[index] < linkEvents[index - 1], "EventQueue: link events \(index - 1) and \(index) out of order")
        }
        var pending: [ScheduledEvent] = Array(heap.unordered)
        for index in 0 ..< linkEvents.count { pending.append(linkEvents[index]) }
        if let timer { pending.append(timer) }
        if let deadline { pending.append(deadline) }
        struct Stamp: Hashable { var timeUs, sequence: Int }
        var seen = Set<Stamp>()
        for event in pending {
            precondition(event.timeUs >= nowUs, "EventQueue: an event at \(event.timeUs) µs, before the clock's \(nowUs) µs")
            precondition(event.sequence >= 0 && event.sequence < sequence,
                         "EventQueue: sequence \(event.sequence) not handed out (next \(sequence))")
            precondition(seen.insert(Stamp(timeUs: event.timeUs, sequence: event.sequence)).inserted,
                         "EventQueue: two events at \(event.timeUs) µs with sequence \(event.sequence)")
        }
    }
}
#else
extension EventQueue {
    @inline(__always) func checkInvariants() {}
}
#endif
