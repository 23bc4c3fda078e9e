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

    /// The same row as `row`, appended straight to `bytes`: the key fields come already quoted
    /// (`CSVWriter.field`), numbers are written without building strings. The replay's per-session
    /// output path.
    public static func appendRow(file: [UInt8], session: [UInt8], policy: [UInt8], network: [UInt8], metrics m: SessionMetrics,
                                 to bytes: inout [UInt8]) {
        bytes.append(contentsOf: file)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: session)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: policy)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: network)
        for value in [m.navigations, m.bounces, m.stalls, m.missStalls, m.lateStalls, m.abandonedStalls, m.stallMsTotal,
                      m.stallMsMax, m.blankDrags] {
            bytes.append(UInt8(ascii: ","))
            appendInteger(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: ","))
        if let firstLoadMs = m.firstLoadMs { appendInteger(firstLoadMs, to: &bytes) }
        for value in [m.resets, m.needlessResets, m.disruptiveResets, m.staleUpdates, m.diffOpsTotal, m.requests, m.failedRequests,
                      m.retries, m.bytes, m.prefetches, m.usefulPrefetches, m.wastedPrefetches] {
            bytes.append(UInt8(ascii: ","))
            appendInteger(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: ","))
        ReportFormat.appendRatio(m.prefetchAccuracy, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        ReportFormat.appendRatio(m.coverage, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendInteger(m.peakCachedPages, to: &bytes)
        bytes.append(0x0A)
    }

    @inline(__always)
    private static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            RecordingEncoder.appendInteger(value, to: &bytes)
        }
    }
}
