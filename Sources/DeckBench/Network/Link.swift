/// The network between app and server in one replay, in parts: connection slots
/// (`ConnectionSlots`), half a round trip up, server time, a downlink shared fairly by the
/// transfers in progress or packet by packet on a trace (`SharedDownlink`) or one queue fed by TCP
/// windows (`fifo=1`: `WindowedDownlink`), half a round trip down; and how requests fail
/// (`LinkFailures`). It draws each request's round trip and loss (`NetworkDraws`) and schedules its
/// events on the replay's clock through `LinkScheduler`, generic over it so that the replay's loop
/// calls it directly.
struct Link: ~Copyable {
    let model: NetworkModel
    private var slots: ConnectionSlots
    private var failures: LinkFailures
    private var downlink: SharedDownlink
    /// The connections' TCP windows (`tcp_iw` > 0) and the first-in-first-out downlink (`fifo=1`),
    /// used when `isWindowed`; with windows on the fair-share downlink, `isFairWindowed`.
    private var windowed: WindowedDownlink
    private let isWindowed: Bool
    private let isFairWindowed: Bool
    /// The recorded requests of an `empirical` network: a request's first byte and its transfer's
    /// pace come from the one it draws.
    private let empirical: EmpiricalLink?
    private let trace: LinkTrace?
    private let serverUs: Int
    /// The round trip when it does not vary (no jitter), µs.
    private let rttUs: Int
    /// Whether a response goes anywhere but the plain fair share (a recorded pace, a trace, a
    /// window): one flag where the loop, once a request, tested three.
    private let respondsElsewhere: Bool

    init(model: NetworkModel) {
        self.model = model
        serverUs = Int((model.serverMs * 1_000).rounded())
        rttUs = Int((model.rttMs * 1_000).rounded())
        slots = ConnectionSlots(limit: model.connections)
        failures = LinkFailures(model: model)
        windowed = WindowedDownlink(model: model)
        isWindowed = model.fifo == 1 || model.tcpInitialWindow > 0
        isFairWindowed = model.fifo == 0 && model.tcpInitialWindow > 0
        // The kind's data was loaded by `NetworkModel.parse`: the link reads no file.
        let loop: Bool
        switch model.kind {
        case .parametric:
            (trace, loop, empirical) = (nil, true, nil)
        case let .trace(network):
            (trace, loop, empirical) = (network.trace, network.loop, nil)
        case let .empirical(network):
            (trace, loop, empirical) = (nil, true, network.requests)
        }
        downlink = SharedDownlink(bytesPerSecond: Int((model.downlinkKbps * 1_000 / 8).rounded()), trace: trace, loop: loop)
        // A window's rounds share the downlink with no transfer alone beside them.
        if isWindowed { downlink.arrivesAtStart = false }
        respondsElsewhere = empirical != nil || trace != nil || isWindowed
    }

    /// Starts the session of key `sessionKey`: its trace position and its outage cycle's position
    /// at t = 0 (seeded draws per session, the same for every policy).
    mutating func reset(seed: UInt64, sessionKey: UInt64) {
        slots.reset()
        failures.reset(outagePhaseUs: NetworkDraws.outagePhaseUs(seed: seed, sessionKey: sessionKey, everyMs: model.outageEveryMs))
        downlink.reset(traceOffsetUs: trace.map { NetworkDraws.traceOffsetUs(seed: seed, sessionKey: sessionKey, periodMs: $0.periodMs) } ?? 0)
        windowed.reset()
    }

    /// What the network draws for the n-th request for `page`: its round trip, the recorded
    /// request it takes its times from on an empirical network (−1: none), and whether the loss
    /// draw loses it. On an empirical network one draw picks the recorded request, its first byte
    /// and (in `responseStarted`) its transfer; elsewhere the round trip is `rtt_ms` spread by
    /// `jitter`. Every draw is keyed by (seed, session, page, n) in `draws`, the same for every
    /// policy.
    @inline(__always)
    func draw(page: Int, n: Int, _ draws: inout NetworkDraws) -> (roundTripUs: Int, record: Int, lost: Bool) {
        let (roundTripUs, record) = roundTrip(page: page, n: n, &draws)
        return (roundTripUs, record, failures.isLost(page: page, n: n, &draws))
    }

