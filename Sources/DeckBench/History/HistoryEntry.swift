import Foundation

/// A run folder as rows of a history: the chosen metrics (by default those with an interval, the
/// ones a nightly gate judges best), for every policy × network of its summary.csv, with the run's id, its corpus and flags digests and what the caller
/// says of it. The folder must be one complete run (`ReportVerification`).
public struct HistoryEntry: Sendable {
    public var label: String
    /// ISO 8601, UTC.
    public var time: String
    public var commit: String
    /// The metrics kept, each one `compare` can judge.
    public var metrics: [String]

    public init(label: String = "", time: String, commit: String = "", metrics: [String]? = nil, schema: MetricSchema = .standard) {
        self.label = label
        self.time = time
        self.commit = String(commit.prefix(12))
        self.metrics = metrics ?? schema.intervalColumns.map(\.name)
    }

    /// Why a metric cannot be kept, if it cannot: it must be one `compare` judges.
    public static func check(metrics: [String], schema: MetricSchema = .standard) -> String? {
        let known = schema.comparedColumns.map(\.name)
        guard let unknown = metrics.first(where: { !known.contains($0) }) else { return nil }
        return "unknown metric \(unknown); metrics compare can judge: \(known.joined(separator: ", "))"
    }

    /// `date` as the history writes a time: ISO 8601 in UTC, to the second.
    public static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The rows of the run in `folder`; throws `ReportFolder.Failure` when it is not one complete run.
    public func rows(folder: String) throws(ReportFolder.Failure) -> [HistoryRow] {
        let reports = try ReportFolder(folder: folder)
        let manifest = reports.manifest
        let run = String((manifest.runId ?? SHA256Digest.hex(of: manifest.encoded().utf8)).prefix(12))
        let corpus = Self.corpusDigest(manifest)
        let flags = Self.flagsDigest(manifest)
        return reports.summary.flatMap { summary in
            metrics.compactMap { metric -> HistoryRow? in
                guard let value = summary[metric] else { return nil }
                return HistoryRow(run: run, label: label, time: time, version: manifest.version, commit: commit, corpus: corpus,
                                  flags: flags, policy: summary["policy"] ?? "", network: NetworkModel.shortSpec(summary["network"] ?? ""),
                                  metric: metric, value: value, ciLow: summary[metric + "_ci_low"] ?? "",
                                  ciHigh: summary[metric + "_ci_high"] ?? "")
            }
        }
    }

    /// The recordings' identity: each input file's name (not its folder), lines, bytes, sessions and rejects.
    static func corpusDigest(_ manifest: Manifest) -> String {
        let text = manifest.inputs.map { input in
            "\((input.file as NSString).lastPathComponent),\(input.lines),\(input.bytes),\(input.sessions),\(input.rejects)"
        }.joined(separator: "\n")
        return String(SHA256Digest.hex(of: text.utf8).prefix(8))
    }

    /// The settings that change a run's results, beside its policies and networks (which are the rows' own).
    static func flagsDigest(_ manifest: Manifest) -> String {
        let content = manifest.content
        let text = "seed=\(manifest.seed),max_age_ms=\(manifest.maxAgeMs),bootstrap=\(manifest.bootstrap ?? 0),"
            + "bootstrap_unit=\(manifest.bootstrapUnit ?? "session"),user_waits=\(manifest.userWaits ?? false),"
            + "items=\(content.items),item_bytes=\(content.itemBytes),churn_per_hour=\(content.churnPerHour)"
        return String(SHA256Digest.hex(of: text.utf8).prefix(8))
    }
}
