import HeapModule

/// The virtual clock of a replay: events ordered by (time, sequence). Time never moves
/// backwards; nothing here reads a real clock.
///
/// Events live in one of four places, chosen by how they are scheduled, so that the heap holds
/// only the events that need one: a min-heap for the user's and the app's events (swipes
/// completing, retries), a short sorted list for the link's (`scheduleOnLink`: a response leaving
/// the server, a response arriving; one or two per request in flight, so a few at a time), and
/// two slots that a new event replaces: the link's next transfer check or delivery (`setTimer`),
/// and the earliest request timeout still to come (`setDeadline`; the link keeps the others, which
/// fall due in the order their requests started, and moves the slot on). Popping takes the least
/// (time, sequence) of the four, so the order is the one a single heap holding every live event
/// would give; the sequence number of a timeout or an arrival is taken when its request starts
/// (`takeSequence`).
struct EventQueue: ~Copyable {
    private(set) var heap = Heap<ScheduledEvent>()
    /// The link's events, latest first (the next one is the last); past `linkListLimit` of them
    /// (a link with unlimited connections and many requests at once) new ones go to the heap.
    private(set) var linkEvents = FlatList<ScheduledEvent>(capacity: 16)
    static let linkListLimit = 32
    /// The two slots, each empty when its time is `Self.empty` (no event is due then: the link
    /// sets them at finite times), so that popping compares integers and copies only the event
    /// it takes.
    private var timerSlot = ScheduledEvent(timeUs: EventQueue.empty, sequence: 0, action: .transferCheck)
    private var deadlineSlot = ScheduledEvent(timeUs: EventQueue.empty, sequence: 0, action: .transferCheck)
    private static var empty: Int { .max }
    var timer: ScheduledEvent? { timerSlot.timeUs == Self.empty ? nil : timerSlot }
    var deadline: ScheduledEvent? { deadlineSlot.timeUs == Self.empty ? nil : deadlineSlot }
    private(set) var sequence = 0
    /// The current virtual time, in microseconds.
    private(set) var nowUs = 0

    /// Empties the queue for a new session, keeping its storage.
    mutating func reset() {
        // Usually empty at a session's end: the generic removal cost about 70 instructions even then.
        if !heap.isEmpty { heap.removeAll(where: { _ in true }) }
        linkEvents.removeAll()
        timerSlot.timeUs = Self.empty
        deadlineSlot.timeUs = Self.empty
        sequence = 0
        nowUs = 0
        checkInvariants()
    }

    /// Schedules `action` at `timeUs` (not before now).
    /// - Complexity: O(log n).
    mutating func schedule(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        heap.insert(next(action, atUs: timeUs))
        checkInvariants()
    }

    /// Schedules `action` at `timeUs` (not before now) with a sequence number taken earlier
    /// (`takeSequence`): its place among events of the same instant is the one it had then.
    /// - Complexity: O(log n).
    mutating func schedule(_ action: ScheduledEvent.Action, atUs timeUs: Int, sequence: Int) {
        heap.insert(ScheduledEvent(timeUs: max(timeUs, nowUs), sequence: sequence, action: action))
        checkInvariants()
    }

    /// Schedules the link's `action` at `timeUs` (not before now), with a sequence number taken
    /// earlier (`takeSequence`) or now. Inlined: a call cost its caller (`Link.start`, once a
    /// request) more than the insertion itself.
    @inline(__always)
    mutating func scheduleOnLink(_ action: ScheduledEvent.Action, atUs timeUs: Int, sequence: Int? = nil) {
        let event = ScheduledEvent(timeUs: max(timeUs, nowUs), sequence: sequence ?? takeSequence(), action: action)
        defer { checkInvariants() }
        guard linkEvents.count < Self.linkListLimit else { return heap.insert(event) }
        linkEvents.insertFromEnd(event) { $0 < event }
    }

    /// Schedules the link's `action` at `timeUs` (not before now) with a sequence number taken
    /// earlier, in the link's list, from which `removeFromLinkList` can take it back; false
    /// (nothing scheduled) when the list is full. Out of line: inlined, it kept `Link`'s start of
    /// a response out of the replayer's loop.
    @inline(never)
    mutating func scheduleOnLinkList(_ action: ScheduledEvent.Action, atUs timeUs: Int, sequence: Int) -> Bool {
        guard linkEvents.count < Self.linkListLimit else { return false }
        scheduleOnLink(action, atUs: timeUs, sequence: sequence)
        return true
    }

    /// Takes back the link's event whose action `matches`, scheduled by `scheduleOnLinkList` and
    /// not due yet: looked for from the next event due on (an arrival taken back is mostly near it).
    mutating func removeFromLinkList(where matches: (ScheduledEvent.Action) -> Bool) {
        guard let index = linkEvents.lastIndex(where: { matches($0.action) }) else {
            preconditionFailure("EventQueue: the link's event to take back is not in its list")
        }
        _ = linkEvents.remove(at: index)
        checkInvariants()
    }

