/// The downlink's bytes shared among the responses transferring on it: fairly at a constant rate
/// (processor sharing: each of k transfers gets 1/k of the rate), or packet by packet in turn on a
/// Mahimahi trace's delivery opportunities. A transfer that is through has its response arrive
/// half a round trip later. On a constant rate the downlink keeps one timer, its next transfer
/// check; on a trace, its next delivery opportunity. A transfer alone on the constant rate needs
/// no check: its arrival is scheduled when it starts, or when a check leaves it alone, and taken
/// back if another joins before it is through (`start`, `transferCheck`).
struct SharedDownlink: ~Copyable {
    /// The constant rate, bytes per second (0 on a trace, whose opportunities set the pace).
    let bytesPerSecond: Int
    /// The trace, and whether it repeats at its end.
    private let trace: LinkTrace?
    private let loop: Bool
    /// Where this session's trace starts, µs into the trace.
    private(set) var traceOffsetUs = 0
    private var opportunityScheduled = false
    private var roundRobin = 0
    /// Responses transferring, in the order they started.
    private(set) var transfers = FlatList<Transfer>(capacity: 8)
    private var updatedUs = 0
    /// What each transfer in progress was given since the downlink was last idle, in millionths of
    /// a byte: every transfer gets the same share, so a transfer's remaining work is its `work`
    /// less this, and a share is one addition however many share it.
    private var served = 0
    /// When the transfer alone (started alone, or left alone by a check), its arrival already
    /// scheduled, is through, and the sequence number its check would have had (taken all the
    /// same, so that every later number is the one it would have been): the check it stands for
    /// falls due at (`aloneThroughUs`, `aloneSequence`). `Int.max` when there is no such transfer.
    /// Until another transfer joins, nothing is served: `served` stays 0 and `updatedUs` where it
    /// went alone, as a check would have left them.
    private var aloneThroughUs = Int.max
    private var aloneSequence = 0
    /// Whether a transfer alone may have its arrival scheduled at its start or when a check leaves
    /// it alone (off: every transfer is checked, as before that shortcut, and tests hold the two to
    /// the same replay; off on a link with windows, whose rounds share the downlink with no
    /// transfer alone beside them).
    var arrivesAtStart = true
    /// How many transfers had their arrival scheduled at their start, for those tests.
    private(set) var arrivalsAtStart = 0
    /// How many transfers left alone by a check had their arrival scheduled then.
    private(set) var arrivalsAtChecks = 0

    /// Requests whose transfer is a window's round with more rounds to follow: when it is through,
    /// the response does not arrive (empty but with windows on the fair share, `tcp_iw` with
    /// `fifo=0`).
    private var roundsWithMore = FlatList<Int>(capacity: 4)

    /// A response on the downlink: its request, and at a constant rate the level of `served` at
    /// which it is through, on a trace the bytes it still has to receive.
    struct Transfer: BitwiseCopyable {
        var id: Int
        var work: Int
    }

    init(bytesPerSecond: Int, trace: LinkTrace?, loop: Bool) {
        self.bytesPerSecond = bytesPerSecond
        self.trace = trace
        self.loop = loop
    }

    /// Empties the downlink for a session that starts `traceOffsetUs` into the trace.
    mutating func reset(traceOffsetUs: Int) {
        self.traceOffsetUs = traceOffsetUs
        opportunityScheduled = false
        roundRobin = 0
        transfers.removeAll()
        roundsWithMore.removeAll()
        updatedUs = 0
        served = 0
        aloneThroughUs = .max
    }

    var isIdle: Bool { transfers.isEmpty }

    /// Whether a transfer that started alone is on the downlink, its arrival scheduled.
    var hasAloneTransfer: Bool { aloneThroughUs != .max }

    /// Whether response `id` is not transferring after `nowUs` (a transfer alone through before
    /// then has left, though it is still listed until the downlink is next used).
    func hasLeft(_ id: Int, afterUs nowUs: Int) -> Bool {
        nowUs > aloneThroughUs || transfers.firstIndex(where: { $0.id == id }) == nil
    }

