/// What a set of recordings holds, as `deckbench inspect` reports it: sessions, events by kind,
/// the navigations they make, and how long and how busy sessions are. Summaries of files merge
/// into the summary of all of them.
public struct RecordingSummary: Sendable, Equatable {
    public var files = 0
    public var sessions = 0
    public var rejects = 0
    /// Lines and decompressed bytes read, rejected ones included.
    public var lines = 0
    public var bytes = 0
    public var swipes = 0
    /// Swipes let go of (a subset of `swipes`).
    public var cancelledSwipes = 0
    public var taps = 0
    public var jumps = 0
    public var scrolls = 0
    public var ends = 0
    /// Committed page changes, counted as the replay counts them (`Pager`).
    public var navigations = 0
    /// Swipes and taps past the first or last page.
    public var bounces = 0
    /// Session durations in ms (until `end` or the last event).
    public var durationMs = Distribution()
    /// Navigations per session.
    public var navigationsPerSession = Distribution()

    public init() {}

    public var events: Int { swipes + taps + jumps + scrolls + ends }

    /// A swipe in progress: when it commits, its step number and its target.
    private typealias Swipe = (commitMs: Int, number: Int, target: Int)

    /// Counts an accepted session.
    public mutating func add(_ session: Session) {
        sessions += 1
        var pager = Pager(page: session.page)
        var swipes: [Swipe] = []
        var sessionNavigations = 0
        for event in session.events {
            countKind(event)
            if !swipes.isEmpty { sessionNavigations += Self.commit(&swipes, on: &pager, notAfterMs: event.timeMs) }
            let (step, number) = pager.step(event, within: session.first ... session.last)
            switch step {
            case let .navigation(target, needMs, commitMs, _):
                if commitMs == needMs {
                    if pager.commit(number, to: target) { sessionNavigations += 1 }
                } else {
                    swipes.append((commitMs, number, target))
                }
            case .bounce:
                bounces += 1
            case .cancelledSwipe, .none:
                break
            }
        }
        sessionNavigations += Self.commit(&swipes, on: &pager, notAfterMs: session.endMs)
        navigations += sessionNavigations
        durationMs.record(session.endMs)
        navigationsPerSession.record(sessionNavigations)
    }

    /// Commits the swipes due by `limitMs` in the replay's order (by time, then by step: swipes
    /// are appended in step order, so the first of the earliest); returns the navigations made.
    private static func commit(_ swipes: inout [Swipe], on pager: inout Pager, notAfterMs limitMs: Int) -> Int {
        var navigations = 0
        while !swipes.isEmpty {
            var next = 0
            for index in swipes.indices.dropFirst() where swipes[index].commitMs < swipes[next].commitMs { next = index }
            guard swipes[next].commitMs <= limitMs else { break }
            let swipe = swipes.remove(at: next)
            if pager.commit(swipe.number, to: swipe.target) { navigations += 1 }
        }
        return navigations
    }

    private mutating func countKind(_ event: Event) {
        switch event.kind {
        case let .swipe(_, _, cancelled):
            swipes += 1
            if cancelled { cancelledSwipes += 1 }
        case .tap: taps += 1
        case .jump: jumps += 1
        case .scroll: scrolls += 1
        case .end: ends += 1
        }
    }

    public mutating func merge(_ other: RecordingSummary) {
        files += other.files
        sessions += other.sessions
        rejects += other.rejects
        lines += other.lines
        bytes += other.bytes
        swipes += other.swipes
        cancelledSwipes += other.cancelledSwipes
        taps += other.taps
        jumps += other.jumps
        scrolls += other.scrolls
        ends += other.ends
        navigations += other.navigations
        bounces += other.bounces
        durationMs.merge(other.durationMs)
        navigationsPerSession.merge(other.navigationsPerSession)
    }
}
