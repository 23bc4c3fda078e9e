/// Writes one report folder, for `replay` and `merge` alike: `sessions.csv` streamed as rows come,
/// then `summary.csv`, `distributions.csv`, `rejects.csv`, `manifest.json` and, for a shard,
/// `shard.json`, each atomically, in that order. Columns come from the schema.
struct ReportWriter {
    let folder: String
    let schema: MetricSchema
    let sessionsTable: SessionsTable
    private let sessions: AtomicFileWriter

    /// Opens `sessions.csv` (as a temporary file) and writes its header.
    init(folder: String, schema: MetricSchema) throws(OutputError) {
        self.folder = folder
        self.schema = schema
        sessionsTable = SessionsTable(schema: schema)
        sessions = try AtomicFileWriter(path: Self.path(folder, "sessions.csv"))
        try sessions.write(CSVWriter(header: sessionsTable.header).bytes)
    }

    /// Appends rows of `sessions.csv`.
    func writeSessions(_ rows: [UInt8]) throws(OutputError) {
        try sessions.write(rows)
    }

    /// Appends rows of `sessions.csv` from a buffer.
    func writeSessions(_ rows: UnsafeRawBufferPointer) throws(OutputError) {
        try sessions.write(rows)
    }

    /// Puts `sessions.csv` in place and writes the other files.
    func finish(summaries: [(policy: String, network: String, summary: MetricsSummary)], rejects: String, manifest: Manifest,
                shardState: ShardState?) throws(OutputError) {
        let summaryTable = SummaryTable(schema: schema)
        let distributionsTable = DistributionsTable(schema: schema)
        var summary = CSVWriter(header: summaryTable.header)
        var distributions = CSVWriter(header: DistributionsTable.header)
        for (policy, network, metrics) in summaries {
            summary.appendRow(summaryTable.row(policy: policy, network: network, summary: metrics))
            distributionsTable.append(policy: policy, network: network, summary: metrics, to: &distributions)
        }
        try sessions.commit()
        try AtomicFileWriter.write(summary.text, to: Self.path(folder, "summary.csv"))
        try AtomicFileWriter.write(distributions.text, to: Self.path(folder, "distributions.csv"))
        try AtomicFileWriter.write(rejects, to: Self.path(folder, "rejects.csv"))
        try AtomicFileWriter.write(manifest.encoded(), to: Self.path(folder, "manifest.json"))
        if let shardState {
            try AtomicFileWriter.write(String(decoding: shardState.encoded(), as: UTF8.self), to: Self.path(folder, ShardState.fileName))
        }
    }

    /// The files every run writes, as the manifest lists them (`shard.json` aside).
    static let fileNames = ["summary.csv", "distributions.csv", "sessions.csv", "rejects.csv", "manifest.json"]

    static func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
