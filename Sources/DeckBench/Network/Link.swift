import DequeModule

/// The network between app and server in one replay: connection slots (urgent requests first,
/// then first come, first served), half a round trip up, server time, a downlink shared fairly by
/// the transfers in progress (processor sharing, or packet by packet on a Mahimahi trace) or one
/// queue fed by TCP windows (`fifo=1`: `WindowedDownlink`), half a round trip down. Lost requests are never answered: those the loss draw picks, and those that
/// get their connection during an outage (whenever the app made them); every request times out
/// after `timeout_ms` from its connection unless it arrived.
struct Link: ~Copyable {
    let model: NetworkModel
    /// The downlink's trace on a `trace` network, and whether it repeats at its end.
    private let trace: LinkTrace?
    private let loop: Bool
    /// Where this session's trace starts, µs into the trace.
    private var traceOffsetUs = 0
    /// Where this session's outage cycle starts, µs into the cycle.
    private var outagePhaseUs = 0
    private let outageEveryUs: Int
    private let outageUs: Int
    private var opportunityScheduled = false
    private var roundRobin = 0
    private let timeoutUs: Int
    private let serverUs: Int
    /// The recorded requests of an `empirical` network: a request's first byte and its transfer's
    /// pace come from the one it draws.
    private let empirical: EmpiricalLink?
    /// The round trip when it does not vary (no jitter), µs.
    private let rttUs: Int
    /// Downlink bytes per second; 0 = unlimited.
    private let bytesPerSecond: Int
    private var busySlots = 0
    private var urgentQueue = Deque<Int>()
    private var prefetchQueue = Deque<Int>()
    /// Responses transferring on the downlink, in the order they started.
    private var transfers = FlatList<Transfer>(capacity: 8)
    private var transfersUpdatedUs = 0
    /// On a fair-share downlink, what each transfer in progress was given since the downlink was
    /// last idle, in millionths of a byte: every transfer gets the same share, so a transfer's
    /// remaining work is its `work` less this, and a share is one addition however many share it.
    private var served = 0

    /// A response on the downlink: its request, and on a fair-share downlink the level of `served`
    /// at which it is done, on a trace the bytes it still has to receive.
    struct Transfer: BitwiseCopyable {
        var id: Int
        var work: Int
    }
    /// The connections' TCP windows (`tcp_iw` > 0) and the first-in-first-out downlink (`fifo=1`),
    /// used when `isWindowed`; with windows on the fair-share downlink, `isFairWindowed`.
    private var windowed: WindowedDownlink
    private let isWindowed: Bool
    private let isFairWindowed: Bool
    /// Whether a response goes anywhere but the plain fair share (a recorded pace, a trace, a
    /// window): one flag where the loop, once a request, tested three.
    private let respondsElsewhere: Bool
    /// Requests that time out, in the order they started (so in the order of their deadlines);
    /// those before `firstWaiting` have arrived or were given up.
    private var started = FlatList<Int>(capacity: 32)
    private var firstWaiting = 0

    init(model: NetworkModel) {
        self.model = model
        serverUs = Int((model.serverMs * 1_000).rounded())
        timeoutUs = Int((model.timeoutMs * 1_000).rounded())
        bytesPerSecond = Int((model.downlinkKbps * 1_000 / 8).rounded())
        outageEveryUs = model.outageMs > 0 ? Int(model.outageEveryMs * 1_000) : 0
        outageUs = Int(model.outageMs * 1_000)
        rttUs = Int((model.rttMs * 1_000).rounded())
        windowed = WindowedDownlink(model: model)
        isWindowed = model.fifo == 1 || model.tcpInitialWindow > 0
        isFairWindowed = model.fifo == 0 && model.tcpInitialWindow > 0
        // The kind's data was loaded by `NetworkModel.parse`: the link reads no file.
        switch model.kind {
        case .parametric:
            (trace, loop, empirical) = (nil, true, nil)
        case let .trace(network):
            (trace, loop, empirical) = (network.trace, network.loop, nil)
        case let .empirical(network):
            (trace, loop, empirical) = (nil, true, network.requests)
        }
        respondsElsewhere = empirical != nil || trace != nil || isWindowed
    }

