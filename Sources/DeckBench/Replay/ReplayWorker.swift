/// One worker's replayers, one per policy × network, sharing one `CommonDraws`. Only its own
/// worker thread uses them during a batch, and the calling thread only between batches (for the
/// summaries): that discipline, not the compiler, is what makes handing them to a thread safe.
final class ReplayWorker: @unchecked Sendable {
    let replayers: [any SessionReplaying]

    init(replayers: [any SessionReplaying]) {
        self.replayers = replayers
    }

    /// One session replayed by every replayer, as its `sessions.csv` rows.
    func rows(_ session: Session, table: SessionsTable) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(200 * replayers.count)
        let file = CSVWriter.field(session.file)
        let id = CSVWriter.field(session.id)
        for replayer in replayers {
            table.appendRow(file: file, session: id, policy: replayer.policyField, network: replayer.networkField,
                            metrics: replayer.replay(session), to: &rows)
        }
        return rows
    }
}
