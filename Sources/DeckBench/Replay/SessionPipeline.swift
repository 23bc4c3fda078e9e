import Foundation

/// The threads of a run. With one job, the calling thread reads a batch of sessions and replays
/// it. With more, a reader thread cuts the recordings into batches (at most two wait in a
/// `BoundedQueue`) while the workers replay the current one in parallel, each with its own
/// replayers, taking the next session as they become free, longest first. Either way the calling
/// thread receives every batch with its rows in file order, so the output never depends on `jobs`
/// and memory is bounded by the batches, never by the corpus.
struct SessionPipeline {
    let workers: [ReplayWorker]
    let table: SessionsTable

    /// `jobs` workers, each with the replayers `makeReplayers` makes for it.
    init(jobs: Int, table: SessionsTable, makeReplayers: () -> [any SessionReplaying]) {
        workers = (0 ..< max(1, jobs)).map { _ in ReplayWorker(replayers: makeReplayers()) }
        self.table = table
    }

    /// Runs `read` (which hands batches of `batchSize` sessions to its `deliver` and stops when it
    /// returns false) and gives `consume` each batch with its rows, in order, on the calling
    /// thread; stops at `consume`'s first error and throws it.
    func run(batchSize: Int, read: @escaping @Sendable (_ batchSize: Int, _ deliver: (SessionBatch) -> Bool) -> Void,
             consume: (SessionBatch, [[UInt8]]) throws(OutputError) -> Void) throws(OutputError) {
        if workers.count == 1 {
            var failure: OutputError?
            read(batchSize) { batch in
                do throws(OutputError) {
                    try consume(batch, replay(batch))
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            return
        }
        let queue = BoundedQueue<SessionBatch>(capacity: 2)
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            read(batchSize) { queue.put($0) }
            queue.close()
            readerDone.signal()
        }
        reader.start()
        while let batch = queue.take() {
            do throws(OutputError) {
                try consume(batch, replay(batch))
            } catch {
                queue.cancel()
                readerDone.wait()
                throw error
            }
        }
        readerDone.wait()
    }

    /// Each replayer's summary, merged over the workers: one per policy × network, in order.
    var summaries: [(policy: String, network: String, summary: MetricsSummary)] {
        workers[0].replayers.indices.map { index in
            var merged = MetricsSummary()
            for worker in workers { merged.merge(worker.replayers[index].summary) }
            let replayer = workers[0].replayers[index]
            return (replayer.policySpec, replayer.networkSpec, merged)
        }
    }

    /// The rows of every session of `batch`, by index. Summaries add up exactly whichever worker
    /// replayed a session, and rows land by index, so neither depends on which worker took which.
    private func replay(_ batch: SessionBatch) -> [[UInt8]] {
        let sessions = batch.sessions.map(\.session)
        let threads = min(workers.count, sessions.count)
        guard threads > 1 else { return sessions.map { workers[0].rows($0, table: table) } }
        // Longest sessions first, so that no worker is left with a long one when the others are done.
        let order = sessions.indices.sorted { sessions[$0].events.count > sessions[$1].events.count }
        // The next session to take and the rows done so far, under one lock: a worker hands in its
        // last session's rows as it takes the next.
        let progress = Locked((next: 0, rows: [[UInt8]](repeating: [], count: sessions.count)))
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            var done: (index: Int, rows: [UInt8])?
            while true {
                let next = progress.withLock { state -> Int in
                    if let done { state.rows[done.index] = done.rows }
                    defer { state.next += 1 }
                    return state.next
                }
                guard next < order.count else { return }
                let index = order[next]
                done = (index, workers[worker].rows(sessions[index], table: table))
            }
        }
        return progress.withLock { $0.rows }
    }
}
