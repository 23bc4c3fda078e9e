/// How a run's workers turn one replayed session into rows of its sessions file, on the thread
/// that replayed it, so that formatting runs in parallel and the rows arrive ready to write.
/// `SessionsTable` is the format in use (its conformance lives here, in Run, so that Reports names
/// nothing of the Run stage); the pipeline names only this.
protocol SessionRowFormat: Sendable {
    /// What the format keeps of each replay point for its rows (the sessions table: the point's
    /// names as CSV fields, quoted once): made once per worker, handed back with every session.
    func pointKeys(_ points: [ReplayPoint]) -> [[UInt8]]
    /// What the format keeps of a recording file for its sessions' rows (the sessions table: the
    /// file's name as a CSV field, quoted once): made when a worker meets the file (its sessions
    /// come together), handed back with each of them.
    func fileKey(_ file: String) -> [UInt8]
    /// Appends `session`'s rows, one per replay point: `metrics[i]` is its metrics at the point
    /// whose key is `pointKeys[i]`; `fileKey` is `fileKey(session.file)`. `scratch` is the
    /// caller's, kept from session to session (its contents are the format's).
    func appendRows(_ session: Session, fileKey: [UInt8], pointKeys: [[UInt8]], metrics: [SessionMetrics], scratch: inout [UInt8],
                    to rows: inout [UInt8])
}
