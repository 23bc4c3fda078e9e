import DequeModule

/// The network between app and server in one replay: connection slots (urgent requests first,
/// then first come, first served), half a round trip up, server time, a downlink shared fairly by
/// the transfers in progress (processor sharing), half a round trip down.
struct Link {
    let model: NetworkModel
    private let serverUs: Int
    /// Downlink bytes per second; 0 = unlimited.
    private let bytesPerSecond: Int
    private var busySlots = 0
    private var urgentQueue = Deque<Int>()
    private var prefetchQueue = Deque<Int>()
    /// Requests transferring on the downlink, in the order they started.
    private var transfers: [Int] = []
    private var transfersUpdatedUs = 0
    private var epoch = 0

    init(model: NetworkModel) {
        self.model = model
        serverUs = Int((model.serverMs * 1_000).rounded())
        bytesPerSecond = Int((model.downlinkKbps * 1_000 / 8).rounded())
    }

    mutating func reset() {
        busySlots = 0
        urgentQueue.removeAll(keepingCapacity: true)
        prefetchQueue.removeAll(keepingCapacity: true)
        transfers.removeAll(keepingCapacity: true)
        transfersUpdatedUs = 0
        epoch = 0
    }

    /// Takes a new request: it starts at once if a connection is free, else waits its turn.
    mutating func submit(_ id: Int, _ requests: [Request], _ queue: inout EventQueue) {
        if model.connections == 0 || busySlots < model.connections {
            start(id, requests, &queue)
        } else if requests[id].kind.isUrgent {
            urgentQueue.append(id)
        } else {
            prefetchQueue.append(id)
        }
    }

    private mutating func start(_ id: Int, _ requests: [Request], _ queue: inout EventQueue) {
        busySlots += 1
        queue.schedule(.responseStart(request: id), atUs: queue.nowUs + requests[id].upUs + serverUs)
    }

    /// The time the server saw request `id` (now is when its response leaves the server).
    func serverTimeUs(now: Int) -> Int { now - serverUs }

    /// The response of `id` (its `bytes` set) leaves the server now.
    mutating func responseStarted(_ id: Int, _ requests: inout [Request], _ queue: inout EventQueue) {
        guard bytesPerSecond > 0, requests[id].bytes > 0 else {
            queue.schedule(.arrival(request: id), atUs: queue.nowUs + requests[id].downUs)
            return
        }
        advanceTransfers(&requests, now: queue.nowUs)
        requests[id].remainingWork = requests[id].bytes * 1_000_000
        transfers.append(id)
        scheduleTransferCheck(requests, &queue)
    }

    /// The earliest transfer may be done: finished transfers go on to their last half round trip.
    mutating func transferCheck(_ checkEpoch: Int, _ requests: inout [Request], _ queue: inout EventQueue) {
        guard checkEpoch == epoch else { return }
        advanceTransfers(&requests, now: queue.nowUs)
        var index = 0
        while index < transfers.count {
            let id = transfers[index]
            if requests[id].remainingWork <= 0 {
                transfers.remove(at: index)
                queue.schedule(.arrival(request: id), atUs: queue.nowUs + requests[id].downUs)
            } else {
                index += 1
            }
        }
        scheduleTransferCheck(requests, &queue)
    }

    /// A response arrived: its connection serves the next waiting request.
    mutating func arrived(_ requests: [Request], _ queue: inout EventQueue) {
        busySlots -= 1
        if let next = urgentQueue.popFirst() ?? prefetchQueue.popFirst() {
            start(next, requests, &queue)
        }
    }

    /// Gives every transfer its fair share of the bytes the downlink carried since the last update.
    private mutating func advanceTransfers(_ requests: inout [Request], now: Int) {
        let elapsed = now - transfersUpdatedUs
        transfersUpdatedUs = now
        guard elapsed > 0, !transfers.isEmpty else { return }
        let product = elapsed.multipliedFullWidth(by: bytesPerSecond)
        let share = transfers.count.dividingFullWidth(product).quotient
        for id in transfers { requests[id].remainingWork -= share }
    }

    private mutating func scheduleTransferCheck(_ requests: [Request], _ queue: inout EventQueue) {
        epoch += 1
        guard !transfers.isEmpty else { return }
        var least = Int.max
        for id in transfers { least = min(least, requests[id].remainingWork) }
        let work = max(0, least) * transfers.count
        let delayUs = (work + bytesPerSecond - 1) / bytesPerSecond
        queue.schedule(.transferCheck(epoch: epoch), atUs: queue.nowUs + delayUs)
    }
}
