/// `summary.csv`: one row per policy × network, in the order given on the command line.
public enum SummaryTable {
    public static let header = [
        "policy", "network", "sessions", "navigations", "bounces", "stalls", "stall_rate", "miss_stalls", "late_stalls",
        "abandoned_stalls", "stall_ms_p50", "stall_ms_p90", "stall_ms_p99", "stall_ms_max",
        "stall_ms_stalled_p50", "stall_ms_stalled_p90", "stall_ms_stalled_p99", "stall_ms_stalled_max", "stall_ms_total",
        "blank_drags", "first_load_ms_p50", "first_load_ms_p90", "first_load_ms_p99", "first_load_ms_max",
        "resets", "needless_resets", "disruptive_resets", "stale_updates",
        "diff_ops_p50", "diff_ops_p90", "diff_ops_p99", "diff_ops_max", "diff_ops_total",
        "requests", "failed_requests", "retries", "bytes", "bytes_per_navigation", "prefetches", "useful_prefetches", "wasted_prefetches",
        "prefetch_accuracy", "coverage", "peak_cached_pages",
    ]

    public static func row(policy: String, network: String, summary s: MetricsSummary) -> [String] {
        let t = s.totals
        return [policy, network] + [s.sessions, t.navigations, t.bounces, t.stalls].map(String.init)
            + [ReportFormat.ratio(t.stalls, t.navigations)]
            + [t.missStalls, t.lateStalls, t.abandonedStalls].map(String.init)
            + ReportFormat.percentiles(s.stallMsPerNavigation) + ReportFormat.percentiles(s.stallMsPerStall)
            + [String(t.stallMsTotal), String(t.blankDrags)]
            + ReportFormat.percentiles(s.firstLoadMs)
            + [t.resets, t.needlessResets, t.disruptiveResets, t.staleUpdates].map(String.init)
            + ReportFormat.percentiles(s.diffOps) + [String(t.diffOpsTotal)]
            + [String(t.requests), String(t.failedRequests), String(t.retries), String(t.bytes), t.navigations == 0 ? "" : String(t.bytes / t.navigations)]
            + [t.prefetches, t.usefulPrefetches, t.wastedPrefetches].map(String.init)
            + [ReportFormat.ratio(t.prefetchAccuracy), ReportFormat.ratio(t.coverage), String(t.peakCachedPages)]
    }
}
