/// How one session's page views become a recording: the first view is the page shown at t = 0;
/// each later view of the next or the previous page is a swipe that lasted `swipeMs` and ended at
/// the view (shorter when the view before came later than that); a view farther away is a jump;
/// a view of the same page again is nothing; the session ends `dwellMs` after its last view. The
/// pages with data are `first … last` when given, else the pages the session viewed.
///
/// A page-view log does not say how a page was reached, how long a drag took, whether drags were
/// cancelled or overlapped, or where the user scrolled: docs/IMPORT.md says how that biases replays.
package struct PageViewConversion: Sendable {
    /// Default drag time of a swipe, ms: about what a committed page swipe takes on a phone.
    public static let defaultSwipeMs = 300
    /// Default time on the last page before the session ends, ms.
    public static let defaultDwellMs = 10_000

    public var swipeMs: Int
    public var dwellMs: Int
    public var first: Int?
    public var last: Int?

    public init(swipeMs: Int = Self.defaultSwipeMs, dwellMs: Int = Self.defaultDwellMs, first: Int? = nil, last: Int? = nil) {
        self.swipeMs = swipeMs
        self.dwellMs = dwellMs
        self.first = first
        self.last = last
    }

    /// The recording of `views` (one session's, in time order, at least one), or why it cannot be made.
    public func session(_ views: [PageView], file: String) -> Result<Session, ImportError> {
        guard let start = views.first else { return .failure(.emptySession) }
        let pages = views.map(\.page)
        let low = first ?? pages.min()!
        let high = last ?? pages.max()!
        if let outside = pages.first(where: { $0 < low || $0 > high }) {
            return .failure(.pageOutsideBounds(outside, first: low, last: high))
        }
        var events: [Event] = []
        var shown = start.page
        var previousMs = 0
        for view in views.dropFirst() {
            let timeMs = view.timeMs - start.timeMs
            guard timeMs >= previousMs else {
                return .failure(.timeGoesBack(previous: "\(previousMs + start.timeMs) ms", time: "\(view.timeMs) ms"))
            }
            let step = view.page - shown
            if abs(step) == 1 {
                let dragStart = max(events.last?.endMs ?? 0, timeMs - swipeMs)
                events.append(Event(timeMs: dragStart, kind: .swipe(step > 0 ? .next : .prev, durationMs: timeMs - dragStart, cancelled: false)))
            } else if step != 0 {
                events.append(Event(timeMs: timeMs, kind: .jump(page: view.page)))
            }
            shown = view.page
            previousMs = timeMs
        }
        let endMs = previousMs + dwellMs
        guard endMs <= RecordingLimits.maxTimeMs else { return .failure(.tooLong(endMs)) }
        events.append(Event(timeMs: endMs, kind: .end))
        return .success(Session(id: start.session, file: file, line: start.line, page: start.page, first: low, last: high, events: events))
    }
}

private extension Event {
    /// When the event is over: a swipe's drag end, else its time.
    var endMs: Int {
        if case let .swipe(_, durationMs, _) = kind { return timeMs + durationMs }
        return timeMs
    }
}
