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

    /// `file,` as the rows begin.
    func fileKey(_ file: String) -> [UInt8] {
        var key: [UInt8] = []
        CSVWriter.appendField(file, to: &key)
        key.append(UInt8(ascii: ","))
        return key
    }

    /// The rows with the file's key made here.
    func appendRows(_ session: Session, pointKeys: [[UInt8]], metrics: [SessionMetrics], to rows: inout [UInt8]) {
        var scratch: [UInt8] = []
        appendRows(session, fileKey: fileKey(session.file), pointKeys: pointKeys, metrics: metrics, scratch: &scratch, to: &rows)
    }

    func appendRows(_ session: Session, fileKey: [UInt8], pointKeys: [[UInt8]], metrics: [SessionMetrics], scratch key: inout [UInt8],
                    to rows: inout [UInt8]) {
        // `file,session,` made once for the session's rows, in the caller's scratch: no allocation
        // a session once it has grown to a key's size.
        key.removeAll(keepingCapacity: true)
        key.reserveCapacity(fileKey.count + session.id.utf8.count + 1)
        key.append(contentsOf: fileKey)
        CSVWriter.appendField(session.id, to: &key)
        key.append(UInt8(ascii: ","))
        for index in pointKeys.indices {
            appendRow(key: key, point: pointKeys[index], metrics: metrics[index], to: &rows)
        }
    }
}
