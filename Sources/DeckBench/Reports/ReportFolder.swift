import CSV
import Foundation

/// A run's reports as read back from its folder: what `deckbench report` draws, so that every
/// number it shows is the CSV's own.
public struct ReportFolder: Sendable {
    public var folder: String
    /// `summary.csv`, in file order, each row by column name.
    public var summary: [[String: String]]
    public var distributions: [[String: String]]
    public var rejects: [[String: String]]
    /// `paired.csv`, empty when the run has none (`--bootstrap 0`, or a run before it existed).
    public var paired: [[String: String]]
    /// `tune.csv` of a tune folder (the race that chose the finalists); empty for a replay.
    public var tune: [[String: String]]
    public var manifest: Manifest

    /// Why a folder's reports cannot be read.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case incomplete(ReportVerification.Failure)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            case let .incomplete(failure): failure.description
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
        summary = try Self.rows(Self.path(folder, .summary))
        distributions = try Self.rows(Self.path(folder, .distributions))
        rejects = try Self.rows(folder + "/rejects.csv")
        let pairedPath = Self.path(folder, .paired)
        paired = FileManager.default.fileExists(atPath: pairedPath) ? try Self.rows(pairedPath) : []
        let tunePath = Self.path(folder, .tune)
        tune = manifest.outputs.contains(ReportFile.tune.name) ? try Self.rows(tunePath) : []
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

    static func rows(_ path: String) throws(Failure) -> [[String: String]] {
        let text = try text(path)
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true), let header = reader.headerRow else {
            throw .unreadable(path: path, reason: "not a CSV file with a header")
        }
        var rows: [[String: String]] = []
        while let record = reader.next() {
            rows.append(Dictionary(zip(header, record), uniquingKeysWith: { first, _ in first }))
        }
        return rows
    }
}
