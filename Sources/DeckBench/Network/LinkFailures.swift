/// How requests fail on the link: lost by the loss draw, lost when they get their connection
/// during an outage, and given up by the app `timeout_ms` after they got it unless they arrived.
/// A lost request is never answered; only its timeout ends it.
///
/// The timeouts fall due in the order their requests started, so only the earliest still waiting
/// is in the scheduler's deadline; when it ends (arrived or given up), the next moves in.
struct LinkFailures: ~Copyable {
    /// The share of requests the loss draw loses.
    let loss: Double
    let timeoutUs: Int
    private let outageEveryUs: Int
    private let outageUs: Int
    /// Where this session's outage cycle starts, µs into the cycle.
    private(set) var outagePhaseUs = 0
    /// Requests that time out, in the order they started (so in the order of their deadlines);
    /// those before `firstWaiting` have arrived or were given up.
    private var started = FlatList<Int>(capacity: 32)
    private var firstWaiting = 0

    init(model: NetworkModel) {
        loss = model.loss
        timeoutUs = Int((model.timeoutMs * 1_000).rounded())
        outageEveryUs = model.outageMs > 0 ? Int(model.outageEveryMs * 1_000) : 0
        outageUs = Int(model.outageMs * 1_000)
    }

    /// Starts a session whose outage cycle is at `outagePhaseUs` at t = 0.
    mutating func reset(outagePhaseUs: Int) {
        self.outagePhaseUs = outagePhaseUs
        started.removeAll()
        firstWaiting = 0
    }

    /// Whether the n-th request for `page` is lost by the loss draw (keyed like its round trip,
    /// the same for every policy).
    @inline(__always)
    func isLost(page: Int, n: Int, _ draws: inout NetworkDraws) -> Bool {
        guard loss > 0 else { return false }
        return draws.lossUniform(page: page, n: n) < loss
    }

    /// Whether the link is down at `timeUs`: a request that gets its connection then is lost.
    @inline(__always)
    func isInOutage(atUs timeUs: Int) -> Bool {
        outageEveryUs > 0 && (timeUs + outagePhaseUs) % outageEveryUs < outageUs
    }

    /// Request `id` got its connection now: with timeouts, its deadline is set (and becomes the
    /// scheduler's when no earlier request waits).
    @inline(__always)
    mutating func started<Scheduler: LinkScheduler & ~Copyable>(_ id: Int, _ request: inout Request, _ scheduler: inout Scheduler) {
        guard timeoutUs > 0 else { return }
        request.deadlineUs = scheduler.nowUs + timeoutUs
        request.deadlineSequence = scheduler.takeSequence()
        started.append(id)
        // The only request waiting (just started: neither finished nor failed) holds the deadline,
        // as `moveDeadline` would find without its walk.
        if started.count - firstWaiting == 1 {
            scheduler.setDeadline(request: id, atUs: request.deadlineUs, sequence: request.deadlineSequence)
        }
    }

    /// A request ended (arrived or given up): the deadline moves to the earliest-started request
    /// still waiting, if any.
    @inline(__always)
    mutating func ended<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        if timeoutUs > 0 { moveDeadline(requests, &scheduler) }
    }

    private mutating func moveDeadline<Scheduler: LinkScheduler & ~Copyable>(_ requests: RequestLog, _ scheduler: inout Scheduler) {
        while firstWaiting < started.count {
            let waiting = requests[started[firstWaiting]]
            guard waiting.finished || waiting.failed else { break }
            // Wrapping: below `started.count`.
            firstWaiting &+= 1
        }
        guard firstWaiting < started.count else { return scheduler.clearDeadline() }
        let id = started[firstWaiting]
        let request = requests[id]
        scheduler.setDeadline(request: id, atUs: request.deadlineUs, sequence: request.deadlineSequence)
    }
}
