/// TCP's windows on the downlink (`tcp_iw` > 0), and the downlink as one queue at the link's rate,
/// first in, first out (`fifo=1`); with `fifo=0` the link shares its downlink fairly among the
/// rounds in progress (`Link`), this keeps the connections and their windows.
///
/// A response leaves the server in rounds. A round sends what the connection's window allows (the
/// whole response without a window) into the queue at once; the queue sends each round's bytes
/// after everything queued before it, at the full rate. The acknowledgement of a round's first
/// segment comes back a round trip after that segment left the queue, and the next round starts
/// then, its window grown by the segments the round carried (slow start) when the round filled at
/// least half the window, as Linux grows only a window in use. A connection idle (no data sent)
/// longer than its retransmission timeout, taken as the round trip plus Linux's 200 ms minimum,
/// halves its window for each such timeout, down to the initial window (`idle_restart=1`, Linux's
/// `tcp_slow_start_after_idle`). The response arrives half a round trip after its last byte left
/// the queue. A response takes an idle connection when there is one (the one freed last, as a
/// keep-alive pool that reuses its warmest connection), else a new one at the initial window.
/// Not modelled: loss at a full queue, congestion avoidance and HyStart (the window only grows),
/// pacing, delayed acknowledgements, the handshake (connections are open before the session).
struct WindowedDownlink: ~Copyable {
    /// TCP's maximum segment size on a 1,500-byte Ethernet path with timestamps, bytes.
    static let segmentBytes = 1_448
    /// Linux's minimum retransmission timeout (`TCP_RTO_MIN`), which its estimate adds to the
    /// smoothed round trip on a steady link, µs.
    static let minimumTimeoutUs = 200_000

    /// A connection's window, in segments, and when it last sent.
    struct Connection: BitwiseCopyable {
        var windowSegments: Int
        var lastSendUs: Int
    }

    /// A request holding a connection: what its response has left to send (−1 until the server
    /// answers).
    struct Sending: BitwiseCopyable {
        var id: Int
        var connection: Int
        var remainingBytes: Int
    }

    private let bytesPerSecond: Int
    private let initialWindow: Int
    private let idleRestart: Bool
    private var connections = FlatList<Connection>(capacity: 8)
    /// Idle connections, the last freed last.
    private var idle = FlatList<Int>(capacity: 8)
    private var sending = FlatList<Sending>(capacity: 8)
    /// When the queue will have sent all it was given, µs.
    private var queueEndUs = 0
    /// A round reaching the queue: its request and bytes.
    struct Round: BitwiseCopyable {
        var id: Int
        var bytes: Int
    }
    /// The rounds reaching the queue this instant, taken in together by `takeArrivals`.
    private var arriving = FlatList<Round>(capacity: 8)

    init(model: NetworkModel) {
        bytesPerSecond = Int((model.downlinkKbps * 1_000 / 8).rounded())
        initialWindow = model.tcpInitialWindow
        idleRestart = model.idleRestart == 1
    }

    mutating func reset() {
        connections.removeAll()
        idle.removeAll()
        sending.removeAll()
        arriving.removeAll()
        queueEndUs = 0
    }

    /// Request `id`'s response starts: it takes an idle connection, or opens one. (Taken when the
    /// response starts rather than when the request got its slot: a check in `Link.start`, on every
    /// request of the default model, kept the replayer's `send` from inlining `Link.submit`, +16 M
    /// instructions on the bench slice; the two differ only in which idle connection is taken when
    /// one is freed in the half round trip between.)
    private mutating func connect(_ id: Int) -> Int {
        let connection: Int
        if idle.isEmpty {
            connection = connections.count
            connections.append(Connection(windowSegments: initialWindow, lastSendUs: 0))
        } else {
            connection = idle.removeLast()
        }
        sending.append(Sending(id: id, connection: connection, remainingBytes: -1))
        return sending.count - 1
    }

