/// One replay of a `SessionSource`'s sessions against every policy on every network, with the
/// reports written to a folder: `deckbench replay`, and `tune`'s held-out confirmation.
///
/// Sessions stream through a `SessionPipeline` (the run's threads) in batches of a few per
/// worker; their rows are written in file order through a `ReportWriter`, so the output is the
/// same bytes for every `jobs` and memory stays bounded by the batches, never by the corpus.
/// A run goes in two steps: `replay` reads and replays (the sessions file is written as rows come),
/// `Replayed.write` writes the tables, a command's own files and the manifest; `run` does both.
///
/// The command line's defaults, for a library run that should match `deckbench replay`:
/// `policies: PolicyRegistry.defaults` (the default job), `networks: [NetworkModel.parse(NetworkPresets.defaultName)]`,
/// `settings: ReplaySettings()`. `jobs` defaults to 1 here, the command line's to the number of
/// cores: the caller owns its threads, and the reports are the same bytes for every value.
public struct ReplayRun: Sendable {
    /// The recordings (`paths` and `--shard`).
    public var source: SessionSource
    /// `--policy`, each replayed against every network.
    public var policies: [any PrefetchPolicy]
    /// `--network`.
    public var networks: [NetworkModel]
    /// Seed, content, revalidation, loop and bootstrap (`--seed`, `--items`, ..., `--bootstrap`).
    public var settings: ReplaySettings
    /// The folder the run's reports go to.
    public var outputFolder: String
    /// The command line as the manifest records it (without flags that do not change results).
    public var command: [String]
    /// Worker threads (≥ 1): `--jobs`.
    public var jobs: Int
    /// The report columns.
    public var schema: MetricSchema
    /// How `sessions.csv` is written: `--sessions-format`.
    public var sessionsFormat: SessionsFormat

    public init(source: SessionSource, policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                outputFolder: String, command: [String], jobs: Int = 1, schema: MetricSchema = .standard,
                sessionsFormat: SessionsFormat = .csv) {
        self.source = source
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.outputFolder = outputFolder
        self.command = command
        self.jobs = max(1, jobs)
        self.schema = schema
        self.sessionsFormat = sessionsFormat
    }

