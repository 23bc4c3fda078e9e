/// Sessions of one file, read in order and cut into a batch for the workers, with what reading
/// found on the way. A file's batches come in order; its last one carries the file's counts.
struct SessionBatch: Sendable {
    var sessions: [(file: Int, ordinal: Int, session: Session)] = []
    var rejects: [Reject] = []
    /// The file's counts, on its last batch only.
    var input: Manifest.Input?
    /// The file's valid sessions, of every shard and split, on its last batch only: whether the
    /// recordings hold a session at all, which a shard with none of its own cannot tell otherwise.
    var sessionsInFile = 0
    /// Bytes of the file read when the batch was cut, for progress.
    var fileBytesRead = 0
}
