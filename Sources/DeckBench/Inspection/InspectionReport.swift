/// Formats an `Inspection` for people (text tables) and for machines (CSV).
package enum InspectionReport {
    /// The columns of `inspect --csv`, in order.
    public static let csvHeader = [
        "file", "sessions", "rejects", "lines", "bytes", "events", "swipes", "cancelled_swipes", "taps", "jumps",
        "scrolls", "ends", "navigations", "bounces",
        "duration_ms_p50", "duration_ms_p90", "duration_ms_p99", "duration_ms_max",
        "navigations_per_session_p50", "navigations_per_session_p90", "navigations_per_session_p99",
        "navigations_per_session_max",
    ]

    /// One CSV row per file, then a row for all files named `total`.
    public static func csv(_ inspection: Inspection) -> String {
        var writer = CSVWriter(header: csvHeader)
        for file in inspection.files { writer.appendRow(csvRow(file.name, file.summary)) }
        writer.appendRow(csvRow("total", inspection.total))
        return writer.text
    }

    private static func csvRow(_ name: String, _ s: RecordingSummary) -> [String] {
        [name] + [s.sessions, s.rejects, s.lines, s.bytes, s.events, s.swipes, s.cancelledSwipes, s.taps, s.jumps,
                  s.scrolls, s.ends, s.navigations, s.bounces].map(String.init)
            + quartet(s.durationMs) + quartet(s.navigationsPerSession)
    }

    /// p50, p90, p99 and max; empty fields for a file without sessions (no made-up zeros).
    private static func quartet(_ distribution: Distribution) -> [String] {
        guard distribution.count > 0 else { return ["", "", "", ""] }
        return [distribution.value(at: 50), distribution.value(at: 90), distribution.value(at: 99), distribution.max].map(String.init)
    }

    /// The tables `inspect` prints: counts, distributions, then the rejects.
    public static func text(_ inspection: Inspection) -> String {
        var counts = TextTable(header: [
            "file", "sessions", "rejects", "events", "swipes", "cancelled", "taps", "jumps", "scrolls",
            "navigations", "bounces",
        ])
        var shapes = TextTable(header: [
            "file", "duration p50", "p90", "p99", "max", "navigations/session p50", "p90", "p99", "max",
        ])
        let rows = inspection.files.map { ($0.name, $0.summary) } + (inspection.files.count > 1 ? [("total", inspection.total)] : [])
        for (name, s) in rows {
            counts.append([name] + [s.sessions, s.rejects, s.events, s.swipes, s.cancelledSwipes, s.taps, s.jumps,
                                    s.scrolls, s.navigations, s.bounces].map(String.init))
            let d = s.durationMs
            let n = s.navigationsPerSession
            // A file without sessions has no durations: a dash, not 0.0s.
            guard d.count > 0 else {
                shapes.append([name] + Array(repeating: "-", count: 8))
                continue
            }
            shapes.append([name, seconds(d.value(at: 50)), seconds(d.value(at: 90)), seconds(d.value(at: 99)), seconds(d.max),
                           String(n.value(at: 50)), String(n.value(at: 90)), String(n.value(at: 99)), String(n.max)])
        }
        var text = counts.rendered + "\nSession duration and navigations per session:\n" + shapes.rendered
        let total = inspection.total
        text += "\n\(total.files) file(s), \(total.sessions) session\(total.sessions == 1 ? "" : "s"), \(total.events) events, \(total.lines) lines, "
            + "\(total.bytes) bytes decompressed, \(total.rejects) rejected.\n"
        if !inspection.rejects.isEmpty {
            text += "\nRejected:\n" + inspection.rejects.map { "  \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// Milliseconds as seconds with one decimal ("12.3s").
    private static func seconds(_ milliseconds: Int) -> String {
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)s"
    }
}
