import Foundation

/// The threads of a run. With one job, the calling thread reads each file's batches of sessions
/// and replays them. With more, reader threads (one per four jobs) each read a file at a time into
/// a `BoundedQueue` of its own (at most two batches wait), at most one file more than there are
/// readers in flight, while the workers replay the current batch in parallel, each with its own
/// replayers, taking the next session as they become free, longest first. Either way the calling
/// thread receives the batches of file 0, then of file 1, ..., each with its rows in file order, so
/// the output never depends on `jobs` and memory is bounded by the batches, never by the corpus.
///
/// Each worker's replayers keep summing until every batch is in; then the run's `RunAccumulator`
/// takes over what they summed, one merge per worker and point (a merge after every batch was
/// 38 M instructions of a replay of the bench slice). A summary's size is bounded whatever the
/// corpus (its buckets and bins are), so a worker holds at most one run's worth per point. The
/// accumulator is touched on the calling thread only, once the workers are done (hence unchecked
/// Sendable: the workers' closures capture the pipeline for `replay`).
final class SessionPipeline: @unchecked Sendable {
    let workers: [ReplayWorker]
    /// The sums of the batches replayed so far.
    private var accumulator: RunAccumulator
    /// Threads reading files at once (with more than one job).
    let readers: Int

    /// `jobs` workers, each with the replayers `makeReplayers` makes for it and counters `wins`
    /// of their own; sessions' rows in `format` (none without).
    init(jobs: Int, format: (any SessionRowFormat)?, wins: PairedWins, makeReplayers: () -> [any SessionReplaying]) {
        workers = (0 ..< max(1, jobs)).map { _ in ReplayWorker(replayers: makeReplayers(), wins: wins, format: format) }
        readers = Self.readers(jobs: jobs)
        accumulator = RunAccumulator(points: workers[0].replayers.count, wins: wins)
    }

    /// Moves what every worker's replayers summed into the accumulator: once, at the end.
    private func collect() {
        for worker in workers { accumulator.collect(worker.replayers) }
    }

    /// Sessions in one batch for `jobs` workers: per worker enough to keep it busy, few enough to
    /// keep memory small: 256, fewer when there are many replay points (a batch's rows are held
    /// until written, about 150 bytes a point and session), at least 8.
    static func batchSize(replayPoints: Int, jobs: Int) -> Int {
        max(8, min(256, 16_384 / max(1, replayPoints))) * max(1, jobs)
    }

    /// One reader per four jobs: a reader parses several times faster than a worker replays.
    static func readers(jobs: Int) -> Int {
        max(1, (jobs + 3) / 4)
    }

    /// Runs `read` for files 0 ..< `files` (it hands batches of `batchSize` sessions of one file to
    /// its `deliver`, and stops when that returns false) and gives `consume` each batch with its
    /// rows, file by file, on the calling thread; stops at `consume`'s first error and throws it.
    func run(files: Int, batchSize: Int,
             read: @escaping @Sendable (_ file: Int, _ batchSize: Int, _ deliver: (SessionBatch) -> Bool) -> Void,
             consume: (SessionBatch, [[UInt8]]) throws(OutputError) -> Void) throws(OutputError) {
        if workers.count == 1 {
            var failure: OutputError?
            for file in 0 ..< files where failure == nil {
                read(file, batchSize) { batch in
                    do throws(OutputError) {
                        let rows = replay(batch)
                        try consume(batch, rows)
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                }
            }
            if let failure { throw failure }
            return
        }
        let queues = (0 ..< files).map { _ in BoundedQueue<SessionBatch>(capacity: 2) }
        // A reader takes a token before it starts a file; the calling thread gives it back when it
        // has consumed that file.
        let tokens = DispatchSemaphore(value: readers + 1)
        let next = Locked((file: 0, cancelled: false))
        let readersDone = DispatchGroup()
        let readerCount = min(readers, files)
        for _ in 0 ..< readerCount {
            readersDone.enter()
            Thread {
                while true {
                    tokens.wait()
                    let file = next.withLock { state -> Int? in
                        guard !state.cancelled, state.file < files else { return nil }
                        defer { state.file += 1 }
                        return state.file
                    }
                    guard let file else { break }
                    read(file, batchSize) { queues[file].put($0) }
                    queues[file].close()
                }
                tokens.signal()
                readersDone.leave()
            }.start()
        }
        for file in 0 ..< files {
            while let batch = queues[file].take() {
                do throws(OutputError) {
                    let rows = replay(batch)
                    try consume(batch, rows)
                } catch {
                    next.withLock { $0.cancelled = true }
                    for queue in queues { queue.cancel() }
                    for _ in 0 ..< readerCount { tokens.signal() }
                    readersDone.wait()
                    throw error
                }
            }
            tokens.signal()
            FreeMemory.returnToSystem()
        }
        readersDone.wait()
    }

    /// What the run summed once every batch is in: each replay point's summary (one per policy ×
    /// network, in order) and the paired wins merged over the workers.
    func totals() -> (summaries: [PointSummary], wins: PairedWins) {
        collect()
        var totals = accumulator
        for worker in workers { totals.merge(worker.wins) }
        let summaries = workers[0].replayers.indices.map { index in
            let replayer = workers[0].replayers[index]
            return PointSummary(policy: replayer.policySpec, network: replayer.networkSpec, summary: totals.summaries[index])
        }
        return (summaries, totals.wins)
    }

    /// The rows of every session of `batch`, by index. Summaries add up exactly whichever worker
    /// replayed a session, and rows land by index, so neither depends on which worker took which.
    private func replay(_ batch: SessionBatch) -> [[UInt8]] {
        let sessions = batch.sessions
        let threads = min(workers.count, sessions.count)
        // By index: `map` handed each session to its closure as a copy.
        guard threads > 1 else { return sessions.indices.map { workers[0].rows(sessions[$0]) } }
        // Longest sessions first, so that no worker is left with a long one when the others are done.
        let order = sessions.indices.sorted { sessions[$0].events.count > sessions[$1].events.count }
        let done = ParallelMap.map(order.count, threads: threads) { worker, item in
            workers[worker].rows(sessions[order[item]])
        }
        var rows = [[UInt8]](repeating: [], count: sessions.count)
        for (item, index) in order.enumerated() { rows[index] = done[item] }
        return rows
    }
}
