import Foundation

/// The sessions a run reads: every file in order, each session of its shard once and, for `tune`,
/// only those on one side of its split. The one reader of recordings behind `replay` and `tune`:
/// it hands a file's sessions out in batches, with the file's rejects and counts on the last.
public struct SessionSource: Sendable {
    public var files: [String]
    /// The share of the sessions read; a shard's run also writes `shard.json` for `merge`.
    public var shard: Shard
    /// The side of a held-out split read (nil: every session of the shard).
    public var part: HoldoutSplit.Part?

    public init(files: [String], shard: Shard = .all, part: HoldoutSplit.Part? = nil) {
        self.files = files
        self.shard = shard
        self.part = part
    }

    /// Whether the source reads `session` of `file`: its shard's, on its side of a split.
    func selects(_ session: Session, file: String) -> Bool {
        shard.contains(file: file, session: session.id) && (part?.contains(file: file, session: session.id, user: session.user) ?? true)
    }

    /// Reads file `fileIndex` and hands `deliver` batches of `batchSize` sessions the source
    /// selects, the last with the rest and the file's counts; stops early when `deliver` returns false.
    func read(file fileIndex: Int, batchSize: Int, deliver: (SessionBatch) -> Bool) {
        let file = files[fileIndex]
        let reader = RecordingReader(path: file)
        var batch = SessionBatch()
        var input = Manifest.Input(file: file, sessions: 0, rejects: 0, lines: 0, bytes: 0)
        var ordinal = 0
        for item in reader {
            // Consumed: the session is moved into the batch, not copied and the item released.
            switch consume item {
            case let .session(session):
                defer { ordinal += 1 }
                guard selects(session, file: file) else { continue }
                input.count(session)
                batch.append(session, file: fileIndex, ordinal: ordinal)
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
        batch.sessionsInFile = ordinal
        batch.fileBytesRead = reader.fileBytesRead
        _ = deliver(batch)
    }

    /// The sessions the source selects, counted without replaying them.
    func count() -> Int {
        var sessions = 0
        for file in files.indices {
            read(file: file, batchSize: 4_096) { batch in
                sessions += batch.sessions.count
                return true
            }
        }
        return sessions
    }

    /// The size of the input files, for progress.
    var bytesTotal: Int {
        // lstat, as `FileManager.attributesOfItem` reads it, without its dictionary and the
        // `as? NSNumber` cast (a runtime conformance scan at every start).
        files.reduce(0) { total, path in
            var status = stat()
            return total + (lstat(path, &status) == 0 ? Int(status.st_size) : 0)
        }
    }
}
