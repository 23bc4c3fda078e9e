/// Sessions read in file order and cut into a batch for the workers, with what reading found on
/// the way.
struct SessionBatch: Sendable {
    var sessions: [(file: Int, ordinal: Int, session: Session)] = []
    var rejects: [Reject] = []
    /// The files whose last session is in this batch, with their counts.
    var inputs: [Manifest.Input] = []
    /// Bytes of the input files read when the batch was cut, for progress.
    var bytesRead = 0
}
