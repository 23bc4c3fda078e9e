/// `sessions.csv`: one row per session × policy × network, in file order, then session order,
/// then policy and network order as given.
public enum SessionsTable {
    public static let header = [
        "file", "session", "policy", "network", "navigations", "bounces", "stalls", "miss_stalls", "late_stalls",
        "abandoned_stalls", "stall_ms_total", "stall_ms_max", "blank_drags", "first_load_ms", "resets",
        "needless_resets", "disruptive_resets", "stale_updates", "diff_ops_total", "requests", "failed_requests", "retries", "bytes", "prefetches",
        "useful_prefetches", "wasted_prefetches", "prefetch_accuracy", "coverage", "peak_cached_pages",
    ]

    public static func row(session: Session, policy: String, network: String, metrics m: SessionMetrics) -> [String] {
        [session.file, session.id, policy, network]
            + [m.navigations, m.bounces, m.stalls, m.missStalls, m.lateStalls, m.abandonedStalls, m.stallMsTotal,
               m.stallMsMax, m.blankDrags].map(String.init)
            + [m.firstLoadMs.map(String.init) ?? ""]
            + [m.resets, m.needlessResets, m.disruptiveResets, m.staleUpdates, m.diffOpsTotal, m.requests, m.failedRequests,
               m.retries, m.bytes,
               m.prefetches, m.usefulPrefetches, m.wastedPrefetches].map(String.init)
            + [ReportFormat.ratio(m.prefetchAccuracy), ReportFormat.ratio(m.coverage), String(m.peakCachedPages)]
    }
}
