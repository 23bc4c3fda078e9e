import Foundation

/// Whether a report folder is one run's complete set of files: its `manifest.json`, written last,
/// lists every other file with its size and SHA-256, so a run stopped between two renames leaves a
/// folder whose files do not all match the manifest there (the last run's, or none), and readers
/// refuse it instead of mixing two runs. Files the manifest does not list (`compare.csv`,
/// `report.html`) are not the run's and are not checked.
public enum ReportVerification {
    /// Why a folder is not a complete run.
    public enum Failure: Error, Sendable, CustomStringConvertible, Equatable {
        /// Nothing at the path the user typed.
        case noSuchFolder(path: String)
        /// A file where a report folder was expected.
        case notAFolder(path: String)
        /// A folder without `manifest.json` and without any report file.
        case notAReportFolder(folder: String)
        /// A folder with report files but no `manifest.json`: a run stopped before it committed.
        case noManifest(folder: String)
        case unreadableManifest(path: String, reason: String)
        case missing(path: String)
        /// `lineEndsChanged`: the file is as listed but for a CR before each LF (git's autocrlf, an editor).
        case wrongSize(path: String, expected: Int, found: Int, lineEndsChanged: Bool = false)
        case wrongDigest(path: String)

        public var description: String {
            switch self {
            case let .noSuchFolder(path):
                "\(path): no such folder"
            case let .notAFolder(path):
                "\(path) is a file, not a report folder"
            case let .notAReportFolder(folder):
                "\(folder) is not a DeckBench report folder (no manifest.json, no summary.csv or sessions.csv)"
            case let .noManifest(folder):
                "\(folder) has report files but no manifest.json: the run that wrote it did not finish"
            case let .unreadableManifest(path, reason):
                "cannot read \(path): \(reason)"
            case let .missing(path):
                "\(path) is missing: the folder is not the complete run its manifest.json describes"
            case let .wrongSize(path, expected, found, lineEndsChanged) where lineEndsChanged:
                "\(path) has \(found) bytes where manifest.json says \(expected), the \(found - expected) more all carriage returns before "
                    + "line feeds: its line ends were changed to CRLF since (git's autocrlf, an editor, a Windows copy); copy report "
                    + "folders byte for byte (in git: `reports/** -text` in .gitattributes)"
            case let .wrongSize(path, expected, found, _):
                "\(path) has \(found) bytes where manifest.json says \(expected): the folder mixes files of two runs, "
                    + "or one was changed or cut short since"
            case let .wrongDigest(path):
                "\(path) does not match the SHA-256 in manifest.json: the folder mixes files of two runs, or one was changed since"
            }
        }
    }

    /// A verified folder.
    public struct Verified: Sendable {
        public var manifest: Manifest
        /// Files checked; 0 for a manifest written before manifests listed files (nothing to check).
        public var files: Int
    }

    /// Checks every file `folder`'s manifest lists: present, of its size, of its SHA-256.
    public static func verify(_ folder: String) throws(Failure) -> Verified {
        let folder = folder.isEmpty ? "." : folder
        let manifestPath = ReportFolder.path(folder, .manifest)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { throw .noSuchFolder(path: folder) }
        guard isFolder.boolValue else { throw .notAFolder(path: folder) }
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            let reportFiles: [ReportFile] = [.summary, .sessions, .rejects, .distributions]
            let hasReports = reportFiles.contains { FileManager.default.fileExists(atPath: ReportFolder.path(folder, $0)) }
            throw hasReports ? .noManifest(folder: folder) : .notAReportFolder(folder: folder)
        }
        let manifest: Manifest
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            manifest = try decoder.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        } catch {
            throw .unreadableManifest(path: manifestPath, reason: JSONFault.reason(error))
        }
        // Cheap checks first, for every file, so that a mixed folder is told without reading it all.
        for file in manifest.files ?? [] {
            let filePath = ReportFolder.path(folder, file.name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: filePath),
                  let size = (attributes[.size] as? NSNumber)?.intValue else { throw .missing(path: filePath) }
            guard size == file.bytes else {
                throw .wrongSize(path: filePath, expected: file.bytes, found: size,
                                 lineEndsChanged: size > file.bytes && Self.carriageReturnsBeforeLineFeeds(filePath) == size - file.bytes)
            }
        }
        for file in manifest.files ?? [] {
            let filePath = ReportFolder.path(folder, file.name)
            guard let digest = sha256(ofFile: filePath) else { throw .missing(path: filePath) }
            guard digest == file.sha256 else { throw .wrongDigest(path: filePath) }
        }
        return Verified(manifest: manifest, files: manifest.files?.count ?? 0)
    }

    /// How many carriage returns stand right before a line feed in the file (read whole: only on a
    /// size that is already wrong); nil when it cannot be read.
    static func carriageReturnsBeforeLineFeeds(_ path: String) -> Int? {
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A, previous == 0x0D { count += 1 }
            previous = byte
        }
        return count
    }

    /// The SHA-256 of a file's bytes in lowercase hex; nil when it cannot be read.
    public static func sha256(ofFile path: String) -> String? {
        SHA256Digest.hex(ofFile: path)
    }
}
