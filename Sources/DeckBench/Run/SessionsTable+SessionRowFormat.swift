/// The sessions table as the run's row format: the run hands it each point's policy and network
/// fields from its replayers, so that the table (in Reports) names nothing of the Run stage and
/// the edge between the two goes one way, Run → Reports.
extension SessionsTable: SessionRowFormat {
    func appendRows(_ session: Session, replayers: [any SessionReplaying], metrics: [SessionMetrics], to rows: inout [UInt8]) {
        // `file,session,` made once for the session's rows.
        var key: [UInt8] = []
        CSVWriter.appendField(session.file, to: &key)
        key.append(UInt8(ascii: ","))
        CSVWriter.appendField(session.id, to: &key)
        key.append(UInt8(ascii: ","))
        for index in replayers.indices {
            appendRow(key: key, policy: replayers[index].policyField, network: replayers[index].networkField,
                      metrics: metrics[index], to: &rows)
        }
    }
}