    /// Starts the session of key `sessionKey`: its trace position (a seeded draw per session, the
    /// same for every policy) and its outage cycle's position, `outagePhaseUs`, at t = 0.
    mutating func reset(seed: UInt64, sessionKey: UInt64, outagePhaseUs: Int = 0) {
        reset()
        traceOffsetUs = trace.map { trace in
            var random = SeededGenerator(seed: seed, keys: RandomKey.traceOffset, sessionKey)
            return Int(random.next() % UInt64(trace.periodMs)) * 1_000
        } ?? 0
        self.outagePhaseUs = outagePhaseUs
    }

    /// The round trip of the n-th request for `page`, µs, and the recorded request it was drawn
    /// from (-1: none). On an empirical network one draw picks a recorded request, its first byte
    /// and (in `responseStarted`) its transfer; elsewhere the round trip is `rtt_ms` spread by
    /// `jitter`. Both are keyed by (seed, session, page, n) in `commons`, the same for every policy.
    @inline(__always)
    func roundTrip(page: Int, n: Int, _ commons: SessionCommons) -> (us: Int, record: Int) {
        if let empirical {
            let record = commons.recordIndex(page: page, n: n, in: empirical)
            return (empirical.firstByteUs[record], record)
        }
        guard model.jitter > 0 else { return (rttUs, -1) }
        return (commons.roundTripUs(page: page, n: n, rttMs: model.rttMs, jitter: model.jitter), -1)
    }

    /// Whether the link is down at `timeUs`: a request that goes on it then is lost.
    func isInOutage(atUs timeUs: Int) -> Bool {
        outageEveryUs > 0 && (timeUs + outagePhaseUs) % outageEveryUs < outageUs
    }

    mutating func reset() {
        opportunityScheduled = false
        roundRobin = 0
        busySlots = 0
        urgentQueue.removeAll(keepingCapacity: true)
        prefetchQueue.removeAll(keepingCapacity: true)
        transfers.removeAll()
        transfersUpdatedUs = 0
        served = 0
        started.removeAll()
        firstWaiting = 0
        windowed.reset()
    }

    /// Takes a new request: it starts at once if a connection is free, else waits its turn.
    @inline(__always)
    mutating func submit(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        if model.connections == 0 || busySlots < model.connections {
            start(id, requests, &queue)
        } else if requests[id].kind.isUrgent {
            urgentQueue.append(id)
        } else {
            prefetchQueue.append(id)
        }
    }

    /// The app needs the page of request `id` now: if the request still waits for a connection as
    /// a prefetch, it joins the urgent requests (at their end), as a real app raises the priority
    /// of what the user is looking at.
    mutating func promote(_ id: Int, _ requests: RequestLog) {
        guard !requests[id].started, !requests[id].kind.isUrgent, let index = prefetchQueue.firstIndex(of: id) else { return }
        prefetchQueue.remove(at: index)
        urgentQueue.append(id)
    }

    /// A request that waited for a connection starts (out of line: the loop releasing a
    /// connection rarely has one waiting).
    @inline(never)
    private mutating func startWaiting(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        start(id, requests, &queue)
    }

    /// Inlined into `submit`, and so into the replayer's `send`: a request's start cost a call's
    /// prologue and epilogue once a request.
    @inline(__always)
    private mutating func start(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        busySlots += 1
        let request = requests.record(id)
        request.pointee.started = true
        request.pointee.startedUs = queue.nowUs
        request.pointee.arrivalSequence = queue.takeSequence()
        if isInOutage(atUs: queue.nowUs) { request.pointee.lost = true }
        if !request.pointee.lost {
            queue.scheduleOnLink(.responseStart(request: id), atUs: queue.nowUs + request.pointee.upUs + serverUs)
        }
        if timeoutUs > 0 {
            request.pointee.deadlineUs = queue.nowUs + timeoutUs
            request.pointee.deadlineSequence = queue.takeSequence()
            started.append(id)
            // The only request waiting (just started: neither finished nor failed) holds the slot,
            // as `moveDeadline` would find without its walk.
            if started.count - firstWaiting == 1 {
                queue.setDeadline(.timeout(request: id), atUs: request.pointee.deadlineUs, sequence: request.pointee.deadlineSequence)
            }
        }
    }

