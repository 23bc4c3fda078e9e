/// One worker's replayers, one per policy × network (policy-major), sharing one `SessionCommons`,
/// and the paired wins of the sessions it replayed. Only its own worker thread uses them during a
/// batch, and the calling thread only between batches (for the summaries): that discipline, not
/// the compiler, is what makes handing them to a thread safe.
final class ReplayWorker: @unchecked Sendable {
    let replayers: [any SessionReplaying]
    /// How each session's rows are made (nil: none are), and what it keeps of each replayer's point.
    let format: (any SessionRowFormat)?
    private let pointKeys: [[UInt8]]
    // Unchecked, each of the state below: `rows` reaches each one directly, never through a call
    // that could reach it again, and each checked access cost about 90 instructions, ten a session.
    @exclusivity(unchecked) private(set) var wins: PairedWins
    /// One session's metrics under every replayer, reused from session to session.
    @exclusivity(unchecked) private var sessionMetrics: [SessionMetrics]
    /// The session's steps, decoded once for every replayer.
    @exclusivity(unchecked) private var steps = SessionSteps()
    /// The bytes of the last session's rows: the next session's are about as many.
    @exclusivity(unchecked) private var lastRowBytes = 0
    /// The last session's file and its key in `format`: a file's sessions come together, so the
    /// key is made once a file (a batch), not quoted again for every session.
    @exclusivity(unchecked) private var file: (name: String, key: [UInt8])?
    /// The format's scratch (a session's `file,session,` key), kept from session to session.
    @exclusivity(unchecked) private var keyScratch: [UInt8] = []

    init(replayers: [any SessionReplaying], wins: PairedWins, format: (any SessionRowFormat)?) {
        self.replayers = replayers
        self.format = format
        pointKeys = format?.pointKeys(replayers.map(\.point)) ?? []
        self.wins = wins
        sessionMetrics = Array(repeating: SessionMetrics(), count: replayers.count)
    }

    /// One session replayed by every replayer, as its rows in `format` (none without a format).
    func rows(_ session: Session) -> [UInt8] {
        steps.decode(session)
        // Held locally for the loop: handed from the class's storage, the steps and each replayer
        // were retained and released around every call.
        let (steps, replayers) = (self.steps, self.replayers)
        for index in replayers.indices {
            sessionMetrics[index] = replayers[index].replay(session, steps: steps)
        }
        wins.add(sessionMetrics)
        guard let format else { return [] }
        var rows: [UInt8] = []
        rows.reserveCapacity(max(lastRowBytes + lastRowBytes / 8, 320 * replayers.count))
        let fileKey: [UInt8]
        if file?.name == session.file, let key = file?.key {
            fileKey = key
        } else {
            fileKey = format.fileKey(session.file)
            file = (session.file, fileKey)
        }
        format.appendRows(session, fileKey: fileKey, pointKeys: pointKeys, metrics: sessionMetrics, scratch: &keyScratch, to: &rows)
        lastRowBytes = rows.count
        return rows
    }
}
