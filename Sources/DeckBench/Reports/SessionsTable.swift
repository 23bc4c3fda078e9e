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
        // The 22 counts (`DecimalDigits.maxBytes` and a comma each) go through a scratch buffer: one
        // append for all of them rather than one per byte.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22 * (DecimalDigits.maxBytes + 1) + 1) { scratch in
            var writer = DigitWriter(base: scratch.baseAddress!)
            writer.field(m.navigations)
            writer.field(m.bounces)
            writer.field(m.stalls)
            writer.field(m.missStalls)
            writer.field(m.lateStalls)
            writer.field(m.abandonedStalls)
            writer.field(m.stallMsTotal)
            writer.field(m.stallMsMax)
            writer.field(m.blankDrags)
            writer.comma()
            if let firstLoadMs = m.firstLoadMs { writer.integer(firstLoadMs) }
            writer.field(m.resets)
            writer.field(m.needlessResets)
            writer.field(m.disruptiveResets)
            writer.field(m.staleUpdates)
            writer.field(m.diffOpsTotal)
            writer.field(m.requests)
            writer.field(m.failedRequests)
            writer.field(m.retries)
            writer.field(m.bytes)
            writer.field(m.prefetches)
            writer.field(m.usefulPrefetches)
            writer.field(m.wastedPrefetches)
            bytes.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress!, count: writer.count))
        }
        bytes.append(UInt8(ascii: ","))
        ReportFormat.appendRatio(m.prefetchAccuracy, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        ReportFormat.appendRatio(m.coverage, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendInteger(m.peakCachedPages, to: &bytes)
        bytes.append(0x0A)
    }

    /// Writes comma-separated integers at a pointer with room for them.
    private struct DigitWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func comma() {
            base[count] = UInt8(ascii: ",")
            count += 1
        }

        mutating func field(_ value: Int) {
            comma()
            integer(value)
        }

        mutating func integer(_ value: Int) {
            count += DecimalDigits.write(value, to: base + count)
        }
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
