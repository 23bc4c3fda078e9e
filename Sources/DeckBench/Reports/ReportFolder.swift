import Foundation

/// A run's reports as read back from its folder, each table by its typed reader: what `deckbench
/// report` draws and `history` keeps, so that every number they show is the CSV's own.
public struct ReportFolder: Sendable {
    public var folder: String
    /// `summary.csv`, in file order.
    public var summary: [SummaryRow]
    public var distributions: [DistributionRow]
    public var rejects: [RejectRow]
    /// `paired.csv`, empty when the run has none (`--bootstrap 0`, or a run before it existed).
    public var paired: [PairedRow]
    /// `tune.csv` of a tune folder (the race that chose the finalists); empty for a replay.
    public var tune: [TuneRow]
    public var manifest: Manifest

    /// Why a folder's reports cannot be read.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case incomplete(ReportVerification.Failure)
        /// A table whose header lacks a column, or a field that is not what its column holds.
        case table(CSVTableError)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            case let .incomplete(failure): failure.description
            case let .table(error): "cannot read \(error)"
            }
        }
    }

    /// Reads the folder's reports once `ReportVerification` says they are one complete run.
    public init(folder: String) throws(Failure) {
        self.folder = folder
        do {
            manifest = try ReportVerification.verify(folder).manifest
        } catch {
            throw .incomplete(error)
        }
        summary = try Self.read(Self.path(folder, .summary)) { text, file throws(CSVTableError) in
            let read = try SummaryRow.read(text, file: file)
            if let lost = SummaryTable.alwaysWritten.first(where: { !read.header.contains($0) }) {
                throw CSVTableError(file: file, line: 1, field: lost, value: "",
                                    reason: "no column \(lost) in the header, which every DeckBench writes: removed by a tool?")
            }
            return read.rows
        }
        distributions = try Self.read(Self.path(folder, .distributions), DistributionRow.read)
        rejects = try Self.read(Self.path(folder, .rejects), RejectRow.read)
        let pairedPath = Self.path(folder, .paired)
        paired = FileManager.default.fileExists(atPath: pairedPath) ? try Self.read(pairedPath, PairedRow.read) : []
        tune = manifest.outputs.contains(ReportFile.tune.name) ? try Self.read(Self.path(folder, .tune), TuneRow.read) : []
    }

    /// The rows of the table at `path`, by its reader.
    private static func read<Row>(_ path: String, _ reader: (String, String) throws(CSVTableError) -> [Row]) throws(Failure) -> [Row] {
        let text = try text(path)
        do {
            return try reader(text, path)
        } catch {
            throw .table(error)
        }
    }

    /// `ReportVerification.verify`, as this type's failure.
    public static func verify(_ folder: String) throws(Failure) {
        do {
            _ = try ReportVerification.verify(folder)
        } catch {
            throw .incomplete(error)
        }
    }

    /// The path of the file `name` in `folder`.
    public static func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path of `file` in `folder`.
    public static func path(_ folder: String, _ file: ReportFile) -> String {
        path(folder, file.name)
    }

    /// The text of a report file.
    public static func text(_ path: String) throws(Failure) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "no such file, or not UTF-8")
        }
        return text
    }
}
