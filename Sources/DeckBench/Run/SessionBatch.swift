/// Sessions of one file, read in order and cut into a batch for the workers, with what reading
/// found on the way. A file's batches come in order; its last one carries the file's counts.
struct SessionBatch: Sendable {
    /// The sessions, and where each came from (`origins`, index for index): apart, so that the
    /// workers read a session in place, where a tuple of the three was copied whole to reach it.
    private(set) var sessions: [Session] = []
    private(set) var origins: [Origin] = []
    var rejects: [Reject] = []
    /// The file's counts, on its last batch only.
    var input: Manifest.Input?
    /// The file's valid sessions, of every shard and split, on its last batch only: whether the
    /// recordings hold a session at all, which a shard with none of its own cannot tell otherwise.
    var sessionsInFile = 0
    /// Bytes of the file read when the batch was cut, for progress.
    var fileBytesRead = 0

    /// Where a session came from: its file's index among the run's, and its place in the file.
    struct Origin: Sendable {
        var file: Int
        var ordinal: Int
    }

    /// Takes `session` (moved in, not copied) from place `ordinal` of file `file`.
    mutating func append(_ session: consuming Session, file: Int, ordinal: Int) {
        sessions.append(session)
        origins.append(Origin(file: file, ordinal: ordinal))
    }
}
