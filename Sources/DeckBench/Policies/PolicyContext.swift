/// What a policy is told when it is asked to decide: what happened, where the user is, and a
/// read-only view of the cache and of requests in flight.
public struct PolicyContext {
    /// What prompted the decision.
    public enum Trigger: Sendable, Hashable {
        /// A navigation to `current` committed (also the first page at t = 0).
        case commit
        /// A swipe towards `target` started (a hint: it may be cancelled).
        case gestureStarted(target: Int)
        /// A swipe towards `target` ended without a commit (let go, or superseded by a later
        /// gesture): `target` is no longer being dragged in and may be dropped.
        case gestureEnded(target: Int)
        /// A response for `page` arrived.
        case responseArrived(page: Int)
        /// The app gave up on a request for `page` (no answer in time).
        case requestFailed(page: Int)
    }

    public var trigger: Trigger
    /// The page shown.
    public var current: Int
    /// The direction of the last step (tap or swipe); `nil` before the first one and after a jump.
    public var direction: Direction?
    /// The limits of the data.
    public var first: Int
    public var last: Int
    /// The session's steps so far (committed taps and swipes) that went the same way as the step
    /// before them, and those that turned back. The first step, and the first after a jump, is
    /// compared with nothing.
    public var stepsSameWay: Int
    public var stepsReversed: Int
    /// The direction of the step before the last one (nil before two steps, and when it was a jump).
    public var previousDirection: Direction?
    /// Milliseconds between the last two commits (nil before two): short while the user swipes in
    /// a burst.
    public var stepGapMs: Int?
    /// The replayer's table, not retained, so that asking a policy costs no reference counting:
    /// whoever makes a context keeps its table alive while the context is used (the replayer's
    /// table outlives the one decision a context lives for). An `unowned(unsafe) let` would read
    /// better but is retained and released around each call: +4.2 % instructions on the bench slice.
    private let pages: Unmanaged<PageTable>

    init(trigger: Trigger, current: Int, direction: Direction?, first: Int, last: Int, pages: PageTable,
         stepsSameWay: Int = 0, stepsReversed: Int = 0, previousDirection: Direction? = nil, stepGapMs: Int? = nil) {
        self.previousDirection = previousDirection
        self.stepGapMs = stepGapMs
        self.trigger = trigger
        self.current = current
        self.direction = direction
        self.first = first
        self.last = last
        self.stepsSameWay = stepsSameWay
        self.stepsReversed = stepsReversed
        self.pages = .passUnretained(pages)
    }

    /// Runs `body` with a context over a cache holding `cached` and requests in flight for
    /// `inFlight`: how a policy's `decide` is unit-tested outside the library, with no replay. The
    /// context is valid inside `body` only.
    public static func withCache<Result>(
        trigger: Trigger, current: Int, direction: Direction? = nil, first: Int, last: Int, cached: Set<Int> = [],
        inFlight: Set<Int> = [], stepsSameWay: Int = 0, stepsReversed: Int = 0, previousDirection: Direction? = nil, stepGapMs: Int? = nil,
        _ body: (PolicyContext) throws -> Result
    ) rethrows -> Result {
        let table = PageTable()
        table.reset(around: current)
        for page in cached { table[page] = PageTable.Page(version: 0) }
        for (index, page) in inFlight.sorted().enumerated() { table[page].inFlight = index }
        return try withExtendedLifetime(table) {
            try body(PolicyContext(trigger: trigger, current: current, direction: direction, first: first, last: last, pages: table,
                                   stepsSameWay: stepsSameWay, stepsReversed: stepsReversed, previousDirection: previousDirection,
                                   stepGapMs: stepGapMs))
        }
    }

    /// Whether `page` has data in the cache.
    @inline(__always)
    public func isCached(_ page: Int) -> Bool { pages._withUnsafeGuaranteedRef { $0.isCached(page) } }

    /// Whether a request for `page` is in flight (queued, at the server, or transferring).
    @inline(__always)
    public func isInFlight(_ page: Int) -> Bool { pages._withUnsafeGuaranteedRef { $0.isInFlight(page) } }

    /// Whether `page` has data in the cache and whether a request for it is in flight, read
    /// together (`StagedPolicy` asks both of every page it visits).
    @inline(__always)
    func status(_ page: Int) -> (cached: Bool, inFlight: Bool) { pages._withUnsafeGuaranteedRef { $0.status(page) } }

    /// Whether `page` is neither cached nor in flight: what a policy may request.
    @inline(__always)
    public func isMissing(_ page: Int) -> Bool { pages._withUnsafeGuaranteedRef { $0.isMissing(page) } }

    /// Whether `page` exists (lies within `first…last`).
    public func exists(_ page: Int) -> Bool { page >= first && page <= last }

    /// `current − behind … current + ahead` within the data, where `ahead` counts along `direction`
    /// (towards `next` when there is none).
    @inline(__always)
    public func window(behind: Int, ahead: Int) -> ClosedRange<Int> {
        let (before, after) = direction == .prev ? (ahead, behind) : (behind, ahead)
        let low = max(first, current - before)
        let high = min(last, current + after)
        return low ... max(low, high)
    }

    /// Requests the pages of `window` that are neither cached nor in flight, nearest first; at
    /// equal distance the page in the direction of travel first (`next` when none).
    @inline(__always)
    public func requestMissing(in window: ClosedRange<Int>, into decision: inout PolicyDecision) {
        let leading = direction ?? .next
        let reach = max(current - window.lowerBound, window.upperBound - current)
        guard reach > 0 else { return }
        for distance in 1 ... reach {
            requestIfMissing(current + distance * leading.offset, in: window, into: &decision)
            requestIfMissing(current - distance * leading.offset, in: window, into: &decision)
        }
    }

    @inline(__always)
    private func requestIfMissing(_ page: Int, in window: ClosedRange<Int>, into decision: inout PolicyDecision) {
        if window.contains(page) && isMissing(page) { decision.request(page) }
    }
}
