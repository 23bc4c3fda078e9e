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
