/// A file of a report folder, by the name it has there: the one list that the writer, the staging
/// folder, verification, merge and the manifest read. The run's own files come first; `compare.csv`
/// and `report.html` are written beside a run by `compare` and `report`, and a new run into the
/// folder removes them (they describe the run it replaces).
public enum ReportFile: String, CaseIterable, Sendable {
    case sessions = "sessions.csv"
    case sessionsZst = "sessions.csv.zst"
    case summary = "summary.csv"
    case distributions = "distributions.csv"
    case paired = "paired.csv"
    case bootstrap = "bootstrap.json"
    case rejects = "rejects.csv"
    /// `tune`'s race, in the folder of its held-out replay.
    case tune = "tune.csv"
    /// A shard's state, for `merge`.
    case shard = "shard.json"
    /// The run's commit point: written last, listing every other file with its size and SHA-256.
    case manifest = "manifest.json"
    case compare = "compare.csv"
    case page = "report.html"

    /// The name in the folder.
    public var name: String { rawValue }

    /// Whether a run writes it (and so whether a new run into the folder replaces or removes it).
    public var isRunFile: Bool { self != .compare && self != .page }

    /// Every file a run may write.
    public static let runFiles: [ReportFile] = allCases.filter(\.isRunFile)

    /// What a new run into a folder replaces or removes: every file, a run's own and those written
    /// about it (a page or a comparison of the old run beside the new one's data would describe
    /// what is no longer there). What else the folder holds is carried over.
    public static let replacedByARun: [ReportFile] = allCases

    /// The files a run lists in its manifest's `outputs`, in that order (`shard.json` aside):
    /// the tables, the sessions file in its format, the rejects, the command's own files, the manifest.
    public static func outputs(_ format: SessionsFormat, intervals: Bool, adding extra: [ReportFile] = []) -> [ReportFile] {
        [.summary, .distributions] + (intervals ? [.paired, .bootstrap] : []) + (format.file.map { [$0] } ?? [])
            + [.rejects] + extra + [.manifest]
    }
}
