import Foundation

/// One `deckbench replay`: every session of every file against every policy on every network,
/// with the reports written to a folder.
///
/// Sessions stream through a `SessionPipeline` (the run's threads) in batches of a few per
/// worker; their rows are written in file order through a `ReportWriter`, so the output is the
/// same bytes for every `jobs` and memory stays bounded by the batches, never by the corpus.
public struct ReplayRun: Sendable {
    public var files: [String]
    public var policies: [any PrefetchPolicy]
    public var networks: [NetworkModel]
    public var settings: ReplaySettings
    /// The folder the run's reports go to (`outputNames`).
    public var outputFolder: String
    /// The command line as the manifest records it (without flags that do not change results).
    public var command: [String]
    /// Worker threads (≥ 1).
    public var jobs: Int
    /// The share of the sessions to replay; a shard also writes `shard.json` for `merge`.
    public var shard: Shard
    /// The report columns.
    public var schema: MetricSchema
    /// How `sessions.csv` is written.
    public var sessionsFormat: SessionsFormat
    /// With `tune`, the side of its split the run replays (nil: every session of the shard).
    public var part: HoldoutSplit.Part?
    /// A file the run adds to its folder, made from its summaries (`tune.csv`).
    public var appendix: Appendix?

    /// A file a command adds to a run's folder, listed in its manifest like the others: made from
    /// the run's summaries and their estimates once the replay is done.
    public struct Appendix: Sendable {
        public var name: String
        public var make: @Sendable (_ summaries: [(policy: String, network: String, summary: MetricsSummary)],
                                    _ estimates: [ReplicateEstimates?]) -> [UInt8]

