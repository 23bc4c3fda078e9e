/// How `sessions.csv` is written (`--sessions-format`): plain, compressed with zstd (the same
/// bytes once decompressed; pandas, DuckDB and polars read `.csv.zst` directly), or not at all,
/// for runs whose per-session rows nobody reads.
public enum SessionsFormat: String, Sendable, CaseIterable {
    case csv
    case csvZst = "csv.zst"
    case none

    /// The file it writes, if any.
    public var file: ReportFile? {
        switch self {
        case .csv: .sessions
        case .csvZst: .sessionsZst
        case .none: nil
        }
    }

    /// The zstd level of `csv.zst`: fast, and within a few percent of the best ratio on rows this
    /// repetitive.
    static let compressionLevel: Int32 = 3

    /// The format of a folder written with `outputs` (a manifest's list).
    public static func of(outputs: [String]) -> SessionsFormat {
        allCases.first { $0.file.map { outputs.contains($0.name) } ?? false } ?? .none
    }
}
