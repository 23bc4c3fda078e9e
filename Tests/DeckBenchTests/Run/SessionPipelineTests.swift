import Foundation
import Testing
@testable import DeckBench

/// The run's threads: batches reach the calling thread file by file and in order whatever the
/// number of readers, and an error while consuming stops every reader.
@Suite struct SessionPipelineTests {
    /// File `file`'s batches: `count` batches of one session each, ids "file-n".
    private static func read(file: Int, count: Int, deliver: (SessionBatch) -> Bool) {
        for n in 0 ..< count {
            var batch = SessionBatch()
            batch.append(Session(id: "\(file)-\(n)", file: "f\(file)", line: 1, page: 0, first: 0, last: 0, events: []), file: file, ordinal: n)
            if n == count - 1 { batch.input = Manifest.Input(file: "f\(file)", sessions: count, rejects: 0, lines: 0, bytes: 0) }
            guard deliver(batch) else { return }
        }
    }

    @Test(arguments: [1, 2, 4, 8, 12])
    func batchesArriveFileByFileInOrder(jobs: Int) throws {
        let pipeline = SessionPipeline(jobs: jobs, format: SessionsTable(), wins: PairedWins(policies: 0, networks: 0, columns: [])) { [] }
        var seen: [String] = []
        try pipeline.run(files: 7, batchSize: 1, read: { file, _, deliver in Self.read(file: file, count: 5 + file, deliver: deliver) }) {
            batch, rows in
            #expect(rows.count == batch.sessions.count)
            seen += batch.sessions.map(\.id)
        }
        #expect(seen == (0 ..< 7).flatMap { file in (0 ..< 5 + file).map { "\(file)-\($0)" } })
    }

    @Test func anErrorStopsEveryReader() {
        let pipeline = SessionPipeline(jobs: 12, format: SessionsTable(), wins: PairedWins(policies: 0, networks: 0, columns: [])) { [] }
        #expect(pipeline.readers == 3)
        let started = Locked(Set<Int>())
        var consumed = 0
        #expect(throws: OutputError.self) {
            try pipeline.run(files: 50, batchSize: 1, read: { file, _, deliver in
                started.withLock { _ = $0.insert(file) }
                Self.read(file: file, count: 1_000, deliver: deliver)
            }) { (_, _) throws(OutputError) in
                consumed += 1
                if consumed == 1_500 { throw .cannotWrite(path: "x", reason: "disk full") }
            }
        }
        // Readers stay within a few files of the one being consumed (file 1), and none is left running.
        #expect(started.withLock { $0.max() ?? 0 } <= 1 + pipeline.readers + 1)
    }
}