        public init(name: String,
                    make: @escaping @Sendable ([(policy: String, network: String, summary: MetricsSummary)], [ReplicateEstimates?]) -> [UInt8]) {
            self.name = name
            self.make = make
        }
    }

    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                outputFolder: String, command: [String], jobs: Int = 1, shard: Shard = .all, schema: MetricSchema = .standard,
                sessionsFormat: SessionsFormat = .csv) {
        self.files = files
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.outputFolder = outputFolder
        self.command = command
        self.jobs = max(1, jobs)
        self.shard = shard
        self.schema = schema
        self.sessionsFormat = sessionsFormat
    }

    /// What a run produced, for the caller's summary table and exit status.
    public struct Outcome: Sendable {
        /// One entry per policy × network, in the order given.
        public var summaries: [(policy: String, network: String, summary: MetricsSummary)]
        /// Each summary's interval columns replicate by replicate (nil without intervals), as the
        /// reports read them.
        public var estimates: [ReplicateEstimates?]
        public var rejects: [Reject]
        public var sessions: Int
        public var manifest: Manifest
    }

    /// How far a run has come, for a progress line.
    public struct Progress: Sendable {
        public var sessions: Int
        /// Bytes of the input files read so far, and in all.
        public var bytesRead: Int
        public var bytesTotal: Int
    }

    /// The files the run writes, as its manifest lists them.
    public var outputNames: [String] {
        let names = ReportWriter.fileNames(sessionsFormat, intervals: settings.bootstrap > 0)
        guard let appendix else { return names }
        return names.dropLast() + [appendix.name, "manifest.json"]
    }

    /// Sessions per worker in one batch: enough to keep the workers busy, few enough to keep
    /// memory small: 256, fewer when there are many replay points (a batch's rows are held until
    /// written, about 150 bytes a point and session), at least 8.
    static func sessionsPerWorker(replayPoints: Int) -> Int {
        max(8, min(256, 16_384 / max(1, replayPoints)))
    }

    public func run(progress: ((Progress) -> Void)? = nil) throws(OutputError) -> Outcome {
        let writer = try ReportWriter(folder: outputFolder, schema: schema, sessionsFormat: sessionsFormat)
        let wins = PairedWins(policies: policies.count, networks: networks.count, columns: schema.intervalColumns)
        var table = writer.sessionsTable
        // A shard's blocks count the bytes of its rows even when sessions.csv is not written.
        table.makesRows = sessionsFormat != .none || shard.count > 1
        let pipeline = SessionPipeline(jobs: jobs, table: table, wins: wins) {
            let world = CommonDraws(settings: settings)
            return policies.flatMap { policy in networks.map { makeReplayer(policy, network: $0, settings: settings, world: world) } }
        }
        var rejects: [Reject] = []
        var inputs: [Manifest.Input] = []
        var blocks: [ShardState.Block] = []
        let bytesTotal = files.reduce(0) { $0 + Self.fileSize($1) }
        var sessionCount = 0
        var bytesOfFilesDone = 0

        try pipeline.run(files: files.count, batchSize: Self.sessionsPerWorker(replayPoints: policies.count * networks.count) * jobs, read: { [self] in read(file: $0, batchSize: $1, deliver: $2) }) {
            (batch, rows) throws(OutputError) in
            rejects += batch.rejects
            let bytesRead = bytesOfFilesDone + batch.fileBytesRead
            if let input = batch.input {
                inputs.append(input)
                bytesOfFilesDone += batch.fileBytesRead
            }
            for (index, item) in batch.sessions.enumerated() {
                try writer.writeSessions(rows[index])
                if shard.count > 1 { blocks.append(.init(file: item.file, ordinal: item.ordinal, bytes: rows[index].count)) }
            }
            sessionCount += batch.sessions.count
            progress?(Progress(sessions: sessionCount, bytesRead: bytesRead, bytesTotal: bytesTotal))
        }

        let summaries = pipeline.summaries
        let pairedWins = pipeline.wins
        let usersNamed = settings.bootstrap > 0 && inputs.contains { $0.sessionsWithUser != nil }
        let manifest = Manifest(
            command: command, seed: settings.seed, maxAgeMs: settings.maxAgeMs, bootstrap: settings.bootstrap,
            bootstrapUnit: usersNamed ? "user" : nil, userWaits: settings.userWaits,
            content: .init(items: settings.content.items, itemBytes: settings.content.itemBytes,
                           churnPerHour: settings.content.churnPerHour),
            policies: policies.map(\.spec), networks: networks.map(\.spec), inputs: inputs, sessions: sessionCount,
            rejects: rejects.count, replays: sessionCount * summaries.count, outputs: outputNames,
            shard: shard.count > 1 ? shard.description : nil)

        let state = shard.count > 1
            ? ShardState(run: manifest.runFingerprint, shardIndex: shard.index, shardCount: shard.count,
                         summaries: summaries.map(\.2), wins: pairedWins, blocks: blocks)
            : nil
        // paired.csv is made as the intervals are computed, so that a sweep never holds every row's replicates.
        let (estimates, paired) = PairedTable(schema: schema).estimatesAndCSV(summaries, wins: pairedWins, threads: jobs)
        let extra = appendix.map { [(name: $0.name, bytes: $0.make(summaries, estimates))] } ?? []
        let committed = try writer.finish(summaries: summaries, wins: pairedWins, rejects: RejectsTable.csv(rejects), manifest: manifest,
                                          shardState: state, estimates: estimates, pairedCSV: paired, extra: extra)
        return Outcome(summaries: summaries, estimates: estimates, rejects: rejects, sessions: sessionCount, manifest: committed)
    }

    /// Whether the run replays `session` of `file`: its shard's, on its side of a split.
    func selects(_ session: Session, file: String) -> Bool {
        shard.contains(file: file, session: session.id) && (part?.contains(file: file, session: session.id, user: session.user) ?? true)
    }

    /// Reads file `fileIndex` and hands `deliver` batches of `batchSize` sessions the run selects,
    /// the last with the rest and the file's counts; stops early when `deliver` returns false.
    func read(file fileIndex: Int, batchSize: Int, deliver: (SessionBatch) -> Bool) {
        let file = files[fileIndex]
        let reader = RecordingReader(path: file)
        var batch = SessionBatch()
        var input = Manifest.Input(file: file, sessions: 0, rejects: 0, lines: 0, bytes: 0)
        var ordinal = 0
        for item in reader {
            switch item {
            case let .session(session):
                defer { ordinal += 1 }
                guard selects(session, file: file) else { continue }
                input.count(session)
                batch.sessions.append((fileIndex, ordinal, session))
                if batch.sessions.count >= batchSize {
                    batch.fileBytesRead = reader.fileBytesRead
                    guard deliver(batch) else { return }
                    batch = SessionBatch()
                }
            case let .reject(reject):
                input.rejects += 1
                batch.rejects.append(reject)
            }
        }
        input.lines = reader.lines
        input.bytes = reader.decompressedBytes
        batch.input = input
        batch.fileBytesRead = reader.fileBytesRead
        _ = deliver(batch)
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
