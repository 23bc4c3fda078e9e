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
/// the queue. Requests take an idle connection when there is one (the one freed last, as a
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

    init(model: NetworkModel) {
        bytesPerSecond = Int((model.downlinkKbps * 1_000 / 8).rounded())
        initialWindow = model.tcpInitialWindow
        idleRestart = model.idleRestart == 1
    }

    mutating func reset() {
        connections.removeAll()
        idle.removeAll()
        sending.removeAll()
        queueEndUs = 0
    }

    /// Request `id` got a connection slot: it takes an idle connection, or opens one.
    mutating func connect(_ id: Int) {
        let connection: Int
        if idle.isEmpty {
            connection = connections.count
            connections.append(Connection(windowSegments: initialWindow, lastSendUs: 0))
        } else {
            connection = idle.removeLast()
        }
        sending.append(Sending(id: id, connection: connection, remainingBytes: -1))
    }

    /// Request `id` no longer holds its connection (its response arrived, or the app gave up):
    /// the connection is idle. What it had queued stays in the queue.
    mutating func disconnect(_ id: Int) {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return }
        idle.append(sending.remove(at: index).connection)
    }

    /// The server answers request `id` now: its first round.
    mutating func responseStarted(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return }
        sending[index].remainingBytes = requests[id].bytes
        queueRound(index, requests, &queue)
    }

    /// The acknowledgement of request `id`'s last round came back: its next round.
    mutating func nextRound(_ id: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return }
        queueRound(index, requests, &queue)
    }

    /// On the fair-share downlink with windows (`fifo=0`): request `id`'s response begins, or its
    /// next round leaves; the bytes of the round (0: the request holds no connection).
    mutating func takeRound(_ id: Int, responseBytes: Int?, nowUs: Int, roundTripUs: Int) -> Int {
        guard let index = sending.firstIndex(where: { $0.id == id }) else { return 0 }
        if let responseBytes { sending[index].remainingBytes = responseBytes }
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

    /// The round of the request at `index` into the queue: its next round when the first
    /// segment's acknowledgement is back, or its arrival after the last byte.
    private mutating func queueRound(_ index: Int, _ requests: RequestLog, _ queue: inout EventQueue) {
        let id = sending[index].id
        let request = requests[id]
        let bytes = takeBlock(index, nowUs: queue.nowUs, roundTripUs: request.upUs + request.downUs)
        let startUs = max(queue.nowUs, queueEndUs)
        queueEndUs = startUs + duration(bytes)
        if sending[index].remainingBytes > 0 {
            let firstSegmentLeftUs = startUs + duration(min(bytes, Self.segmentBytes))
            queue.scheduleOnLink(.windowRound(request: id), atUs: firstSegmentLeftUs + request.upUs + request.downUs)
        } else {
            queue.scheduleOnLink(.arrival(request: id), atUs: queueEndUs + request.downUs, sequence: request.arrivalSequence)
        }
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
