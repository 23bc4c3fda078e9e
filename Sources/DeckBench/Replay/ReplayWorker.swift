/// One worker's replayers, one per policy × network (policy-major), sharing one `CommonDraws`,
/// and the paired wins of the sessions it replayed. Only its own worker thread uses them during a
/// batch, and the calling thread only between batches (for the summaries): that discipline, not
/// the compiler, is what makes handing them to a thread safe.
final class ReplayWorker: @unchecked Sendable {
    let replayers: [any SessionReplaying]
    private(set) var wins: PairedWins
    /// One session's metrics under every replayer, reused from session to session.
    private var sessionMetrics: [SessionMetrics]
    /// The session's steps, decoded once for every replayer.
    private var steps = SessionSteps()
    /// The bytes of the last session's rows: the next session's are about as many.
    private var lastRowBytes = 0

    init(replayers: [any SessionReplaying], wins: PairedWins) {
        self.replayers = replayers
        self.wins = wins
        sessionMetrics = Array(repeating: SessionMetrics(), count: replayers.count)
    }

    /// One session replayed by every replayer, as its `sessions.csv` rows (none when the table
    /// is not written).
    func rows(_ session: Session, table: SessionsTable) -> [UInt8] {
        steps.decode(session)
        var rows: [UInt8] = []
        let writes = table.makesRows
        if writes { rows.reserveCapacity(max(lastRowBytes + lastRowBytes / 8, 320 * replayers.count)) }
        let file = writes ? CSVWriter.field(session.file) : []
        let id = writes ? CSVWriter.field(session.id) : []
        for index in replayers.indices {
            let replayer = replayers[index]
            let metrics = replayer.replay(session, steps: steps)
            sessionMetrics[index] = metrics
            if writes {
                table.appendRow(file: file, session: id, policy: replayer.policyField, network: replayer.networkField,
                                metrics: metrics, to: &rows)
            }
        }
        sessionMetrics.withUnsafeBufferPointer { wins.add($0) }
        lastRowBytes = rows.count
        return rows
    }
}