    /// Puts the timeout of the earliest-started request still waiting in the queue's deadline slot.
    private mutating func moveDeadline(_ requests: RequestLog, _ queue: inout EventQueue) {
        while firstWaiting < started.count {
            let request = requests.record(started[firstWaiting])
            guard request.pointee.finished || request.pointee.failed else { break }
            firstWaiting += 1
        }
        guard firstWaiting < started.count else { return queue.clearDeadline() }
        let id = started[firstWaiting]
        let request = requests.record(id)
        queue.setDeadline(.timeout(request: id), atUs: request.pointee.deadlineUs, sequence: request.pointee.deadlineSequence)
    }

    /// The time the server saw request `id` (now is when its response leaves the server).
    func serverTimeUs(now: Int) -> Int { now - serverUs }

    /// The response of `id` (its `bytes` set) leaves the server now. Inlined into the replayer's
    /// loop (once a request) for a fair-share downlink; a recorded request's pace and a trace's
    /// packets, and a downlink already shared, out of line.
    @inline(__always)
    mutating func responseStarted(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        if respondsElsewhere { return responseStartedElsewhere(id, requests, &queue) }
        responseStartedOnFairShare(id, requests, &queue)
    }

    /// The response of `id` on the fair-share downlink (or none, `bytesPerSecond` 0): it arrives
    /// after its down trip, alone at the full rate, or joins the transfers sharing the downlink.
    @inline(__always)
    private mutating func responseStartedOnFairShare(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        let request = requests.record(id)
        guard bytesPerSecond > 0, request.pointee.bytes > 0 else {
            queue.scheduleOnLink(.arrival(request: id), atUs: queue.nowUs + request.pointee.downUs, sequence: request.pointee.arrivalSequence)
            return
        }
        guard transfers.isEmpty else { return joinTransfers(id, requests, &queue) }
        startAlone(id, bytes: request.pointee.bytes, &queue)
    }

    /// A response joins the transfers already sharing the downlink.
    @inline(never)
    private mutating func joinTransfers(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        advanceTransfers(now: queue.nowUs)
        transfers.append(Transfer(id: id, work: served + requests[id].bytes * 1_000_000))
        scheduleTransferCheck(&queue)
    }

    /// The response of `id` on an empirical network, a trace or a windowed downlink.
    @inline(never)
    private mutating func responseStartedElsewhere(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        if isWindowed, requests[id].bytes > 0 {
            if isFairWindowed { return shareRound(id, responseBytes: requests[id].bytes, requests, &queue) }
            return windowed.responseStarted(id, requests, &queue)
        }
        if let empirical, requests[id].record >= 0 {
            // The recorded request's pace, alone: the recording's rate already holds what shared its link.
            let transferUs = empirical.transferUs(record: requests[id].record, bytes: requests[id].bytes)
            queue.scheduleOnLink(.arrival(request: id), atUs: queue.nowUs + transferUs + requests[id].downUs,
                                 sequence: requests[id].arrivalSequence)
            return
        }
        if trace != nil, requests[id].bytes > 0 {
            transfers.append(Transfer(id: id, work: requests[id].bytes))
            // A packet takes its millisecond: the first one can leave at the next opportunity.
            scheduleOpportunity(&queue, afterUs: queue.nowUs + 1)
            return
        }
        responseStartedOnFairShare(id, requests, &queue)
    }

