@testable import DeckBench

/// A `LinkScheduler` for the link's parts' tests: it keeps what the link scheduled, in the order
/// it was asked, and its clock moves only when a test moves it.
struct TestScheduler: LinkScheduler {
    struct Scheduled: Equatable, CustomStringConvertible {
        var event: LinkEvent
        var atUs: Int
        var sequence: Int
        var description: String { "\(event) @\(atUs) #\(sequence)" }
    }

    var nowUs = 0
    private(set) var sequence = 0
    private(set) var events: [Scheduled] = []
    private(set) var timer: (timer: LinkTimer, atUs: Int)?
    private(set) var deadline: (request: Int, atUs: Int, sequence: Int)?

    mutating func takeSequence() -> Int {
        defer { sequence += 1 }
        return sequence
    }

    mutating func schedule(_ event: LinkEvent, atUs timeUs: Int, sequence: Int?) {
        events.append(Scheduled(event: event, atUs: max(timeUs, nowUs), sequence: sequence ?? takeSequence()))
    }

    /// Whether `scheduleCancellableArrival` refuses, as a full queue does.
    var refusesCancellable = false

    mutating func scheduleCancellableArrival(of id: Int, atUs timeUs: Int, sequence: Int) -> Bool {
        guard !refusesCancellable else { return false }
        schedule(.arrival(request: id), atUs: timeUs, sequence: sequence)
        cancellable.append(id)
        return true
    }

    /// Takes the arrival back (from `events` too if not taken yet), and notes it in `cancelled`.
    mutating func cancelArrival(of id: Int) {
        guard let index = cancellable.firstIndex(of: id) else {
            preconditionFailure("TestScheduler: no arrival of request \(id) to take back")
        }
        cancellable.remove(at: index)
        events.removeAll { $0.event == .arrival(request: id) }
        cancelled.append(id)
    }

    /// Requests whose arrival was scheduled where it can be taken back, and not taken back yet.
    private(set) var cancellable: [Int] = []
    /// The requests whose arrival was taken back, in order.
    private(set) var cancelled: [Int] = []

    mutating func setTimer(_ timer: LinkTimer, atUs timeUs: Int) {
        self.timer = (timer, timeUs)
    }

    mutating func cancelTimer() {
        timer = nil
    }

    mutating func setDeadline(request id: Int, atUs timeUs: Int, sequence: Int) {
        deadline = (id, timeUs, sequence)
    }

    mutating func clearDeadline() {
        deadline = nil
    }

    /// The events scheduled since the last call, and no more.
    mutating func takeEvents() -> [Scheduled] {
        defer { events.removeAll() }
        return events
    }
}

/// A request log holding `requests`, by id in their order.
func requestLog(_ requests: [Request]) -> RequestLog {
    let log = RequestLog()
    for request in requests { _ = log.append(request) }
    return log
}
