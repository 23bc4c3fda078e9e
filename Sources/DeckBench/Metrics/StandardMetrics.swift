/// DeckBench's metrics, in report column order. Definitions are docs/MODEL.md's ("Metrics").
extension Metric {
    public static let sessions = Metric("sessions", unit: .sessions, summary: .sessions, meaning: "sessions replayed")
    public static let navigations = Metric.count("navigations", \.navigations, unit: .navigations, meaning: "committed page changes")
    public static let bounces = Metric.count("bounces", \.bounces, meaning: "steps past the first or last page")
    public static let stalls = Metric.count("stalls", \.stalls, better: .lower,
                                            meaning: "navigations whose target had no data at its need time")
    public static let stallRate = Metric("stall_rate", unit: .ratio, better: .lower, summary: .ratioOfSums(\.stalls, over: \.navigations),
                                         compared: .all, reported: .all, interval: true, meaning: "stalls / navigations")
    public static let missStalls = Metric.count("miss_stalls", \.missStalls, better: .lower,
                                                meaning: "stalls with no request in flight at need time (the app sent a demand request)")
    public static let lateStalls = Metric.count("late_stalls", \.lateStalls, better: .lower,
                                                meaning: "stalls with a request already in flight at need time (a late prefetch)")
    public static let abandonedStalls = Metric.count(
        "abandoned_stalls", \.abandonedStalls, better: .lower, compared: true,
        meaning: "stalls ended by the user leaving the page, or by the session's end, before the data came")
    public static let stallMs = Metric(
        "stall_ms", unit: .ms, better: .lower, summary: .percentiles(\.stallMsPerNavigation), compared: .all,
        reported: .only([.p50, .p99]), interval: true, label: "stall", meaning: "stall time over all navigations (0 for a navigation that did not stall)")
    public static let stallMsStalled = Metric("stall_ms_stalled", unit: .ms, better: .lower, summary: .percentiles(\.stallMsPerStall),
                                              compared: .only([.p99]), interval: true, meaning: "stall time over stalled navigations only")
    public static let stallMsCvar99 = Metric(
        "stall_ms_cvar99", unit: .ms, better: .lower, summary: .tailMean(\.stallMsPerNavigation, share: 0.01), compared: .all,
        interval: true, label: "worst 1 % stall",
        meaning: "the mean stall time of the worst 1 % of navigations, zeros included (CVaR at 99 %): unlike stall_ms_p99 it "
            + "grows smoothly with the tail instead of jumping from 0 when the stall rate crosses 1 %")
    public static let stallMsTotal = Metric.count("stall_ms_total", \.stallMsTotal, unit: .ms, better: .lower, meaning: "sum of stall times",
                                                  sessionMeaning: "sum of this session's stall times, rounded once from microseconds")
    public static let stallMsPerNavigation = Metric(
        "stall_ms_per_navigation", unit: .ms, better: .lower, summary: .ratioOfSums(\.stallMsTotal, over: \.navigations),
        compared: .all, interval: true, meaning: "mean stall per navigation: stall_ms_total / navigations")
    public static let stallMsMax = Metric("stall_ms_max", unit: .ms, better: .lower, session: .maximum(\.stallMsMax),
                                          meaning: "the session's longest stall (0 without stalls)")
    public static let blankDrags = Metric.count("blank_drags", \.blankDrags, better: .lower, compared: true,
                                                meaning: "swipes that never became a navigation (cancelled, or overtaken by a later gesture that committed first) whose target had no data at gesture start")
    public static let firstLoadMs = Metric(
        "first_load_ms", unit: .ms, better: .lower, session: .optionalInteger(\.firstLoadMs), summary: .percentiles(\.firstLoadMs),
        compared: .only([.p50, .p99]), meaning: "load time of each session's first page",
        sessionMeaning: "load time of the first page (until its data came or the user left it)")
    public static let resets = Metric.count("resets", \.resets, better: .lower, compared: true, reported: true,
                                            meaning: "responses for the shown page that arrived while it showed data")
    public static let resetsPerNavigation = Metric(
        "resets_per_navigation", unit: .ratio, better: .lower, summary: .ratioOfSums(\.resets, over: \.navigations),
        compared: .all, interval: true,
        meaning: "resets / navigations")
    public static let needlessResets = Metric.count("needless_resets", \.needlessResets, better: .lower, compared: true, reported: true,
                                                    meaning: "resets whose content was identical")
    public static let disruptiveResets = Metric.count("disruptive_resets", \.disruptiveResets, better: .lower, compared: true,
                                                      meaning: "resets after the user had scrolled that page")
    public static let staleUpdates = Metric.count("stale_updates", \.staleUpdates, better: .lower, compared: true, reported: true,
                                                  meaning: "resets whose content differed")
    public static let staleUpdatesPerNavigation = Metric(
        "stale_updates_per_navigation", unit: .ratio, better: .lower, summary: .ratioOfSums(\.staleUpdates, over: \.navigations),
        compared: .all, interval: true,
        meaning: "stale updates / navigations")
    public static let diffOps = Metric("diff_ops", unit: .operations, better: .lower, summary: .percentiles(\.diffOps),
                                       compared: .only([.p99]), meaning: "insertions + removals of each stale update's list difference")
    public static let diffOpsTotal = Metric.count("diff_ops_total", \.diffOpsTotal, unit: .operations, better: .lower,
                                                  meaning: "sum of `diff_ops`",
                                                  sessionMeaning: "sum of `diff_ops` of this session's stale updates")
    public static let requests = Metric.count("requests", \.requests, better: .lower, compared: true,
                                              meaning: "requests sent (demand, revalidation, prefetch), retries included")
    public static let failedRequests = Metric.count(
        "failed_requests", \.failedRequests, better: .lower,
        meaning: "requests (each attempt, retries included) the app gave up on: no answer within the network's `timeout_ms` (lost, in an outage, or too slow); a retry that follows is a request of its own")
    public static let retries = Metric.count(
        "retries", \.retries, better: .lower,
        meaning: "demand and revalidation requests sent again after a failure (see `RetryPolicy` in the README)")
    public static let bytes = Metric.count("bytes", \.bytes, unit: .bytes, better: .lower, meaning: "bytes of responses that arrived")
    public static let bytesPerNavigation = Metric(
        "bytes_per_navigation", unit: .bytes, better: .lower, summary: .quotientOfSums(\.bytes, over: \.navigations), compared: .all,
        reported: .all, interval: true, label: "bytes / navigation", meaning: "bytes / navigations (integer division)")
    public static let prefetches = Metric.count("prefetches", \.prefetches, meaning: "prefetch requests sent")
    public static let usefulPrefetches = Metric.count("useful_prefetches", \.usefulPrefetches, better: .higher,
                                                      meaning: "prefetches that delivered data the user needed: their page needed while that data was cached, or while in flight and the data then arrived")
    public static let wastedPrefetches = Metric.count(
        "wasted_prefetches", \.wastedPrefetches, better: .lower, compared: true, reported: true,
        meaning: "every other prefetch: dropped, discarded, failed, still in flight at the end, or never needed")
    public static let wastedPrefetchesPerNavigation = Metric(
        "wasted_prefetches_per_navigation", unit: .ratio, better: .lower, summary: .ratioOfSums(\.wastedPrefetches, over: \.navigations),
        compared: .all, interval: true,
        meaning: "wasted prefetches / navigations")
    public static let prefetchAccuracy = Metric(
        "prefetch_accuracy", unit: .ratio, better: .higher, session: .ratio(\.usefulPrefetches, over: \.prefetches),
        summary: .ratioOfSums(\.usefulPrefetches, over: \.prefetches), compared: .all, meaning: "useful / prefetches")
    public static let coverage = Metric(
        "coverage", unit: .ratio, better: .higher, session: .ratio(\.coveredNavigations, over: \.navigations),
        summary: .ratioOfSums(\.coveredNavigations, over: \.navigations), compared: .all,
        meaning: "navigations whose target was cached thanks to a prefetch at need time / navigations")
    public static let peakCachedPages = Metric(
        "peak_cached_pages", unit: .pages, session: .maximum(\.peakCachedPages), summary: .max(\.peakCachedPages),
        meaning: "the most pages cached at once in any session", sessionMeaning: "the most pages cached at once in this session")
    public static let shownMs = Metric.count(
        "shown_ms", \.shownMs, unit: .ms, meaning: "time a page with data was on screen (the pager's page; not while it waited for data)",
        sessionMeaning: "time a page with data was on screen in this session")
    public static let staleShownMs = Metric.count(
        "stale_shown_ms", \.staleShownMs, unit: .ms, better: .lower, compared: true,
        meaning: "of `shown_ms`, time while the server already had a newer version of the page shown: the cost of `--max-age-ms`",
        sessionMeaning: "of this session's `shown_ms`, time while the server had a newer version of the page shown")
    public static let staleShownShare = Metric(
        "stale_shown_share", unit: .ratio, better: .lower, session: .ratio(\.staleShownMs, over: \.shownMs),
        summary: .ratioOfSums(\.staleShownMs, over: \.shownMs), compared: .all, reported: .all, label: "stale shown",
        meaning: "stale_shown_ms / shown_ms")
    public static let sessionMs = Metric.count(
        "session_ms", \.sessionMs, unit: .ms,
        meaning: "length of the sessions in the replay: as recorded, plus the waits that held the user back with `--user-waits`",
        sessionMeaning: "the session's length in the replay: as recorded, plus the waits that held the user back with `--user-waits`")
    public static let addedWaitMs = Metric.count(
        "added_wait_ms", \.addedWaitMs, unit: .ms, better: .lower, compared: true,
        meaning: "time users looked at a page without data after the gesture to it ended (each stall's part after its commit, "
            + "until the data came or the user left the page; with `--user-waits` a user who waits leaves only when the app gives up)",
        sessionMeaning: "time the user looked at a page without data after the gesture to it ended")
    public static let addedWaitShare = Metric(
        "added_wait_share", unit: .ratio, better: .lower, session: .ratio(\.addedWaitMs, over: \.sessionMs),
        summary: .ratioOfSums(\.addedWaitMs, over: \.sessionMs), compared: .all, reported: .all, label: "waiting",
        meaning: "added_wait_ms / session_ms: the share of the users' time spent waiting for a page")

    /// Every metric above, in column order.
    static let standardList: [Metric] = [
        .sessions, .navigations, .bounces, .stalls, .stallRate, .missStalls, .lateStalls, .abandonedStalls, .stallMs, .stallMsStalled,
        .stallMsCvar99, .stallMsTotal, .stallMsPerNavigation, .stallMsMax, .blankDrags, .firstLoadMs, .resets, .resetsPerNavigation, .needlessResets,
        .disruptiveResets, .staleUpdates, .staleUpdatesPerNavigation, .diffOps, .diffOpsTotal, .requests, .failedRequests, .retries,
        .bytes, .bytesPerNavigation, .prefetches, .usefulPrefetches, .wastedPrefetches, .wastedPrefetchesPerNavigation, .prefetchAccuracy, .coverage, .peakCachedPages, .shownMs, .staleShownMs, .staleShownShare,
        .sessionMs, .addedWaitMs, .addedWaitShare,
    ]
}
