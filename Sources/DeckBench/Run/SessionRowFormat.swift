/// How a run's workers turn one replayed session into rows of its sessions file, on the thread
/// that replayed it, so that formatting runs in parallel and the rows arrive ready to write.
/// `SessionsTable` is the format in use (its conformance lives here, in Run, so that Reports names
/// nothing of the Run stage); the pipeline names only this.
protocol SessionRowFormat: Sendable {
    /// Appends `session`'s rows, one per replay point: `metrics[i]` is its metrics under `replayers[i]`.
    func appendRows(_ session: Session, replayers: [any SessionReplaying], metrics: [SessionMetrics], to rows: inout [UInt8])
}