    @inline(__always)
    private func roundTrip(page: Int, n: Int, _ draws: inout NetworkDraws) -> (us: Int, record: Int) {
        if let empirical {
            let record = draws.recordIndex(page: page, n: n, in: empirical)
            return (empirical.firstByteUs[record], record)
        }
        guard model.jitter > 0 else { return (rttUs, -1) }
        return (draws.roundTripUs(page: page, n: n, rttMs: model.rttMs, jitter: model.jitter), -1)
    }

    /// Every transfer on the fair-share downlink checked, none alone with its arrival scheduled at
    /// its start or at the check that left it alone: the replay as before those shortcuts, for the
    /// tests that hold the two equal.
    mutating func checkEveryTransfer() {
        downlink.arrivesAtStart = false
    }

    /// How many transfers alone had their arrival scheduled at their start, and how many left
    /// alone by a check had it then (for those tests).
    var arrivalsAtStart: Int { downlink.arrivalsAtStart }
    var arrivalsAtChecks: Int { downlink.arrivalsAtChecks }

    /// Whether the link is down at `timeUs`: a request that gets its connection then is lost.
    func isInOutage(atUs timeUs: Int) -> Bool { failures.isInOutage(atUs: timeUs) }

    /// The time the server saw a request whose response leaves it now.
    func serverTimeUs(now: Int) -> Int { now - serverUs }

    // MARK: Connections

