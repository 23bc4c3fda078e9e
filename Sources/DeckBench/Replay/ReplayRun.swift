/// One `deckbench replay`: every session of every file against every policy on every network,
/// streamed (one session in memory at a time), with the reports written to a folder.
public struct ReplayRun: Sendable {
    public var files: [String]
    public var policies: [any PrefetchPolicy]
    public var networks: [NetworkModel]
    public var settings: ReplaySettings
    /// The folder for `summary.csv`, `sessions.csv`, `rejects.csv` and `manifest.json`.
    public var outputFolder: String
    /// The command line, for the manifest.
    public var command: [String]

    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                outputFolder: String, command: [String]) {
        self.files = files
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.outputFolder = outputFolder
        self.command = command
    }

    /// What a run produced, for the caller's summary table and exit status.
    public struct Outcome: Sendable {
        /// One entry per policy × network, in the order given.
        public var summaries: [(policy: String, network: String, summary: MetricsSummary)]
        public var rejects: [Reject]
        public var sessions: Int
        public var manifest: Manifest
    }

    public static let outputNames = ["summary.csv", "sessions.csv", "rejects.csv", "manifest.json"]

    public func run() throws(OutputError) -> Outcome {
        let replayers = policies.flatMap { policy in
            networks.map { makeReplayer(policy, network: $0, settings: settings) }
        }
        let sessionsFile = try AtomicFileWriter(path: path("sessions.csv"))
        var rows = CSVWriter(header: SessionsTable.header)
        var rejects: [Reject] = []
        var inputs: [Manifest.Input] = []
        var sessionCount = 0
        for file in files {
            let reader = RecordingReader(path: file)
            var input = Manifest.Input(file: file, sessions: 0, rejects: 0, lines: 0, bytes: 0)
            for item in reader {
                switch item {
                case let .session(session):
                    input.sessions += 1
                    for replayer in replayers {
                        let metrics = replayer.replay(session)
                        rows.appendRow(SessionsTable.row(
                            session: session, policy: replayer.policySpec, network: replayer.networkSpec, metrics: metrics))
                    }
                    if rows.bytes.count >= 1 << 16 {
                        try sessionsFile.write(rows.bytes)
                        rows.removeAll()
                    }
                case let .reject(reject):
                    input.rejects += 1
                    rejects.append(reject)
                }
            }
            input.lines = reader.lines
            input.bytes = reader.decompressedBytes
            sessionCount += input.sessions
            inputs.append(input)
        }
        try sessionsFile.write(rows.bytes)

        var summary = CSVWriter(header: SummaryTable.header)
        let summaries = replayers.map { ($0.policySpec, $0.networkSpec, $0.summary) }
        for (policy, network, metrics) in summaries {
            summary.appendRow(SummaryTable.row(policy: policy, network: network, summary: metrics))
        }
        let manifest = Manifest(
            command: command, seed: settings.seed, maxAgeMs: settings.maxAgeMs,
            content: .init(items: settings.content.items, itemBytes: settings.content.itemBytes,
                           churnPerHour: settings.content.churnPerHour),
            policies: policies.map(\.spec), networks: networks.map(\.spec), inputs: inputs, sessions: sessionCount,
            rejects: rejects.count, replays: sessionCount * replayers.count, outputs: Self.outputNames)

        try sessionsFile.commit()
        try AtomicFileWriter.write(summary.text, to: path("summary.csv"))
        try AtomicFileWriter.write(RejectsTable.csv(rejects), to: path("rejects.csv"))
        try AtomicFileWriter.write(manifest.encoded(), to: path("manifest.json"))
        return Outcome(summaries: summaries, rejects: rejects, sessions: sessionCount, manifest: manifest)
    }

    private func path(_ name: String) -> String {
        outputFolder.hasSuffix("/") ? outputFolder + name : outputFolder + "/" + name
    }
}
