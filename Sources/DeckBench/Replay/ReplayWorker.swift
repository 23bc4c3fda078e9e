/// One worker's replayers, one per policy × network (policy-major), sharing one `CommonDraws`,
/// and the paired wins of the sessions it replayed. Only its own worker thread uses them during a
/// batch, and the calling thread only between batches (for the summaries): that discipline, not
/// the compiler, is what makes handing them to a thread safe.
final class ReplayWorker: @unchecked Sendable {
    let replayers: [any SessionReplaying]
    private(set) var wins: PairedWins
    /// One session's metrics under every replayer, reused from session to session.
    private var sessionMetrics: [SessionMetrics]

    init(replayers: [any SessionReplaying], wins: PairedWins) {
        self.replayers = replayers
        self.wins = wins
        sessionMetrics = Array(repeating: SessionMetrics(), count: replayers.count)
    }

    /// One session replayed by every replayer, as its `sessions.csv` rows.
    func rows(_ session: Session, table: SessionsTable) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(200 * replayers.count)
        let file = CSVWriter.field(session.file)
        let id = CSVWriter.field(session.id)
        for (index, replayer) in replayers.enumerated() {
            let metrics = replayer.replay(session)
            sessionMetrics[index] = metrics
            table.appendRow(file: file, session: id, policy: replayer.policyField, network: replayer.networkField,
                            metrics: metrics, to: &rows)
        }
        sessionMetrics.withUnsafeBufferPointer { wins.add($0) }
        return rows
    }
}
