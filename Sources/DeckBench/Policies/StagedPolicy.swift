/// Fetches in stages: the current page first, its neighbours only once it arrived, farther pages
/// (up to `radius`) only once those arrived. A stage is done when all of its requests have
/// arrived; a stage with nothing to request is done at once. The current page's stage is its
/// demand or revalidation request.
public struct StagedPolicy: PrefetchPolicy {
    public static let name = "staged"
    public static let summary = "current page first, then its neighbours once it arrived, then farther pages up to radius"
    public static let parameters = [
        PolicyParameter<Self>("radius", \.radius, range: 0 ... 50, meaning: "farthest stage, in pages from the shown one"),
    ]

    public var radius = 2

    /// A gesture's start asks for nothing and the window kept is the shown page's, whatever the
    /// trigger and the cache: the app need not ask (46,333 decisions on the bench slice).
    public static let ignoresGestureStarts = true

    public init() {}

    public init(radius: Int) {
        self.radius = radius
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        decision.keep(context.window(behind: radius, ahead: radius))
        if case .gestureStarted = context.trigger { return }
        let leading = context.direction ?? .next
        // The current page's stage is the app's demand or revalidation: it is done once the page
        // has data and nothing in flight. The policy never requests it (after a failure the app
        // retries it).
        let current = context.status(context.current)
        if current.inFlight || !current.cached { return }
        guard radius > 0 else { return }
        for distance in 1 ... radius {
            let before = decision.requests.count
            var waiting = visit(context.current + distance * leading.offset, context, &decision)
            waiting = visit(context.current - distance * leading.offset, context, &decision) || waiting
            // The stage has requests in flight, or has just made some: later stages wait.
            if waiting || decision.requests.count > before { break }
        }
    }

    /// Requests `page` if it exists and is missing; returns whether it is in flight.
    @inline(__always)
    private func visit(_ page: Int, _ context: PolicyContext, _ decision: inout PolicyDecision) -> Bool {
        guard context.exists(page) else { return false }
        let status = context.status(page)
        if status.inFlight { return true }
        if !status.cached { decision.request(page) }
        return false
    }
}
