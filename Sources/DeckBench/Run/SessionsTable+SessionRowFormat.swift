/// The sessions table as the run's row format: the run hands it each point's policy and network
/// fields from its replayers, so that the table (in Reports) names nothing of the Run stage and
/// the edge between the two goes one way, Run → Reports.
extension SessionsTable: SessionRowFormat {
    func appendRows(_ session: Session, replayers: [any SessionReplaying], metrics: [SessionMetrics], to rows: inout [UInt8]) {
        let file = CSVWriter.field(session.file)
        let id = CSVWriter.field(session.id)
        for index in replayers.indices {
            appendRow(file: file, session: id, policy: replayers[index].policyField, network: replayers[index].networkField,
                      metrics: metrics[index], to: &rows)
        }
    }
}