    /// Takes a new request: it starts at once if a connection is free, else waits its turn.
    @inline(__always)
    mutating func submit<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        guard slots.hasFree else { return slots.wait(id, urgent: requests[id].kind.isUrgent) }
        slots.take()
        start(id, requests, &scheduler)
    }

    /// The app needs the page of request `id` now: a prefetch still waiting for a connection joins
    /// the urgent requests (`ConnectionSlots.promote`).
    mutating func promote(_ id: Int, _ requests: RequestLog) {
        guard !requests[id].started, !requests[id].kind.isUrgent else { return }
        slots.promote(id)
    }

    /// A request that waited for a connection starts (out of line: the loop releasing a
    /// connection rarely has one waiting).
    @inline(never)
    private mutating func startWaiting<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        start(id, requests, &scheduler)
    }

    /// Request `id` got its connection: lost if the link is down, else its response leaves the
    /// server after the up trip and the server's time. Inlined into `submit`, and so into the
    /// replayer's `send`: a request's start cost a call's prologue and epilogue once a request.
    @inline(__always)
    private mutating func start<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let nowUs = scheduler.nowUs
        let arrivalSequence = scheduler.takeSequence()
        let isDown = failures.isInOutage(atUs: nowUs)
        requests.update(id) { request in
            request.started = true
            request.startedUs = nowUs
            request.arrivalSequence = arrivalSequence
            if isDown { request.lost = true }
            if !request.lost {
                scheduler.schedule(.responseStart(request: id), atUs: nowUs + request.upUs + serverUs)
            }
            failures.started(id, &request, &scheduler)
        }
    }

    /// The app gave up on request `id`: a transfer of its response stops, and its connection
    /// serves the next waiting request. Out of line: a timeout is rare, and inlined into the
    /// replayer's loop it was a second copy of the connection's release there.
    @inline(never)
    mutating func release<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        if isWindowed { disconnectWindowed(id) }
        // The app gives up in the request's timeout event, numbered with its deadline.
        downlink.remove(id, sequence: requests[id].deadlineSequence, &scheduler)
        freeConnection(requests, &scheduler)
    }

    /// Request `id`'s response arrived: its connection serves the next waiting request. Its
    /// transfer, if it had one, left the downlink when it was through (an arrival is scheduled
    /// only then, or when a transfer alone starts; it is through then, and leaves the downlink when
    /// the downlink is next used), so none is looked for.
    mutating func releaseArrived<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        invariant(downlink.hasLeft(id, afterUs: scheduler.nowUs), "request \(id) arrived while transferring")
        if isWindowed { disconnectWindowed(id) }
        freeConnection(requests, &scheduler)
    }

    @inline(__always)
    private mutating func freeConnection<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        let next = slots.release()
        failures.ended(requests, &scheduler)
        if let next { startWaiting(next, requests, &scheduler) }
    }

    /// Out of line: `releaseArrived` is inlined into the replayer's loop, where the windows' list
    /// would weigh on every request of the default model.
    @inline(never)
    private mutating func disconnectWindowed(_ id: Int) {
        windowed.disconnect(id)
    }

    // MARK: Responses

    /// The response of `id` (its `bytes` set) leaves the server now. Inlined into the replayer's
    /// loop (once a request) for a fair-share downlink; a recorded request's pace, a trace's
    /// packets and a window's rounds out of line.
    @inline(__always)
    mutating func responseStarted<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        if respondsElsewhere { return responseStartedElsewhere(id, requests, &scheduler) }
        responseStartedOnFairShare(id, requests, &scheduler)
    }

    /// The response of `id` on the fair-share downlink (or none, `bytesPerSecond` 0): it arrives
    /// after its down trip, alone at the full rate, or joins the transfers sharing the downlink.
    @inline(__always)
    private mutating func responseStartedOnFairShare<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let bytes = requests[id].bytes
        guard downlink.bytesPerSecond > 0, bytes > 0 else {
            return scheduler.scheduleArrival(of: id, leftAtUs: scheduler.nowUs, requests)
        }
        downlink.start(id, bytes: bytes, sole: slots.busy == 1, requests, &scheduler)
    }

    /// The response of `id` on an empirical network, a trace or a windowed downlink.
    @inline(never)
    private mutating func responseStartedElsewhere<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let bytes = requests[id].bytes
        if isWindowed, bytes > 0 {
            if isFairWindowed { return shareRound(id, responseBytes: bytes, requests, &scheduler) }
            return windowed.responseStarted(id, requests, &scheduler)
        }
        if let empirical, requests[id].record >= 0 {
            // The recorded request's pace, alone: the recording's rate already holds what shared its link.
            let transferUs = empirical.transferUs(record: requests[id].record, bytes: bytes)
            return scheduler.scheduleArrival(of: id, leftAtUs: scheduler.nowUs + transferUs, requests)
        }
        if trace != nil, bytes > 0 { return downlink.enqueuePackets(id, bytes: bytes, &scheduler) }
        responseStartedOnFairShare(id, requests, &scheduler)
    }

    /// The earliest transfer on the fair-share downlink may be through.
    @inline(__always)
    mutating func transferCheck<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        downlink.transferCheck(requests, &scheduler)
    }

    /// The trace delivers its packets of this instant. Out of line, as the next two: not the
    /// default model's path, kept out of the replayer's loop.
    @inline(never)
    mutating func deliver<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        downlink.deliver(requests, &scheduler)
    }

    /// The rounds that reached the first-in-first-out downlink this instant go in together.
    @inline(never)
    mutating func takeArrivals<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        windowed.takeArrivals(requests, &scheduler)
    }

    /// The acknowledgement of request `id`'s last round on the windowed downlink came back.
    @inline(never)
    mutating func nextRound<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        if isFairWindowed { return shareRound(id, responseBytes: nil, requests, &scheduler) }
        windowed.nextRound(id, requests, &scheduler)
    }

    /// A round of request `id`'s response (its first when `responseBytes` is given) joins the fair
    /// share (`SharedDownlink.addRound`). The next round leaves when the round's first segment is
    /// acknowledged: a round trip after it left, at its share of the rate.
    @inline(never)
    private mutating func shareRound<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, responseBytes: Int?, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let roundTripUs = requests[id].upUs + requests[id].downUs
        let bytes = windowed.takeRound(id, responseBytes: responseBytes, nowUs: scheduler.nowUs, roundTripUs: roundTripUs)
        guard bytes > 0 else { return }
        let more = windowed.remainingBytes(id) > 0
        guard downlink.bytesPerSecond > 0 else {
            if more { return scheduler.schedule(.windowRound(request: id), atUs: scheduler.nowUs + roundTripUs) }
            return scheduler.scheduleArrival(of: id, leftAtUs: scheduler.nowUs, requests)
        }
        let sharing = downlink.addRound(id, bytes: bytes, endsResponse: !more, &scheduler)
        if more {
            let firstSegmentUs = windowed.duration(min(bytes, WindowedDownlink.segmentBytes) * sharing)
            scheduler.schedule(.windowRound(request: id), atUs: scheduler.nowUs + firstSegmentUs + roundTripUs)
        }
    }
}
