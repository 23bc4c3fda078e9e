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
    fileprivate enum Sink {
        case plain(AtomicFileWriter)
        case compressed(ZstdWriter)
        case discarded
    }

    /// Opens the sessions file (as a temporary file) and writes its header.
    init(folder: String, schema: MetricSchema, sessionsFormat: SessionsFormat = .csv) throws(OutputError) {
        staged = try StagedFolder(destination: folder, runFileNames: Set(ReportFile.replacedByARun.map(\.name)), manifest: ReportFile.manifest.name)
        self.folder = staged.folder
        self.schema = schema
        self.sessionsFormat = sessionsFormat
        sessionsTable = SessionsTable(schema: schema)
        switch sessionsFormat {
        case .csv: sessions = .plain(try AtomicFileWriter(path: ReportFolder.path(self.folder, .sessions)))
        case .csvZst:
            sessions = .compressed(try ZstdWriter(path: ReportFolder.path(self.folder, .sessionsZst), level: SessionsFormat.compressionLevel))
        case .none: sessions = .discarded
        }
        try writeSessions(CSVWriter(header: sessionsTable.header).bytes)
    }

    /// Appends rows of `sessions.csv`.
    func writeSessions(_ rows: [UInt8]) throws(OutputError) {
        try sessionsOutput.write(rows)
    }

    /// Where `sessions.csv`'s rows go, for a loop that writes them as they come: it then holds
    /// the sink alone, where a call on the writer copied the whole writer once a session.
    var sessionsOutput: SessionsOutput { SessionsOutput(sink: sessions) }

    /// The sink of `sessions.csv`'s rows (`sessionsOutput`).
    struct SessionsOutput {
        fileprivate let sink: Sink

        /// Appends rows of `sessions.csv`.
        func write(_ rows: [UInt8]) throws(OutputError) {
            switch sink {
            case let .plain(file): try file.write(rows)
            case let .compressed(file): try file.write(rows)
            case .discarded: break
            }
        }
    }

    /// Appends rows of `sessions.csv` read back (a shard's).
    func writeSessions(_ rows: Data) throws(OutputError) {
        switch sessions {
        case let .plain(file): try file.write(rows)
        case let .compressed(file): try file.write(rows)
        case .discarded: break
        }
    }

    /// A run's summaries with their interval estimates and `paired.csv`, made in one pass
    /// (`PairedTable.estimatesAndCSV`): what `finish` writes, and what a command's own files read
    /// before it (`tune.csv`).
    struct Tables: Sendable {
        var summaries: [PointSummary]
        /// One per summary (`ReplicateEstimates.of` over the schema's interval columns).
        var estimates: [ReplicateEstimates?]
        /// nil when no summary carries replicates.
        var pairedCSV: String?
    }

    /// The tables of `summaries`: the one path by which a run or a merge makes `paired.csv`.
    func tables(_ summaries: [PointSummary], wins: PairedWins?, threads: Int) -> Tables {
        let made = PairedTable(schema: schema).estimatesAndCSV(summaries, wins: wins, threads: threads)
        return Tables(summaries: summaries, estimates: made.estimates, pairedCSV: made.csv)
    }

    /// Puts `sessions.csv` in place and writes the other files, then `manifest.json` listing them
    /// all with their sizes and SHA-256 (each file flushed to the disk before its rename, and the
    /// folder after the last), then swaps the folder in: the destination holds the last run until
    /// that one rename, and the new one after it. Where the folder is written in place
    /// (`StagedFolder.writesInPlace`), the manifest is written last: until it is in place, the
    /// folder's manifest does not match the new files, so no reader takes a mixed set for a run.
    /// `extra` files (a command's own, `tune.csv`) are written and listed like the others; a run
    /// file this run does not write, left by an earlier run in a folder written in place, goes.
    /// Returns the manifest as written.
    @discardableResult
    func finish(_ tables: Tables, rejects: String, manifest: Manifest, shardState: ShardState?,
                extra: [(file: ReportFile, bytes: [UInt8])] = []) throws(OutputError) -> Manifest {
        let summaries = tables.summaries
        let intervals = tables.pairedCSV != nil
        let estimates = intervals ? tables.estimates : nil
        let summaryTable = SummaryTable(schema: schema, intervals: intervals)
        let distributionsTable = DistributionsTable(schema: schema)
        var summary = CSVWriter(header: summaryTable.header)
        var distributions = CSVWriter(header: DistributionsTable.header)
        for row in summaryTable.rows(summaries, estimates: estimates) { summary.appendRow(row) }
        for entry in summaries {
            distributionsTable.append(policy: entry.policy, network: entry.network, summary: entry.summary, to: &distributions)
        }
        var written: [AtomicFileWriter.Written] = []
        switch sessions {
        case let .plain(file): written.append(try file.commit())
        case let .compressed(file): written.append(try file.finish())
        case .discarded: break
        }
        // A folder holds one run: the sessions file of another format, left by an earlier run, goes.
        for other in SessionsFormat.allCases where other != sessionsFormat {
            if let file = other.file { unlink(ReportFolder.path(folder, file)) }
        }
        written.append(try AtomicFileWriter.write(summary.bytes, to: ReportFolder.path(folder, .summary)))
        written.append(try AtomicFileWriter.write(distributions.bytes, to: ReportFolder.path(folder, .distributions)))
        if let paired = tables.pairedCSV {
            written.append(try AtomicFileWriter.write(paired, to: ReportFolder.path(folder, .paired)))
            written.append(try AtomicFileWriter.write([UInt8](BootstrapFile(summaries).encoded()),
                                                      to: ReportFolder.path(folder, .bootstrap)))
        } else {
            unlink(ReportFolder.path(folder, .paired))
            unlink(ReportFolder.path(folder, .bootstrap))
        }
        written.append(try AtomicFileWriter.write(rejects, to: ReportFolder.path(folder, .rejects)))
        for file in extra {
            written.append(try AtomicFileWriter.write(file.bytes, to: ReportFolder.path(folder, file.file)))
        }
        if !extra.contains(where: { $0.file == .tune }) { unlink(ReportFolder.path(folder, .tune)) }
        if let shardState {
            written.append(try AtomicFileWriter.write([UInt8](shardState.encoded()),
                                                      to: ReportFolder.path(folder, .shard)))
        } else {
            unlink(ReportFolder.path(folder, .shard))
        }
        return try commit(manifest, listing: written)
    }

    /// Writes `manifest` listing `files`, the folder's commit point, and flushes the folder.
    private func commit(_ manifest: Manifest, listing files: [AtomicFileWriter.Written]) throws(OutputError) -> Manifest {
        let committed = manifest.committing(files.map {
            Manifest.File(name: ($0.path as NSString).lastPathComponent, bytes: $0.bytes, sha256: $0.sha256)
        })
        try AtomicFileWriter.write(committed.encoded(), to: ReportFolder.path(folder, .manifest))
        try AtomicFileWriter.syncFolder(folder)
        try staged.commit()
        return committed
    }
}
