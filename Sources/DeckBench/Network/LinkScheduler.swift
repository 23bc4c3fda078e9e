/// The virtual clock a `Link` runs on, and the events it schedules there: the replay's event
/// queue (`EventQueue`), or a test's. The link never reads a real clock; it asks for its events
/// at virtual times and is called back when each falls due.
///
/// Three kinds of event, by how many can be pending: the link's own events (one or two per request
/// in flight), one timer (the downlink's next transfer check or trace delivery; a new one replaces
/// it) and one deadline (the earliest request timeout still to come, which the link moves on).
/// Events of one instant run in the order of their sequence numbers; a request takes the numbers of
/// its later arrival and timeout when it starts (`takeSequence`).
protocol LinkScheduler: ~Copyable {
    /// Now on the virtual clock, µs.
    var nowUs: Int { get }
    /// A sequence number for an event to be scheduled later with it: the place in the order that
    /// the event would have had if scheduled now.
    mutating func takeSequence() -> Int
    /// Schedules `event` at `timeUs` (not before now), with a sequence number taken earlier, or now
    /// when `sequence` is nil.
    mutating func schedule(_ event: LinkEvent, atUs timeUs: Int, sequence: Int?)
    /// Schedules request `id`'s arrival at `timeUs` (not before now) with a sequence number taken
    /// earlier, if it can take it back later (`cancelArrival`); else schedules nothing and
    /// returns false.
    mutating func scheduleCancellableArrival(of id: Int, atUs timeUs: Int, sequence: Int) -> Bool
    /// Takes back request `id`'s arrival, scheduled by `scheduleCancellableArrival` and not due yet.
    mutating func cancelArrival(of id: Int)
    /// Sets the timer to `timer` at `timeUs`, replacing the one set before.
    mutating func setTimer(_ timer: LinkTimer, atUs timeUs: Int)
    mutating func cancelTimer()
    /// Sets the deadline to request `id`'s timeout at `timeUs`, with the sequence number it took.
    mutating func setDeadline(request id: Int, atUs timeUs: Int, sequence: Int)
    mutating func clearDeadline()
}

/// An event the link schedules for one of its requests.
enum LinkEvent: Equatable {
    /// Request `id`'s response leaves the server (`Link.responseStarted`).
    case responseStart(request: Int)
    /// The acknowledgement of request `id`'s last round came back: its next round leaves
    /// (`Link.nextRound`).
    case windowRound(request: Int)
    /// The rounds that reached the first-in-first-out downlink this instant go in together
    /// (`Link.takeArrivals`).
    case queueArrivals
    /// Request `id`'s response arrives at the app.
    case arrival(request: Int)
}

/// What the link's timer does when it falls due.
enum LinkTimer: Equatable {
    /// The earliest transfer on the shared downlink may have finished (`Link.transferCheck`).
    case transferCheck
    /// The trace delivers packets now (`Link.deliver`).
    case deliveryOpportunity
}

extension LinkScheduler where Self: ~Copyable {
    /// Schedules `event` at `timeUs` (not before now), its sequence number taken now.
    @inline(__always)
    mutating func schedule(_ event: LinkEvent, atUs timeUs: Int) {
        schedule(event, atUs: timeUs, sequence: nil)
    }
}

extension LinkScheduler where Self: ~Copyable {
    /// Request `id`'s response arrives half a round trip after its last byte left the downlink at
    /// `leftUs`, in the place its request took when it started.
    @inline(__always)
    mutating func scheduleArrival(of id: Int, leftAtUs leftUs: Int, _ requests: RequestLog) {
        let request = requests[id]
        schedule(.arrival(request: id), atUs: leftUs + request.downUs, sequence: request.arrivalSequence)
    }

    /// As `scheduleArrival`, where `cancelArrival` can take it back; false (nothing scheduled)
    /// where it cannot.
    @inline(__always)
    mutating func scheduleCancellableArrival(of id: Int, leftAtUs leftUs: Int, _ requests: RequestLog) -> Bool {
        let request = requests[id]
        return scheduleCancellableArrival(of: id, atUs: leftUs + request.downUs, sequence: request.arrivalSequence)
    }
}
