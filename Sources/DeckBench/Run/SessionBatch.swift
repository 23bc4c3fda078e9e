/// Sessions of one file, read in order and cut into a batch for the workers, with what reading
/// found on the way. A file's batches come in order; its last one carries the file's counts.
struct SessionBatch: Sendable {
    var sessions: [(file: Int, ordinal: Int, session: Session)] = []
    var rejects: [Reject] = []
    /// The file's counts, on its last batch only.
    var input: Manifest.Input?
    /// Bytes of the file read when the batch was cut, for progress.
    var fileBytesRead = 0
}