    /// Response `id` of `bytes` starts alone on an idle fair-share downlink.
    @inline(__always)
    private mutating func startAlone(_ id: Int, bytes: Int, _ queue: inout EventQueue) {
        // Alone on an idle downlink: nothing is served (`served` is 0 whenever the downlink is
        // idle), so the check falls due when the whole page has passed at the full rate, rounded
        // up, as `advanceTransfers` and `scheduleTransferCheck` would find with one transfer.
        assert(served == 0, "an idle downlink with \(served) served")
        transfersUpdatedUs = queue.nowUs
        let work = bytes * 1_000_000
        transfers.append(Transfer(id: id, work: work))
        let (quotient, remainder) = work.quotientAndRemainder(dividingBy: bytesPerSecond)
        queue.setTimer(.transferCheck, atUs: queue.nowUs + quotient + (remainder > 0 ? 1 : 0))
    }

    /// The earliest transfer may be done: finished transfers go on to their last half round trip.
    /// Asked to be inlined into the replayer's loop, its one caller (489,390 checks on the bench
    /// slice); the optimizer declines (2026-11-27, fourth session: the loop still calls it, 489,390 times).
    @inline(__always)
    mutating func transferCheck(_ requests: RequestLog, _ queue: inout EventQueue) {
        advanceTransfers(now: queue.nowUs)
        var index = 0
        while index < transfers.count {
            if transfers[index].work <= served {
                let id = transfers.remove(at: index).id
                // A window's round is through, the response is not: its next round is on its way.
                if isFairWindowed, windowed.remainingBytes(id) > 0 { continue }
                let request = requests.record(id)
                queue.scheduleOnLink(.arrival(request: id), atUs: queue.nowUs + request.pointee.downUs, sequence: request.pointee.arrivalSequence)
            } else {
                index += 1
            }
        }
        scheduleTransferCheck(&queue)
    }

    /// Out of line: `releaseArrived` is inlined into the replayer's loop, where the windows' list
    /// would weigh on every request of the default model.
    @inline(never)
    private mutating func disconnectWindowed(_ id: Int) {
        windowed.disconnect(id)
    }

    /// The rounds that reached the first-in-first-out downlink this instant go in together.
    mutating func takeArrivals(_ requests: RequestLog, _ queue: inout EventQueue) {
        windowed.takeArrivals(requests, &queue)
    }

    /// The acknowledgement of request `id`'s last round on the windowed downlink came back.
    mutating func nextRound(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        if isFairWindowed { return shareRound(id, responseBytes: nil, requests, &queue) }
        windowed.nextRound(id, requests, &queue)
    }

    /// A round of request `id`'s response (its first when `responseBytes` is given) joins the
    /// fair share: added to its transfer if that is still in progress (the window opened before the
    /// last round was through), else as a transfer of its own. The next round leaves when the
    /// round's first segment is acknowledged: a round trip after it left, at its share of the rate.
    @inline(never)
    private mutating func shareRound(_ id: Int, responseBytes: Int?, _ requests: RequestLog, _ queue: inout EventQueue) {
        let roundTripUs = requests[id].upUs + requests[id].downUs
        let bytes = windowed.takeRound(id, responseBytes: responseBytes, nowUs: queue.nowUs, roundTripUs: roundTripUs)
        guard bytes > 0 else { return }
        let more = windowed.remainingBytes(id) > 0
        guard bytesPerSecond > 0 else {
            if more {
                queue.scheduleOnLink(.windowRound(request: id), atUs: queue.nowUs + roundTripUs)
            } else {
                queue.scheduleOnLink(.arrival(request: id), atUs: queue.nowUs + requests[id].downUs, sequence: requests[id].arrivalSequence)
            }
            return
        }
        advanceTransfers(now: queue.nowUs)
        if let index = transfers.firstIndex(where: { $0.id == id }) {
            transfers[index].work += bytes * 1_000_000
        } else {
            transfers.append(Transfer(id: id, work: served + bytes * 1_000_000))
        }
        scheduleTransferCheck(&queue)
        if more {
            let firstSegmentUs = windowed.duration(min(bytes, WindowedDownlink.segmentBytes) * transfers.count)
            queue.scheduleOnLink(.windowRound(request: id), atUs: queue.nowUs + firstSegmentUs + roundTripUs)
        }
    }

