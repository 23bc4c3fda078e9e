/// What a `Replayer` tells whoever watches one replay as it happens: the user's gestures, the page
/// shown, requests, stalls and resets, on the replay's virtual clock. `SessionTimeline` records
/// them for `deckbench trace`. A replayer without an observer only tests for one at these points.
protocol ReplayObserver: AnyObject {
    func sessionBegan(_ session: Session)
    func gesture(_ gesture: TimelineGesture, atUs: Int)
    /// A navigation committed (also the session's first page at t = 0): `page` is shown now; the
    /// app needed its data from `neededUs` (the gesture's start; 0 for the first page).
    func pageShown(_ page: Int, atUs: Int, neededUs: Int)
    func requestSent(_ id: Int, page: Int, kind: Request.Kind, attempt: Int, atUs: Int)
    /// Request `id` arrived (`failed` false) or the app gave up on it; `request` as it ended.
    func requestEnded(_ id: Int, _ request: Request, failed: Bool, atUs: Int)
    /// The pending prefetch of `page` proved useful (needed) or wasted (dropped, discarded,
    /// failed). Prefetches still pending when the session ends are wasted.
    func prefetchJudged(page: Int, useful: Bool)
    func stall(page: Int, fromUs: Int, toUs: Int, late: Bool, abandoned: Bool)
    func reset(page: Int, atUs: Int, needless: Bool, diffOperations: Int)
    /// The session ended at `atUs`; `requests` holds every request it made, by id.
    func sessionEnded(atUs: Int, requests: RequestLog)
}