    // MARK: A constant rate

    /// Response `id` of `bytes` starts on the downlink: alone when nothing else transfers (a
    /// transfer alone that is through by now has left it), else sharing it. `sole` says that no
    /// other request is in flight, so that no other response is on its way to join this one.
    @inline(__always)
    mutating func start<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, bytes: Int, sole: Bool, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        settleAlone(nowUs: scheduler.nowUs)
        guard isIdle else { return join(id, bytes: bytes, &scheduler) }
        startAlone(id, bytes: bytes, sole: sole, requests, &scheduler)
    }

    /// Response `id` of `bytes` starts alone on the idle downlink: it is through when the whole
    /// page has passed at the full rate, rounded up, as `advance` and `scheduleCheck` would find
    /// with one transfer (nothing is served: `served` is 0 whenever the downlink is idle). When its
    /// request is the `sole` one in flight, its arrival is scheduled now, where the scheduler can
    /// take it back; else (another response would likely join it and take the arrival back, which
    /// costs more than the check it saves) a check is, as for shared transfers. An arrival
    /// scheduled now has the place a check's would give it: the same time, and the sequence number
    /// its request took when it started. Not with no down half: the arrival would fall due with the
    /// check and run before events of that instant that the check runs after.
    @inline(__always)
    mutating func startAlone<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, bytes: Int, sole: Bool, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        invariant(served == 0 && aloneThroughUs == .max, "an idle downlink with \(served) served")
        updatedUs = scheduler.nowUs
        let work = bytes * 1_000_000
        transfers.append(Transfer(id: id, work: work))
        let (quotient, remainder) = work.quotientAndRemainder(dividingBy: bytesPerSecond)
        let throughUs = scheduler.nowUs + quotient + (remainder > 0 ? 1 : 0)
        if sole, arrivesAtStart, requests[id].downUs > 0, scheduler.scheduleCancellableArrival(of: id, leftAtUs: throughUs, requests) {
            aloneThroughUs = throughUs
            aloneSequence = scheduler.takeSequence()
            arrivalsAtStart &+= 1
        } else {
            scheduler.setTimer(.transferCheck, atUs: throughUs)
        }
    }

    /// The transfer alone leaves the downlink (its arrival is scheduled) if it was through before
    /// `nowUs`: what its check did then. Through at `nowUs` itself, it stays: a response starting
    /// now joins it (taking its arrival back, the join's check at once putting it back), which is
    /// what happens whether that start comes before the check it stands for or after (a transfer
    /// with nothing left shares nothing, and the later one's check falls due at the same time).
    @inline(__always)
    mutating func settleAlone(nowUs: Int) {
        if nowUs > aloneThroughUs { leaveAlone() }
    }

    /// The transfer alone leaves the downlink (its arrival standing, unless taken back first).
    private mutating func leaveAlone() {
        transfers.removeAll()
        aloneThroughUs = .max
    }

    /// Response `id` of `bytes` joins the transfers sharing the downlink. A transfer alone until
    /// now (not through before now: `start` settled it) shares from here: its arrival is taken
    /// back, and the check this schedules replaces the one it stood for, as every join's replaces
    /// the check before it.
    @inline(never)
    mutating func join<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, bytes: Int, _ scheduler: inout Scheduler) {
        if hasAloneTransfer {
            scheduler.cancelArrival(of: transfers[0].id)
            aloneThroughUs = .max
        }
        advance(now: scheduler.nowUs)
        transfers.append(Transfer(id: id, work: served + bytes * 1_000_000))
        scheduleCheck(&scheduler)
    }

    /// A round of `bytes` of response `id` joins the share: added to its transfer if that is
    /// still in progress, else as a transfer of its own; `endsResponse` says whether it is the
    /// response's last. Returns how many transfers now share the downlink.
    mutating func addRound<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, bytes: Int, endsResponse: Bool, _ scheduler: inout Scheduler) -> Int {
        invariant(!hasAloneTransfer, "a window's round beside a transfer alone")
        advance(now: scheduler.nowUs)
        if let index = transfers.firstIndex(where: { $0.id == id }) {
            transfers[index].work += bytes * 1_000_000
        } else {
            transfers.append(Transfer(id: id, work: served + bytes * 1_000_000))
        }
        let waiting = roundsWithMore.firstIndex(of: id)
        if endsResponse, let waiting { _ = roundsWithMore.remove(at: waiting) }
        if !endsResponse, waiting == nil { roundsWithMore.append(id) }
        scheduleCheck(&scheduler)
        return transfers.count
    }

    /// The earliest transfer may be through: the responses of those through go on to their last
    /// half round trip, and one transfer left goes on alone (`continuesAlone`). Asked to be inlined
    /// into the replayer's loop, its one caller (169,594 checks on the bench slice); the optimizer
    /// declines (2026-11-27, fourth session).
    @inline(__always)
    mutating func transferCheck<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        invariant(!hasAloneTransfer, "a transfer check beside a transfer alone")
        advance(now: scheduler.nowUs)
        var index = 0
        while index < transfers.count {
            if transfers[index].work <= served {
                let id = transfers.remove(at: index).id
                if roundsWithMore.isEmpty || !roundDone(id) { scheduler.scheduleArrival(of: id, leftAtUs: scheduler.nowUs, requests) }
            } else {
                // Wrapping: below `transfers.count`.
                index &+= 1
            }
        }
        if transfers.count == 1, continuesAlone(requests, &scheduler) { return }
        scheduleCheck(&scheduler)
    }

    /// The one transfer a check leaves goes on alone, as one starting alone does (`startAlone`):
    /// its arrival is scheduled now, at the time and with the number that the check finding it
    /// through would give it, and that check's own number is taken now, so that every later number
    /// is unchanged. `served` is taken off its work: only the difference counts, and a transfer
    /// alone starts from nothing served. False, changing nothing, without the shortcut (off, rounds
    /// with more to follow, no down half, a full list).
    @inline(__always)
    private mutating func continuesAlone<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) -> Bool {
        guard arrivesAtStart, roundsWithMore.isEmpty else { return false }
        let id = transfers[0].id
        let remaining = transfers[0].work - served
        invariant(remaining > 0, "a transfer through left after its check")
        let (quotient, remainder) = remaining.quotientAndRemainder(dividingBy: bytesPerSecond)
        let throughUs = scheduler.nowUs + quotient + (remainder > 0 ? 1 : 0)
        guard requests[id].downUs > 0, scheduler.scheduleCancellableArrival(of: id, leftAtUs: throughUs, requests) else { return false }
        scheduler.cancelTimer()
        transfers[0].work = remaining
        served = 0
        aloneThroughUs = throughUs
        aloneSequence = scheduler.takeSequence()
        arrivalsAtChecks &+= 1
        return true
    }

    /// Whether request `id`'s transfer that is through was a round with more to follow (which it
    /// then forgets).
    @inline(never)
    private mutating func roundDone(_ id: Int) -> Bool {
        guard let index = roundsWithMore.firstIndex(of: id) else { return false }
        _ = roundsWithMore.remove(at: index)
        return true
    }

    /// The app gave up on request `id` in an event of sequence number `sequence`: its transfer, if
    /// it has one, stops. A transfer alone whose check would have run before this event (events of
    /// one instant run in the order of their numbers) has left, its arrival standing; one whose
    /// check would not leaves with its arrival.
    mutating func remove<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, sequence: Int, _ scheduler: inout Scheduler) {
        if scheduler.nowUs > aloneThroughUs || (scheduler.nowUs == aloneThroughUs && sequence > aloneSequence) {
            leaveAlone()
        }
        if hasAloneTransfer {
            guard transfers[0].id == id else { return }
            scheduler.cancelArrival(of: id)
            return leaveAlone()
        }
        if !roundsWithMore.isEmpty, let waiting = roundsWithMore.firstIndex(of: id) { _ = roundsWithMore.remove(at: waiting) }
        guard let index = transfers.firstIndex(where: { $0.id == id }) else { return }
        if trace == nil { advance(now: scheduler.nowUs) }
        _ = transfers.remove(at: index)
        if trace == nil { scheduleCheck(&scheduler) }
    }

    /// Gives every transfer its fair share of the bytes the downlink carried since the last update.
    /// Inlined, as the next: each transfer check (489,390 on the bench slice when this was
    /// measured, 169,594 now) called both, for a few instructions each.
    @inline(__always)
    private mutating func advance(now: Int) {
        let elapsed = now - updatedUs
        updatedUs = now
        guard elapsed > 0, !transfers.isEmpty else { return }
        let (product, overflow) = elapsed.multipliedReportingOverflow(by: bytesPerSecond)
        if !overflow {
            served += transfers.count == 1 ? product : product / transfers.count
        } else {
            served += transfers.count.dividingFullWidth(elapsed.multipliedFullWidth(by: bytesPerSecond)).quotient
        }
    }

    @inline(__always)
    private mutating func scheduleCheck<Scheduler: LinkScheduler & ~Copyable>(_ scheduler: inout Scheduler) {
        guard !transfers.isEmpty else {
            // Idle: the next transfer starts from nothing served.
            served = 0
            return scheduler.cancelTimer()
        }
        var least = Int.max
        for index in 0 ..< transfers.count { least = min(least, transfers[index].work) }
        least = max(0, least - served)
        // The time until the least advanced transfer is through at its share, rounded up; in 128
        // bits when a gigabyte page in millionths of a byte times many transfers passes 2⁶³.
        let delayUs: Int
        let (work, overflow) = least.multipliedReportingOverflow(by: transfers.count)
        if !overflow {
            let (quotient, remainder) = work.quotientAndRemainder(dividingBy: bytesPerSecond)
            delayUs = quotient + (remainder > 0 ? 1 : 0)
        } else {
            let wide = UInt(least).multipliedFullWidth(by: UInt(transfers.count))
            let (quotient, remainder) = UInt(bytesPerSecond).dividingFullWidth(wide)
            delayUs = Int(quotient) + (remainder > 0 ? 1 : 0)
        }
        scheduler.setTimer(.transferCheck, atUs: scheduler.nowUs + delayUs)
    }

    // MARK: A trace

    /// Response `id` of `bytes` waits for the trace's packets.
    mutating func enqueuePackets<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, bytes: Int, _ scheduler: inout Scheduler) {
        invariant(!hasAloneTransfer, "a trace's packets beside a transfer alone")
        transfers.append(Transfer(id: id, work: bytes))
        // A packet takes its millisecond: the first one can leave at the next opportunity.
        scheduleOpportunity(&scheduler, afterUs: scheduler.nowUs + 1)
    }

    /// The trace delivers its packets of this instant, one by one to the transfers in turn.
    mutating func deliver<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        opportunityScheduled = false
        guard let trace, !transfers.isEmpty else { return }
        var packets = trace.nextOpportunity(atOrAfterUs: scheduler.nowUs + traceOffsetUs).packets
        while packets > 0, !transfers.isEmpty {
            roundRobin %= transfers.count
            transfers[roundRobin].work -= LinkTrace.packetBytes
            packets -= 1
            if transfers[roundRobin].work <= 0 {
                let id = transfers.remove(at: roundRobin).id
                scheduler.scheduleArrival(of: id, leftAtUs: scheduler.nowUs, requests)
            } else {
                roundRobin += 1
            }
        }
        scheduleOpportunity(&scheduler, afterUs: scheduler.nowUs + 1)
    }

    private mutating func scheduleOpportunity<Scheduler: LinkScheduler & ~Copyable>(_ scheduler: inout Scheduler, afterUs: Int) {
        guard let trace, !opportunityScheduled, !transfers.isEmpty else { return }
        let next = trace.nextOpportunity(atOrAfterUs: afterUs + traceOffsetUs).positionUs - traceOffsetUs
        if !loop, next + traceOffsetUs > trace.periodMs * 1_000 { return }
        opportunityScheduled = true
        scheduler.setTimer(.deliveryOpportunity, atUs: next)
    }
}
