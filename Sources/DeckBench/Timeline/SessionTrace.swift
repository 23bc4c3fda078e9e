/// One session replayed for `deckbench trace`: found in its recording, then replayed with every
/// policy × network (policy-major, as `replay` orders its rows), each watched by a
/// `SessionTimeline`.
package enum SessionTrace {
    /// Why the session could not be traced.
    public enum LookupError: Error, CustomStringConvertible {
        case notFound(file: String, id: String, sessions: Int)
        /// The recording has the session, but it breaks a rule of the format.
        case rejected(Reject)
        /// The file could not be read, or its stream broke before the session.
        case unreadable(Reject)

        public var description: String {
            switch self {
            case let .notFound(file, id, sessions): "no session \"\(id)\" in \(file) (\(sessions) valid session\(sessions == 1 ? "" : "s") read)"
            case let .rejected(reject): "\(reject)"
            case let .unreadable(reject): "cannot read the recording: \(reject)"
            }
        }
    }

    /// The session `id` of the recording at `path`, read up to it.
    public static func find(_ id: String, in path: String) throws(LookupError) -> Session {
        let reader = RecordingReader(path: path)
        var sessions = 0
        for item in reader {
            switch item {
            case let .session(session):
                if session.id == id { return session }
                sessions += 1
            case let .reject(reject):
                if reject.session == id { throw .rejected(reject) }
                if reject.line == 0 || isBrokenStream(reject) { throw .unreadable(reject) }
            }
        }
        throw .notFound(file: path, id: id, sessions: sessions)
    }

    /// The session `id` from the first of `files` that holds it (a folder's recordings, in
    /// order); not found in any: `notFound` naming `place` with the sessions read in all, or the
    /// first file that could not be read.
    public static func find(_ id: String, inAny files: [String], place: String) throws(LookupError) -> Session {
        var sessions = 0
        var unreadable: LookupError?
        for file in files {
            do {
                return try find(id, in: file)
            } catch {
                switch error {
                case let .notFound(_, _, count): sessions += count
                case .rejected: throw error
                case .unreadable: unreadable = unreadable ?? error
                }
            }
        }
        if let unreadable { throw unreadable }
        throw .notFound(file: place, id: id, sessions: sessions)
    }

    /// The first `count` valid sessions of `files`, in order, and the rejects read on the way (a
    /// file that cannot be read is one reject at line 0).
    public static func first(_ count: Int, inAny files: [String]) -> (sessions: [Session], rejects: [Reject]) {
        var sessions: [Session] = []
        var rejects: [Reject] = []
        for file in files where sessions.count < count {
            for item in RecordingReader(path: file) {
                switch item {
                case let .session(session): sessions.append(session)
                case let .reject(reject): rejects.append(reject)
                }
                if sessions.count == count { break }
            }
        }
        return (sessions, rejects)
    }

    private static func isBrokenStream(_ reject: Reject) -> Bool {
        switch reject.error {
        case .corruptStream, .truncatedStream, .notZstd, .unreadable: true
        default: false
        }
    }

    /// `session` replayed with each policy on each network, each with its timeline and metrics.
    public static func replay(_ session: Session, policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings)
        -> [(timeline: SessionTimeline, metrics: SessionMetrics)]
    {
        var settings = settings
        settings.bootstrap = 0
        func replay(_ policy: some PrefetchPolicy, on network: NetworkModel) -> (timeline: SessionTimeline, metrics: SessionMetrics) {
            let replayer = Replayer(policy: policy, network: network, settings: settings)
            let timeline = SessionTimeline(policy: replayer.policySpec, network: replayer.networkSpec)
            replayer.observer = timeline
            return (timeline, replayer.replay(session))
        }
        return policies.flatMap { policy in networks.map { replay(policy, on: $0) } }
    }
}
