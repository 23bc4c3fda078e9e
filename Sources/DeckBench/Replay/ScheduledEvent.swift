/// Something that happens at a virtual time in a replay. Events compare by time, then by the
/// order they were scheduled in, so equal times run in scheduling order.
struct ScheduledEvent: Comparable {
    enum Action {
        /// The swipe of navigation `id` completes: the navigation commits.
        case swipeCompleted(navigation: Int)
        /// A cancelled swipe's page has snapped back out of view.
        case dragEnded(page: Int)
        /// Request `id`'s response leaves the server.
        case responseStart(request: Int)
        /// The earliest transfer on the shared downlink may have finished.
        case transferCheck
        /// The acknowledgement of request `id`'s last round came back: its next round leaves.
        case windowRound(request: Int)
        /// The rounds that reached the first-in-first-out downlink this instant go in together.
        case queueArrivals
        /// Request `id`'s response arrives at the app.
        case arrival(request: Int)
        /// The trace delivers packets now.
        case deliveryOpportunity
        /// The app gives up on request `id` unless it has arrived.
        case timeout(request: Int)
        /// The app tries `page` again after its demand failed (retry number `attempt`), unless
        /// data for it came meanwhile.
        case retryDemand(page: Int, attempt: Int)
        /// The app tries again to refresh `page` after its revalidation failed, if it is still
        /// shown and no newer copy came.
        case retryRevalidation(page: Int, attempt: Int)
    }

    var timeUs: Int
    var sequence: Int
    var action: Action

    static func < (lhs: ScheduledEvent, rhs: ScheduledEvent) -> Bool {
        lhs.timeUs != rhs.timeUs ? lhs.timeUs < rhs.timeUs : lhs.sequence < rhs.sequence
    }

    static func == (lhs: ScheduledEvent, rhs: ScheduledEvent) -> Bool {
        lhs.timeUs == rhs.timeUs && lhs.sequence == rhs.sequence
    }
}