    /// The app gave up on request `id`: a transfer of its response stops, and its connection
    /// serves the next waiting request.
    mutating func release(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        if isWindowed { disconnectWindowed(id) }
        if let index = transfers.firstIndex(where: { $0.id == id }) {
            if trace == nil { advanceTransfers(now: queue.nowUs) }
            _ = transfers.remove(at: index)
            if trace == nil { scheduleTransferCheck(&queue) }
        }
        freeConnection(requests, &queue)
    }

    /// Request `id`'s response arrived: its connection serves the next waiting request. Its
    /// transfer, if it had one, left `transfers` when it was done (an arrival is scheduled only
    /// then), so no transfer is looked for.
    mutating func releaseArrived(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        assert(transfers.firstIndex(where: { $0.id == id }) == nil, "request \(id) arrived while transferring")
        if isWindowed { disconnectWindowed(id) }
        freeConnection(requests, &queue)
    }

    @inline(__always)
    private mutating func freeConnection(_ requests: RequestLog, _ queue: inout EventQueue) {
        busySlots -= 1
        if timeoutUs > 0 { moveDeadline(requests, &queue) }
        if let next = urgentQueue.popFirst() ?? prefetchQueue.popFirst() {
            startWaiting(next, requests, &queue)
        }
    }

    /// The trace delivers its packets of this instant, one by one to the transfers in turn.
    mutating func deliver(_ requests: RequestLog, _ queue: inout EventQueue) {
        opportunityScheduled = false
        guard let trace, !transfers.isEmpty else { return }
        var packets = trace.nextOpportunity(atOrAfterUs: queue.nowUs + traceOffsetUs).packets
        while packets > 0, !transfers.isEmpty {
            roundRobin %= transfers.count
            transfers[roundRobin].work -= LinkTrace.packetBytes
            packets -= 1
            if transfers[roundRobin].work <= 0 {
                let id = transfers.remove(at: roundRobin).id
                queue.scheduleOnLink(.arrival(request: id), atUs: queue.nowUs + requests[id].downUs, sequence: requests[id].arrivalSequence)
            } else {
                roundRobin += 1
            }
        }
        scheduleOpportunity(&queue, afterUs: queue.nowUs + 1)
    }

    private mutating func scheduleOpportunity(_ queue: inout EventQueue, afterUs: Int) {
        guard let trace, !opportunityScheduled, !transfers.isEmpty else { return }
        let next = trace.nextOpportunity(atOrAfterUs: afterUs + traceOffsetUs).positionUs - traceOffsetUs
        if !loop, next + traceOffsetUs > trace.periodMs * 1_000 { return }
        opportunityScheduled = true
        queue.setTimer(.deliveryOpportunity, atUs: next)
    }

    /// Gives every transfer its fair share of the bytes the downlink carried since the last update.
    /// Inlined, as the next: each transfer check (489,390 on the bench slice) called both, for a
    /// few instructions each.
    @inline(__always)
    private mutating func advanceTransfers(now: Int) {
        let elapsed = now - transfersUpdatedUs
        transfersUpdatedUs = now
        guard elapsed > 0, !transfers.isEmpty else { return }
        let (product, overflow) = elapsed.multipliedReportingOverflow(by: bytesPerSecond)
        if !overflow {
            served += transfers.count == 1 ? product : product / transfers.count
        } else {
            served += transfers.count.dividingFullWidth(elapsed.multipliedFullWidth(by: bytesPerSecond)).quotient
        }
    }

    @inline(__always)
    private mutating func scheduleTransferCheck(_ queue: inout EventQueue) {
        guard !transfers.isEmpty else {
            // Idle: the next transfer starts from nothing served.
            served = 0
            return queue.cancelTimer()
        }
        var least = Int.max
        for index in 0 ..< transfers.count { least = min(least, transfers[index].work) }
        least = max(0, least - served)
        // The time until the least advanced transfer is done at its share, rounded up; in 128 bits
        // when a gigabyte page in millionths of a byte times many transfers passes 2⁶³.
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
        queue.setTimer(.transferCheck, atUs: queue.nowUs + delayUs)
    }
}