    /// A sequence number for an event to be scheduled later with it (`setDeadline`): the place
    /// in the order that the event would have had if scheduled now.
    mutating func takeSequence() -> Int {
        // Wrapping, as in `next`: a session schedules far fewer than 2⁶³ events.
        defer { sequence &+= 1 }
        return sequence
    }

    /// Sets the deadline slot to `action` at `timeUs` with the sequence number taken for it,
    /// replacing what was there; `nil` empties it.
    mutating func setDeadline(_ action: ScheduledEvent.Action, atUs timeUs: Int, sequence: Int) {
        invariant(timeUs < Self.empty, "a deadline at the end of time")
        deadlineSlot = ScheduledEvent(timeUs: timeUs, sequence: sequence, action: action)
        checkInvariants()
    }

    mutating func clearDeadline() {
        deadlineSlot.timeUs = Self.empty
    }

    /// Sets the timer to `action` at `timeUs`, replacing the timer set before, if any.
    mutating func setTimer(_ action: ScheduledEvent.Action, atUs timeUs: Int) {
        invariant(timeUs < Self.empty, "a timer at the end of time")
        timerSlot = next(action, atUs: timeUs)
        checkInvariants()
    }

    mutating func cancelTimer() {
        timerSlot.timeUs = Self.empty
    }

    private mutating func next(_ action: ScheduledEvent.Action, atUs timeUs: Int) -> ScheduledEvent {
        defer { sequence &+= 1 }
        return ScheduledEvent(timeUs: max(timeUs, nowUs), sequence: sequence, action: action)
    }

    /// Removes and returns the next event due no later than `limitUs`, moving the clock to it.
    @inline(__always)
    mutating func popEvent(notAfterUs limitUs: Int) -> ScheduledEvent? {
        // The least (time, sequence) due, by its two integers; the event itself is copied once.
        var source = Source.none
        var earliestUs = 0
        var earliestSequence = 0
        if let top = heap.min, top.timeUs <= limitUs {
            (earliestUs, earliestSequence, source) = (top.timeUs, top.sequence, .heap)
        }
        if let next = linkEvents.last, next.timeUs <= limitUs,
           source == .none || next.timeUs < earliestUs || (next.timeUs == earliestUs && next.sequence < earliestSequence) {
            (earliestUs, earliestSequence, source) = (next.timeUs, next.sequence, .link)
        }
        // An empty slot's time is `Self.empty`, above any limit a slot is compared with.
        let slotLimitUs = min(limitUs, Self.empty - 1)
        if deadlineSlot.timeUs <= slotLimitUs, source == .none || deadlineSlot.timeUs < earliestUs
            || (deadlineSlot.timeUs == earliestUs && deadlineSlot.sequence < earliestSequence) {
            (earliestUs, earliestSequence, source) = (deadlineSlot.timeUs, deadlineSlot.sequence, .deadline)
        }
        if timerSlot.timeUs <= slotLimitUs, source == .none || timerSlot.timeUs < earliestUs
            || (timerSlot.timeUs == earliestUs && timerSlot.sequence < earliestSequence) {
            source = .timer
        }
        let earliest: ScheduledEvent
        switch source {
        case .none: return nil
        case .heap: earliest = heap.removeMin()
        case .link: earliest = linkEvents.removeLast()
        case .deadline:
            earliest = deadlineSlot
            deadlineSlot.timeUs = Self.empty
        case .timer:
            earliest = timerSlot
            timerSlot.timeUs = Self.empty
        }
        invariant(earliest.timeUs >= nowUs, "the clock would go back from \(nowUs) to \(earliest.timeUs) µs")
        nowUs = earliest.timeUs
        checkInvariants()
        return earliest
    }

    private enum Source { case none, heap, link, deadline, timer }

    /// When the next event falls due; `nil` when nothing is scheduled.
    var nextTimeUs: Int? {
        var soonest = heap.min?.timeUs
        if let timeUs = linkEvents.last?.timeUs, soonest.map({ timeUs < $0 }) ?? true { soonest = timeUs }
        if let timeUs = deadline?.timeUs, soonest.map({ timeUs < $0 }) ?? true { soonest = timeUs }
        if let timeUs = timer?.timeUs, soonest.map({ timeUs < $0 }) ?? true { soonest = timeUs }
        return soonest
    }

    /// Moves the clock to `timeUs` (a recorded user event), never backwards.
    mutating func advance(toUs timeUs: Int) {
        nowUs = max(nowUs, timeUs)
        checkInvariants()
    }
}
