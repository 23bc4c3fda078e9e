/// What one replay (one session × one policy × one network) measured: what the user felt and
/// what it cost. Definitions are docs/MODEL.md's ("Metrics"); one row of `sessions.csv`.
public struct SessionMetrics: Sendable, Hashable, Codable {
    public var navigations = 0
    public var bounces = 0
    /// Navigations whose target had no data at its need time.
    public var stalls = 0
    /// Stalls with no request in flight at need time (the app made a demand request).
    public var missStalls = 0
    /// Stalls with a request already in flight at need time (a late prefetch).
    public var lateStalls = 0
    /// Stalls that ended because the user left the page (or the session ended) before data came.
    public var abandonedStalls = 0
    public var stallMsTotal = 0
    public var stallMsMax = 0
    /// Cancelled swipes whose target had no data at gesture start.
    public var blankDrags = 0
    /// Time until the first page's data arrived (or the user left it); `nil` in an empty replay.
    public var firstLoadMs: Int?
    /// Responses for the shown page that arrived while it already showed data.
    public var resets = 0
    /// Resets whose content was identical to what was shown.
    public var needlessResets = 0
    /// Resets after the user had scrolled the page.
    public var disruptiveResets = 0
    /// Resets whose content differed from what was shown.
    public var staleUpdates = 0
    /// Insertions + removals of the list differences of the stale updates.
    public var diffOpsTotal = 0
    public var requests = 0
    /// Requests the app gave up on (no answer within `timeout_ms`).
    public var failedRequests = 0
    /// Demand and revalidation requests sent again after a failure.
    public var retries = 0
    /// Bytes of responses that arrived.
    public var bytes = 0
    public var prefetches = 0
    public var usefulPrefetches = 0
    public var wastedPrefetches = 0
    /// Navigations whose target was cached thanks to a prefetch at need time.
    public var coveredNavigations = 0
    public var peakCachedPages = 0
    /// Time a page with data was on screen (the shown page while it had data), rounded to ms.
    public var shownMs = 0
    /// Of that, time while the server already had a newer version of the page than the one shown.
    public var staleShownMs = 0
    /// The session's length in the replay, ms: its recorded length, plus the waits that held the
    /// user back with `--user-waits`.
    public var sessionMs = 0
    /// Time the user looked at a page without data after its gesture ended, ms: for each stall
    /// not over by its commit, from the commit until the data came, the user left the page, or
    /// (with `--user-waits`, for a user who waited) the app gave up on it.
    public var addedWaitMs = 0

    public init() {}

    /// useful / prefetches; `nil` without prefetches.
    public var prefetchAccuracy: Double? {
        prefetches == 0 ? nil : Double(usefulPrefetches) / Double(prefetches)
    }

    /// covered navigations / navigations; `nil` without navigations.
    public var coverage: Double? {
        navigations == 0 ? nil : Double(coveredNavigations) / Double(navigations)
    }
}
