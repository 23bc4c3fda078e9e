// The replay's event queue as the link's clock: the link's events go to the queue's short list for
// them, its timer and deadline to the queue's two slots.
extension EventQueue: LinkScheduler {
    @inline(__always)
    mutating func schedule(_ event: LinkEvent, atUs timeUs: Int, sequence: Int?) {
        scheduleOnLink(ScheduledEvent.Action(event), atUs: timeUs, sequence: sequence)
    }

    @inline(__always)
    mutating func scheduleCancellableArrival(of id: Int, atUs timeUs: Int, sequence: Int) -> Bool {
        scheduleOnLinkList(.arrival(request: id), atUs: timeUs, sequence: sequence)
    }

    mutating func cancelArrival(of id: Int) {
        removeFromLinkList { action in
            if case .arrival(request: id) = action { return true }
            return false
        }
    }

    @inline(__always)
    mutating func setTimer(_ timer: LinkTimer, atUs timeUs: Int) {
        let action: ScheduledEvent.Action = timer == .transferCheck ? .transferCheck : .deliveryOpportunity
        setTimer(action, atUs: timeUs)
    }

    @inline(__always)
    mutating func setDeadline(request id: Int, atUs timeUs: Int, sequence: Int) {
        let action = ScheduledEvent.Action.timeout(request: id)
        setDeadline(action, atUs: timeUs, sequence: sequence)
    }
}

extension ScheduledEvent.Action {
    /// The queue's action for the link's `event`.
    @inline(__always)
    init(_ event: LinkEvent) {
        switch event {
        case let .responseStart(id): self = .responseStart(request: id)
        case let .windowRound(id): self = .windowRound(request: id)
        case .queueArrivals: self = .queueArrivals
        case let .arrival(id): self = .arrival(request: id)
        }
    }
}