    /// Request `id` no longer holds its connection (its response arrived, or the app gave up):
    /// the connection is idle. What it had queued stays in the queue.
    mutating func disconnect(_ id: Int) {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return }
        idle.append(sending.remove(at: index).connection)
    }

    /// The server answers request `id` now: its first round.
    mutating func responseStarted<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let index = connect(id)
        sending[index].remainingBytes = requests[id].bytes
        queueRound(index, requests, &scheduler)
    }

    /// The acknowledgement of request `id`'s last round came back: its next round.
    mutating func nextRound<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return }
        queueRound(index, requests, &scheduler)
    }

    /// On the fair-share downlink with windows (`fifo=0`): request `id`'s response begins, or its
    /// next round leaves; the bytes of the round (0: the request holds no connection).
    mutating func takeRound(_ id: Int, responseBytes: Int?, nowUs: Int, roundTripUs: Int) -> Int {
        let index: Int
        if let responseBytes {
            index = connect(id)
            sending[index].remainingBytes = responseBytes
        } else {
            guard let found = sending.firstIndex(where: { $0.id == id }) else { return 0 }
            index = found
        }
        return takeBlock(index, nowUs: nowUs, roundTripUs: roundTripUs)
    }

    /// What request `id`'s response still has to send after the rounds taken (0 for a request
    /// without a connection).
    func remainingBytes(_ id: Int) -> Int {
        sending.firstIndex(where: { $0.id == id }).map { max(0, sending[$0].remainingBytes) } ?? 0
    }

    /// The bytes of the round of the request at `index` leaving now, its window grown and its
    /// remaining bytes taken down.
    private mutating func takeBlock(_ index: Int, nowUs: Int, roundTripUs: Int) -> Int {
        var connection = connections[sending[index].connection]
        let remaining = sending[index].remainingBytes
        let bytes: Int
        if initialWindow > 0 {
            if idleRestart { connection.windowSegments = restartedWindow(connection, nowUs: nowUs, roundTripUs: roundTripUs) }
            bytes = min(remaining, connection.windowSegments * Self.segmentBytes)
            let segments = (bytes + Self.segmentBytes - 1) / Self.segmentBytes
            if 2 * segments >= connection.windowSegments { connection.windowSegments += segments }
        } else {
            bytes = remaining
        }
        connection.lastSendUs = nowUs
        connections[sending[index].connection] = connection
        sending[index].remainingBytes = remaining - bytes
        return bytes
    }

    /// The round of the request at `index` joins the rounds that reach the queue this instant;
    /// the first of them has the queue take them in (`takeArrivals`) once the instant's other
    /// events have run.
    private mutating func queueRound<Scheduler: LinkScheduler & ~Copyable>(_ index: Int, _ requests: RequestLog, _ scheduler: inout Scheduler) {
        let id = sending[index].id
        let request = requests[id]
        let bytes = takeBlock(index, nowUs: scheduler.nowUs, roundTripUs: request.upUs + request.downUs)
        if arriving.isEmpty { scheduler.schedule(.queueArrivals, atUs: scheduler.nowUs) }
        arriving.append(Round(id: id, bytes: bytes))
    }

    /// The rounds that reached the queue this instant go in behind what it holds and share the
    /// rate among themselves, as the packets of bursts that arrive together interleave: with k
    /// rounds, the smallest is through after k times its own time, the next after k − 1 times the
    /// difference more, and so on. The rounds' segments take turns, so the n-th round's first
    /// segment leaves after n segments' time: its next round is due a round trip later (and so
    /// joins the queue behind the earlier rounds' next rounds); after its response's last round,
    /// the arrival.
    mutating func takeArrivals<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        let startUs = max(scheduler.nowUs, queueEndUs)
        let count = arriving.count
        var order = (0 ..< count).map { arriving[$0] }
        order.sort { ($0.bytes, $0.id) < ($1.bytes, $1.id) }
        // When round r of the ascending order is through, it and every round after it have had
        // its bytes, and every round before it its own.
        var throughBytes = 0, doneUs = startUs
        for (rank, round) in order.enumerated() {
            doneUs = startUs + duration(throughBytes + round.bytes * (count - rank))
            throughBytes += round.bytes
            let request = requests[round.id]
            if remainingBytes(round.id) > 0 {
                // The bursts' segments take turns, in the order the rounds came: this one's first
                // leaves after one segment of each round that came before it.
                let position = arrivalPosition(round.id)
                let firstSegmentLeftUs = startUs + duration(Self.segmentBytes * (position + 1))
                scheduler.schedule(.windowRound(request: round.id), atUs: firstSegmentLeftUs + request.upUs + request.downUs)
            } else {
                scheduler.scheduleArrival(of: round.id, leftAtUs: doneUs, requests)
            }
        }
        queueEndUs = doneUs
        arriving.removeAll()
    }

    private func arrivalPosition(_ id: Int) -> Int {
        arriving.firstIndex(where: { $0.id == id }) ?? 0
    }

    /// The window after the connection's idle time, as Linux's `tcp_cwnd_restart` has it: halved
    /// for each retransmission timeout the idle time passes beyond the first, never below the
    /// initial window.
    private func restartedWindow(_ connection: Connection, nowUs: Int, roundTripUs: Int) -> Int {
        Self.restartedWindow(connection.windowSegments, initial: initialWindow, idleUs: nowUs - connection.lastSendUs,
                             timeoutUs: roundTripUs + Self.minimumTimeoutUs)
    }

    /// `window` segments after `idleUs` without sending, with retransmission timeout `timeoutUs`:
    /// unchanged unless the idle time passes the timeout; then halved while the idle time less
    /// another timeout is still positive, never below `initial` (or the window, if smaller).
    static func restartedWindow(_ window: Int, initial: Int, idleUs: Int, timeoutUs: Int) -> Int {
        guard idleUs > timeoutUs else { return window }
        let restart = min(initial, window)
        var window = window
        var idleUs = idleUs
        while true {
            idleUs -= timeoutUs
            guard idleUs > 0, window > restart else { break }
            window >>= 1
        }
        return max(window, restart)
    }

    /// The time `bytes` take at the downlink's rate, rounded up (none on an unlimited downlink), µs.
    func duration(_ bytes: Int) -> Int {
        guard bytesPerSecond > 0, bytes > 0 else { return 0 }
        let (quotient, remainder) = (bytes * 1_000_000).quotientAndRemainder(dividingBy: bytesPerSecond)
        return quotient + (remainder > 0 ? 1 : 0)
    }
}
