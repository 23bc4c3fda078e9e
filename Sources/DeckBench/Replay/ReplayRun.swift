import Foundation

/// One `deckbench replay`: every session of every file against every policy on every network,
/// with the reports written to a folder.
///
/// Sessions stream: they are read in batches of a few per worker, replayed in parallel on `jobs`
/// threads (each with its own replayers), and their rows written in file order, so the output is
/// the same bytes for every `jobs` and memory stays bounded by the batch, never by the corpus.
/// With more than one job, a reader thread reads the next batch while the workers replay one
/// (at most two batches wait).
public struct ReplayRun: Sendable {
    public var files: [String]
    public var policies: [any PrefetchPolicy]
    public var networks: [NetworkModel]
    public var settings: ReplaySettings
    /// The folder for `summary.csv`, `sessions.csv`, `rejects.csv` and `manifest.json`.
    public var outputFolder: String
    /// The command line as the manifest records it (without flags that do not change results).
    public var command: [String]
    /// Worker threads (≥ 1).
    public var jobs: Int
    /// The share of the sessions to replay; a shard also writes `shard.json` for `merge`.
    public var shard: Shard
    /// The report columns.
    public var schema: MetricSchema

    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                outputFolder: String, command: [String], jobs: Int = 1, shard: Shard = .all, schema: MetricSchema = .standard) {
        self.files = files
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.outputFolder = outputFolder
        self.command = command
        self.jobs = max(1, jobs)
        self.shard = shard
        self.schema = schema
    }

    /// What a run produced, for the caller's summary table and exit status.
    public struct Outcome: Sendable {
        /// One entry per policy × network, in the order given.
        public var summaries: [(policy: String, network: String, summary: MetricsSummary)]
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

    public static let outputNames = ReportWriter.fileNames

    /// Sessions per worker in one batch: enough to keep the workers busy, few enough to keep
    /// memory small.
    static let sessionsPerWorker = 256

    public func run(progress: ((Progress) -> Void)? = nil) throws(OutputError) -> Outcome {
        let workers = (0 ..< jobs).map { _ in
            let world = CommonWorld(settings: settings)
            return policies.flatMap { policy in networks.map { makeReplayer(policy, network: $0, settings: settings, world: world) } }
        }
        let writer = try ReportWriter(folder: outputFolder, schema: schema)
        var rejects: [Reject] = []
        var inputs: [Manifest.Input] = []
        var blocks: [ShardState.Block] = []
        let bytesTotal = files.reduce(0) { $0 + Self.fileSize($1) }
        var sessionCount = 0

        func consume(_ batch: ReadBatch) throws(OutputError) {
            rejects += batch.rejects
            inputs += batch.inputs
            let results = replay(batch.sessions.map(\.session), workers: workers, table: writer.sessionsTable)
            for (index, item) in batch.sessions.enumerated() {
                try writer.writeSessions(results[index])
                if shard.count > 1 { blocks.append(.init(file: item.file, ordinal: item.ordinal, bytes: results[index].count)) }
            }
            sessionCount += batch.sessions.count
            progress?(Progress(sessions: sessionCount, bytesRead: batch.bytesRead, bytesTotal: bytesTotal))
        }

        let batchSize = Self.sessionsPerWorker * jobs
        if jobs == 1 {
            var failure: OutputError?
            read(batchSize: batchSize) { batch in
                do throws(OutputError) {
                    try consume(batch)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
        } else {
            // A reader thread cuts the next batch while the workers replay this one.
            let handoff = Handoff<ReadBatch>(capacity: 2)
            let readerDone = DispatchSemaphore(value: 0)
            let reader = Thread { [self] in
                read(batchSize: batchSize) { handoff.put($0) }
                handoff.close()
                readerDone.signal()
            }
            reader.start()
            while let batch = handoff.take() {
                do throws(OutputError) {
                    try consume(batch)
                } catch {
                    handoff.cancel()
                    readerDone.wait()
                    throw error
                }
            }
            readerDone.wait()
        }

        let summaries = (0 ..< workers[0].count).map { index in
            var merged = MetricsSummary()
            for worker in workers { merged.merge(worker[index].summary) }
            return (workers[0][index].policySpec, workers[0][index].networkSpec, merged)
        }
        let manifest = Manifest(
            command: command, seed: settings.seed, maxAgeMs: settings.maxAgeMs,
            content: .init(items: settings.content.items, itemBytes: settings.content.itemBytes,
                           churnPerHour: settings.content.churnPerHour),
            policies: policies.map(\.spec), networks: networks.map(\.spec), inputs: inputs, sessions: sessionCount,
            rejects: rejects.count, replays: sessionCount * workers[0].count, outputs: Self.outputNames,
            shard: shard.count > 1 ? shard.description : nil)

        let state = shard.count > 1
            ? ShardState(run: manifest.runFingerprint, shardIndex: shard.index, shardCount: shard.count,
                         summaries: summaries.map(\.2), blocks: blocks)
            : nil
        try writer.finish(summaries: summaries, rejects: RejectsTable.csv(rejects), manifest: manifest, shardState: state)
        return Outcome(summaries: summaries, rejects: rejects, sessions: sessionCount, manifest: manifest)
    }

    /// Sessions read in file order, cut into a batch for the workers, with what reading found on
    /// the way.
    struct ReadBatch: Sendable {
        var sessions: [(file: Int, ordinal: Int, session: Session)] = []
        var rejects: [Reject] = []
        /// The files whose last session is in this batch, with their counts.
        var inputs: [Manifest.Input] = []
        /// Bytes of the input files read when the batch was cut, for progress.
        var bytesRead = 0
    }

    /// Reads every file in order and hands `deliver` batches of `batchSize` sessions of this
    /// shard, and the rest at the end of each file; stops early when `deliver` returns false.
    private func read(batchSize: Int, deliver: (ReadBatch) -> Bool) {
        var batch = ReadBatch()
        var bytesDone = 0
        for (fileIndex, file) in files.enumerated() {
            let reader = RecordingReader(path: file)
            var input = Manifest.Input(file: file, sessions: 0, rejects: 0, lines: 0, bytes: 0)
            var ordinal = 0
            for item in reader {
                switch item {
                case let .session(session):
                    defer { ordinal += 1 }
                    guard shard.contains(file: file, session: session.id) else { continue }
                    input.sessions += 1
                    batch.sessions.append((fileIndex, ordinal, session))
                    if batch.sessions.count >= batchSize {
                        batch.bytesRead = bytesDone + reader.fileBytesRead
                        guard deliver(batch) else { return }
                        batch = ReadBatch()
                    }
                case let .reject(reject):
                    input.rejects += 1
                    batch.rejects.append(reject)
                }
            }
            input.lines = reader.lines
            input.bytes = reader.decompressedBytes
            bytesDone += reader.fileBytesRead
            batch.inputs.append(input)
            batch.bytesRead = bytesDone
            guard deliver(batch) else { return }
            batch = ReadBatch()
        }
    }

    /// The `sessions.csv` rows of every session of `sessions`, replayed and formatted by the
    /// workers in parallel. Workers take the next session as they become free, longest first
    /// (sessions differ widely in length), and use their own replayers only; rows land by index, and summaries add
    /// up exactly whichever worker replayed a session, so the output never depends on `jobs`.
    private func replay(_ sessions: [Session], workers: [[any SessionReplaying]], table: SessionsTable) -> [[UInt8]] {
        var results = [[UInt8]](repeating: [], count: sessions.count)
        guard !sessions.isEmpty else { return results }
        let threads = min(workers.count, sessions.count)
        guard threads > 1 else {
            for (index, session) in sessions.enumerated() { results[index] = Self.rows(session, replayers: workers[0], table: table) }
            return results
        }
        // Longest sessions first, so that no worker is left with a long one when the others are done.
        let order = sessions.indices.sorted { sessions[$0].events.count > sessions[$1].events.count }
        let counter = UncheckedSendable(0)
        let lock = NSLock()
        let replayers = UncheckedSendable(workers)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = UncheckedSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                let mine = replayers.value[worker]
                let slots = output.value
                while true {
                    lock.lock()
                    let next = counter.value
                    counter.value += 1
                    lock.unlock()
                    guard next < order.count else { return }
                    let index = order[next]
                    slots[index] = Self.rows(sessions[index], replayers: mine, table: table)
                }
            }
        }
        return results
    }

    /// One session replayed by every replayer, as its `sessions.csv` rows.
    private static func rows(_ session: Session, replayers: [any SessionReplaying], table: SessionsTable) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(200 * replayers.count)
        let file = CSVWriter.field(session.file)
        let id = CSVWriter.field(session.id)
        for replayer in replayers {
            table.appendRow(file: file, session: id, policy: replayer.policyField, network: replayer.networkField,
                                    metrics: replayer.replay(session), to: &rows)
        }
        return rows
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
