/// The sessions table as the run's row format: the run hands it each replay point's names, which
/// it quotes once per worker, so that the table (in Reports) names nothing of the Run stage and
/// the edge between the two goes one way, Run → Reports.
extension SessionsTable: SessionRowFormat {
    /// `policy,network` of each point, as CSV fields.
    func pointKeys(_ points: [ReplayPoint]) -> [[UInt8]] {
        points.map { point in
            var key: [UInt8] = []
            CSVWriter.appendField(point.policy, to: &key)
            key.append(UInt8(ascii: ","))
            CSVWriter.appendField(point.network, to: &key)
            return key
        }
    }

    func appendRows(_ session: Session, pointKeys: [[UInt8]], metrics: [SessionMetrics], to rows: inout [UInt8]) {
        // `file,session,` made once for the session's rows.
        var key: [UInt8] = []
        // Room for both fields unquoted and their commas: one allocation, not a growth a session.
        key.reserveCapacity(session.file.utf8.count + session.id.utf8.count + 2)
        CSVWriter.appendField(session.file, to: &key)
        key.append(UInt8(ascii: ","))
        CSVWriter.appendField(session.id, to: &key)
        key.append(UInt8(ascii: ","))
        for index in pointKeys.indices {
            appendRow(key: key, point: pointKeys[index], metrics: metrics[index], to: &rows)
        }
    }
}