    /// A run of every session of `files` (of `shard`).
    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                outputFolder: String, command: [String], jobs: Int = 1, shard: Shard = .all, schema: MetricSchema = .standard,
                sessionsFormat: SessionsFormat = .csv) {
        self.init(source: SessionSource(files: files, shard: shard), policies: policies, networks: networks, settings: settings,
                  outputFolder: outputFolder, command: command, jobs: jobs, schema: schema, sessionsFormat: sessionsFormat)
    }

    /// What a run produced, for the caller's summary table and exit status; the reports
    /// themselves are in `outputFolder`.
    public struct Outcome: Sendable {
        /// One entry per policy × network, policies outer, networks inner, in the order given:
        /// the policy's and the network's specs (summary.csv's `policy` and `network`) and their
        /// metrics (counts in `summary.totals`, e.g. `summary.totals.navigations`).
        public var summaries: [PointSummary]
        /// Each summary's interval columns replicate by replicate, index for index with
        /// `summaries` (nil without intervals, `bootstrap` 0): `estimates[i]?.interval(column)`
        /// is summary.csv's `NAME_ci_low`, `NAME_ci_high`.
        public var estimates: [ReplicateEstimates?]
        /// Lines and sessions left out of the replay (bad input), with file, line and reason.
        public var rejects: [Reject]
        /// Sessions replayed (each against every policy on every network).
        public var sessions: Int
        /// What manifest.json holds: settings, inputs, and the files written.
        public var manifest: Manifest
    }

    /// How far a run has come, for a progress line.
    public struct Progress: Sendable {
        public var sessions: Int
        /// Bytes of the input files read so far, and in all.
        public var bytesRead: Int
        public var bytesTotal: Int
    }

    /// Replays and writes every report.
    public func run(progress: ((Progress) -> Void)? = nil) throws(OutputError) -> Outcome {
        try replay(progress: progress).write()
    }

    /// Reads and replays every session of the source, writing the sessions file as rows come; the
    /// rest of the reports wait for `Replayed.write`.
    public func replay(progress: ((Progress) -> Void)? = nil) throws(OutputError) -> Replayed {
        let shard = source.shard
        let writer = try ReportWriter(folder: outputFolder, schema: schema, sessionsFormat: sessionsFormat)
        let wins = PairedWins(policies: policies.count, networks: networks.count, columns: schema.intervalColumns)
        // A shard's blocks count the bytes of its rows even when sessions.csv is not written.
        let format: (any SessionRowFormat)? = sessionsFormat != .none || shard.isPart ? writer.sessionsTable : nil
        let sessionsOutput = writer.sessionsOutput
        let pipeline = SessionPipeline(jobs: jobs, format: format, wins: wins) { [policies, networks, settings] in
            let commons = SessionCommons(settings: settings)
            return policies.flatMap { policy in networks.map { makeReplayer(policy, network: $0, settings: settings, commons: commons) } }
        }
        var rejects: [Reject] = []
        var inputs: [Manifest.Input] = []
        var blocks: [ShardState.Block] = []
        var sessions = 0
        var sessionsInInput = 0
        let bytesTotal = source.bytesTotal
        var bytesOfFilesDone = 0
        try pipeline.run(files: source.files.count, batchSize: SessionPipeline.batchSize(replayPoints: policies.count * networks.count, jobs: jobs),
                         read: { [source] in source.read(file: $0, batchSize: $1, deliver: $2) }) {
            (batch, rows) throws(OutputError) in
            rejects += batch.rejects
            let bytesRead = bytesOfFilesDone + batch.fileBytesRead
            if let input = batch.input {
                inputs.append(input)
                sessionsInInput += batch.sessionsInFile
                bytesOfFilesDone += batch.fileBytesRead
            }
            for index in batch.sessions.indices {
                try sessionsOutput.write(rows[index])
                if shard.isPart {
                    blocks.append(.init(file: batch.origins[index].file, ordinal: batch.origins[index].ordinal, bytes: rows[index].count))
                }
            }
            sessions += batch.sessions.count
            progress?(Progress(sessions: sessions, bytesRead: bytesRead, bytesTotal: bytesTotal))
        }
        let (summaries, pairedWins) = pipeline.totals()
        return Replayed(run: self, writer: writer, summaries: summaries, wins: pairedWins,
                        tables: writer.tables(summaries, wins: pairedWins, threads: jobs),
                        rejects: rejects, sessions: sessions, sessionsInInput: sessionsInInput, inputs: inputs, blocks: blocks)
    }

    /// A run whose sessions are replayed and whose sessions file is written, its other reports not
    /// yet: what a command reads to make a file of its own (`tune.csv`) before `write`.
    public struct Replayed {
        let run: ReplayRun
        let writer: ReportWriter
        /// One entry per policy × network, as in `Outcome.summaries`.
        public let summaries: [PointSummary]
        let wins: PairedWins
        /// The summaries' intervals and paired.csv, made in one pass so that a sweep never holds
        /// every row's replicates.
        let tables: ReportWriter.Tables
        /// As in `Outcome`.
        public let rejects: [Reject]
        public let sessions: Int
        /// The valid sessions of the recordings, this run's or not (another shard's, the other
        /// side of a split): 0 when the recordings hold no session at all.
        public let sessionsInInput: Int
        let inputs: [Manifest.Input]
        let blocks: [ShardState.Block]

        /// The recording files read, and their lines: what a command says of a run that found no
        /// session before it writes (or does not write) the reports.
        public var filesRead: Int { inputs.count }
        public var linesRead: Int { inputs.reduce(0) { $0 + $1.lines } }

        /// Each summary's interval columns replicate by replicate, as in `Outcome.estimates`.
        public var estimates: [ReplicateEstimates?] { tables.estimates }

        /// Writes the tables, `extra` files (a command's own, listed in the manifest like the
        /// others) and the manifest, and swaps the folder in.
        public func write(adding extra: [(file: ReportFile, bytes: [UInt8])] = []) throws(OutputError) -> Outcome {
            let settings = run.settings, shard = run.source.shard
            let usersNamed = settings.bootstrap > 0 && inputs.contains { $0.sessionsWithUser != nil }
            var manifest = Manifest(
                command: run.command, seed: settings.seed, maxAgeMs: settings.maxAgeMs, bootstrap: settings.bootstrap,
                bootstrapUnit: usersNamed ? "user" : nil, userWaits: settings.userWaits,
                content: .init(items: settings.content.items, itemBytes: settings.content.itemBytes,
                               churnPerHour: settings.content.churnPerHour),
                policies: run.policies.map(\.spec), networks: run.networks.map(\.spec), inputs: inputs, sessions: sessions,
                rejects: rejects.count, replays: sessions * summaries.count,
                outputs: ReportFile.outputs(run.sessionsFormat, intervals: settings.bootstrap > 0, adding: extra.map(\.file)).map(\.name),
                shard: shard.isPart ? shard.description : nil)
            manifest.referencedFiles = Manifest.File.read(run.policies.flatMap(\.files) + run.networks.compactMap(\.kind.file))
            manifest.bootstrapUnits = Manifest.fewUnits(summaries.map(\.summary))
            let state = shard.isPart
                ? ShardState(run: manifest.runFingerprint, shardIndex: shard.index, shardCount: shard.count,
                             summaries: summaries.map(\.summary), wins: wins, blocks: blocks)
                : nil
            let committed = try writer.finish(tables, rejects: RejectsTable.csv(rejects), manifest: manifest, shardState: state,
                                              extra: extra)
            return Outcome(summaries: summaries, estimates: tables.estimates, rejects: rejects, sessions: sessions, manifest: committed)
        }
    }
}
