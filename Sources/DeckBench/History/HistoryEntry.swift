import Foundation

/// A run folder as rows of a history: the chosen metrics (by default those with an interval, the
/// ones a nightly gate judges best), for every policy × network of its summary.csv, with the run's id, its corpus and flags digests and what the caller
/// says of it. The folder must be one complete run (`ReportVerification`).
public struct HistoryEntry: Sendable {
    public var label: String
    /// ISO 8601, UTC; nil for when the run was written (its manifest's modification time).
    public var time: String?
    public var commit: String
    /// The metrics kept, each one `compare` can judge.
    public var metrics: [String]

    public init(label: String = "", time: String? = nil, commit: String = "", metrics: [String]? = nil, schema: MetricSchema = .standard) {
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

    /// `text` (ISO 8601, with an offset or Z, with or without fractional seconds) as the history
    /// writes a time: in UTC, to the second; nil when it is no such time.
    public static func utcTime(_ text: String) -> String? {
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (plain.date(from: text) ?? fractional.date(from: text)).map(time)
    }

    /// The rows of the night in `folder`; refused when it is not one complete run, or is a shard's
    /// (half a night's sessions: merge the shards first).
    public func rows(folder: String) throws(HistoryFile.Failure) -> [HistoryRow] {
        let reports: ReportFolder
        do {
            reports = try ReportFolder(folder: folder)
        } catch {
            throw .notANight(folder: folder, reason: error.description)
        }
        guard reports.manifest.shard == nil, !FileManager.default.fileExists(atPath: folder + "/" + ReportFile.shard.rawValue) else {
            throw .notANight(folder: folder, reason: "it holds one shard of a run (\(ReportFile.shard.rawValue)), not a night's sessions: "
                + "`deckbench merge` the shards' folders first and append the merged one")
        }
        let manifest = reports.manifest
        let time = time ?? Self.writtenTime(folder: folder)
        let run = Self.nightID(run: manifest.runId ?? SHA256Digest.hex(of: manifest.encoded().utf8), label: label, commit: commit, time: time)
        let corpus = Self.corpusDigest(manifest)
        let flags = Self.flagsDigest(manifest)
        return reports.summary.flatMap { summary in
            metrics.compactMap { metric -> HistoryRow? in
                guard let value = summary.text(metric) else { return nil }
                let interval = summary.intervalText(metric)
                return HistoryRow(run: run, label: label, time: time, version: manifest.version, commit: commit, corpus: corpus,
                                  flags: flags, policy: summary.policy, network: NetworkModel.shortSpec(summary.network),
                                  metric: metric, value: value, ciLow: interval.low, ciHigh: interval.high,
                                  seed: String(manifest.seed))
            }
        }
    }

    /// A night's id: the run's (a digest of its results: a deterministic job gives the same one
    /// every night) with what names the night: its label and commit, and its time when it has no
    /// label. So nights of identical runs are nights all the same, a job rerun under the same label
    /// (`--label "$(date -u +%F)"`) is the same night, and appending the same folder twice, whose
    /// time is when it was written, adds it once.
    static func nightID(run: String, label: String, commit: String, time: String) -> String {
        let name = [run, label, commit, label.isEmpty ? time : ""].joined(separator: "\n")
        return String(SHA256Digest.hex(of: name.utf8).prefix(12))
    }

    /// When the run in `folder` was written: its manifest's modification time, ISO 8601 in UTC.
    static func writtenTime(folder: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + ReportFile.manifest.rawValue)
        return time(attributes?[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0))
    }

    /// The recordings' identity: each input file's name (not its folder), lines, bytes, sessions and rejects.
    static func corpusDigest(_ manifest: Manifest) -> String {
        let text = manifest.inputs.map { input in
            "\((input.file as NSString).lastPathComponent),\(input.lines),\(input.bytes),\(input.sessions),\(input.rejects)"
        }.joined(separator: "\n")
        return String(SHA256Digest.hex(of: text.utf8).prefix(8))
    }

    /// The settings that change the model a run replays, beside its policies and networks (which
    /// are the rows' own): the app's max age, users who wait, the content. Not the seed (a new draw
    /// of the same model: a job may take a new one every night), nor the bootstrap's count or unit
    /// (they change the intervals' precision, not what is measured), nor jobs, shards or paths:
    /// a change of those explains no change of the numbers. The contents of the files the policies
    /// and networks read are (a model learned again under the same name is a new model).
    static func flagsDigest(_ manifest: Manifest) -> String {
        let content = manifest.content
        var text = "max_age_ms=\(manifest.maxAgeMs),user_waits=\(manifest.userWaits ?? false),"
            + "items=\(content.items),item_bytes=\(content.itemBytes),churn_per_hour=\(content.churnPerHour)"
        if let files = manifest.referencedFiles { text += ",files=" + files.map(\.sha256).joined(separator: ";") }
        return String(SHA256Digest.hex(of: text.utf8).prefix(8))
    }
}
