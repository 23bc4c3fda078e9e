import Foundation

/// Writes one report folder, for `replay`, `tune` and `merge` alike: `sessions.csv` (or
/// `.csv.zst`, or nothing: `SessionsFormat`) streamed as rows come, then `summary.csv`,
/// `distributions.csv`, with intervals `paired.csv` and `bootstrap.json`, `rejects.csv`, a
/// command's own files (`tune.csv`), for a shard `shard.json`, and `manifest.json` last, into a
/// staging folder swapped in whole at the end (`StagedFolder`). Columns come from the schema.
struct ReportWriter {
    /// Where the files are written until the folder is swapped in.
    let folder: String
    private let staged: StagedFolder
    let schema: MetricSchema
    let sessionsTable: SessionsTable
    let sessionsFormat: SessionsFormat
    private let sessions: Sink

    /// Where the rows go.
    private enum Sink {
        case plain(AtomicFileWriter)
        case compressed(ZstdWriter)
        case discarded
    }

    /// Opens the sessions file (as a temporary file) and writes its header.
    init(folder: String, schema: MetricSchema, sessionsFormat: SessionsFormat = .csv) throws(OutputError) {
        staged = try StagedFolder(destination: folder)
        self.folder = staged.folder
        self.schema = schema
        self.sessionsFormat = sessionsFormat
        sessionsTable = SessionsTable(schema: schema)
        switch sessionsFormat {
        case .csv: sessions = .plain(try AtomicFileWriter(path: ReportFolder.path(self.folder, "sessions.csv")))
        case .csvZst:
            sessions = .compressed(try ZstdWriter(path: ReportFolder.path(self.folder, "sessions.csv.zst"), level: SessionsFormat.compressionLevel))
        case .none: sessions = .discarded
        }
        try writeSessions(CSVWriter(header: sessionsTable.header).bytes)
    }

    /// Appends rows of `sessions.csv`.
    func writeSessions(_ rows: [UInt8]) throws(OutputError) {
        try rows.withUnsafeBytes { buffer in Result { () throws(OutputError) in try writeSessions(buffer) } }.get()
    }

    /// Appends rows of `sessions.csv` from a buffer.
    func writeSessions(_ rows: UnsafeRawBufferPointer) throws(OutputError) {
        switch sessions {
        case let .plain(file): try file.write(rows)
        case let .compressed(file): try file.write(rows)
        case .discarded: break
        }
    }

    /// Puts `sessions.csv` in place and writes the other files, then `manifest.json` listing them
    /// all with their sizes and SHA-256 (each file flushed to the disk before its rename, and the
    /// folder after the last), then swaps the folder in: the destination holds the last run until
    /// that one rename, and the new one after it. Where the folder is written in place
    /// (`StagedFolder.writesInPlace`), the manifest is written last: until it is in place, the
    /// folder's manifest does not match the new files, so no reader takes a mixed set for a run. Returns
    /// the manifest as written. `estimates` (`ReplicateEstimates.of` the summaries over the
    /// schema's interval columns) are made here when not given; `extra` files (a command's own,
    /// `tune.csv`) are written and listed like the others.
    @discardableResult
    func finish(summaries: [(policy: String, network: String, summary: MetricsSummary)], wins: PairedWins?, rejects: String, manifest: Manifest,
                shardState: ShardState?, estimates: [ReplicateEstimates?]? = nil, pairedCSV: String? = nil,
                extra: [(name: String, bytes: [UInt8])] = []) throws(OutputError) -> Manifest {
        let intervals = summaries.contains { !$0.summary.replicates.isEmpty }
        // Without estimates given (a merge), they and paired.csv are made in one pass.
        let made = intervals && estimates == nil ? PairedTable(schema: schema).estimatesAndCSV(summaries, wins: wins) : nil
        let estimates = intervals ? estimates ?? made?.estimates : nil
        let pairedCSV = pairedCSV ?? made?.csv
        let summaryTable = SummaryTable(schema: schema, intervals: intervals)
        let distributionsTable = DistributionsTable(schema: schema)
        var summary = CSVWriter(header: summaryTable.header)
        var distributions = CSVWriter(header: DistributionsTable.header)
        for row in summaryTable.rows(summaries, estimates: estimates) { summary.appendRow(row) }
        for (policy, network, metrics) in summaries {
            distributionsTable.append(policy: policy, network: network, summary: metrics, to: &distributions)
        }
        var written: [AtomicFileWriter.Written] = []
        switch sessions {
        case let .plain(file): written.append(try file.commit())
        case let .compressed(file): written.append(try file.finish())
        case .discarded: break
        }
        // A folder holds one run: the sessions file of another format, left by an earlier run, goes.
        for other in SessionsFormat.allCases where other != sessionsFormat {
            if let name = other.fileName { unlink(ReportFolder.path(folder, name)) }
        }
        written.append(try AtomicFileWriter.write(summary.bytes, to: ReportFolder.path(folder, "summary.csv")))
        written.append(try AtomicFileWriter.write(distributions.bytes, to: ReportFolder.path(folder, "distributions.csv")))
        if let paired = intervals ? pairedCSV ?? PairedTable(schema: schema).csv(summaries, wins: wins, estimates: estimates) : nil {
            written.append(try AtomicFileWriter.write(paired, to: ReportFolder.path(folder, PairedTable.fileName)))
            written.append(try AtomicFileWriter.write([UInt8](BootstrapFile(summaries).encoded()),
                                                      to: ReportFolder.path(folder, BootstrapFile.fileName)))
        } else {
            unlink(ReportFolder.path(folder, PairedTable.fileName))
            unlink(ReportFolder.path(folder, BootstrapFile.fileName))
        }
        written.append(try AtomicFileWriter.write(rejects, to: ReportFolder.path(folder, "rejects.csv")))
        for file in extra {
            written.append(try AtomicFileWriter.write(file.bytes, to: ReportFolder.path(folder, file.name)))
        }
        // tune's file, left by a tune in a folder written in place, goes with that run.
        if !extra.contains(where: { $0.name == TuneRun.fileName }) { unlink(ReportFolder.path(folder, TuneRun.fileName)) }
        if let shardState {
            written.append(try AtomicFileWriter.write([UInt8](shardState.encoded()),
                                                      to: ReportFolder.path(folder, ShardState.fileName)))
        } else {
            unlink(ReportFolder.path(folder, ShardState.fileName))
        }
        return try commit(manifest, listing: written)
    }

    /// Writes `manifest` listing `files`, the folder's commit point, and flushes the folder.
    private func commit(_ manifest: Manifest, listing files: [AtomicFileWriter.Written]) throws(OutputError) -> Manifest {
        let committed = manifest.committing(files.map {
            Manifest.File(name: ($0.path as NSString).lastPathComponent, bytes: $0.bytes, sha256: $0.sha256)
        })
        try AtomicFileWriter.write(committed.encoded(), to: ReportFolder.path(folder, "manifest.json"))
        try AtomicFileWriter.syncFolder(folder)
        try staged.commit()
        return committed
    }

    /// The files a run writes, as the manifest lists them (`shard.json` aside).
    static func fileNames(_ format: SessionsFormat, intervals: Bool) -> [String] {
        ["summary.csv", "distributions.csv"] + (intervals ? [PairedTable.fileName, BootstrapFile.fileName] : [])
            + (format.fileName.map { [$0] } ?? []) + ["rejects.csv", "manifest.json"]
    }
}
