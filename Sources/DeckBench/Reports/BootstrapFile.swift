import Foundation

/// `bootstrap.json`: every policy × network's bootstrap buckets (`BootstrapReplicates`), written
/// with intervals on, so that `compare` can pair the replicates of two runs over the same corpus:
/// the same sessions fall in the same buckets and get the same weights whatever `--seed`.
public struct BootstrapFile: Codable, Sendable, Equatable {
    public struct Row: Codable, Sendable, Equatable {
        public var policy: String
        public var network: String
        public var replicates: BootstrapReplicates
    }

    /// The layout this DeckBench writes; a file without `format` is format 1 (written before the
    /// field existed), one with a later format is refused rather than misread.
    public static let currentFormat = 1
    public var format: Int?
    public var rows: [Row]

    public init(_ summaries: [PointSummary]) {
        format = Self.currentFormat
        rows = summaries.filter { !$0.summary.replicates.isEmpty }.map { Row(policy: $0.policy, network: $0.network, replicates: $0.summary.replicates) }
    }

    /// Sorted keys, no spaces: the same bytes for the same buckets — the bytes `JSONEncoder` makes
    /// of the whole file, written directly row by row (a test holds them to it): `JSONEncoder`
    /// spent thousands of instructions on each of a row's 128 navigation counts, a few percent of
    /// a sweep, and would hold every row's encoding at once.
    public func encoded() -> Data {
        var bytes = Array("{".utf8)
        if let format { bytes += Array(#""format":\#(format),"#.utf8) }
        bytes += Array(#""rows":["#.utf8)
        for (index, row) in rows.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(#"{"network":"#.utf8)
            JSONText.appendEncoderString(row.network, to: &bytes)
            bytes += Array(#","policy":"#.utf8)
            JSONText.appendEncoderString(row.policy, to: &bytes)
            bytes += Array(#","replicates":"#.utf8)
            row.replicates.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes += Array("]}".utf8)
        return Data(bytes)
    }

    /// The file in `folder`, or nil when it has none, it cannot be read, or its format is later
    /// than this DeckBench's (`load` says which).
    public static func read(folder: String) -> BootstrapFile? {
        try? load(folder: folder).get()
    }

    /// Why a folder's bootstrap.json cannot be used: its path, and what is wrong with it.
    public struct Unusable: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The file in `folder`; nil when it has none (a run with `--bootstrap 0`), and why when it
    /// has one that cannot be used: unreadable, damaged, or of a later format, refused rather than misread.
    public static func load(folder: String) -> Result<BootstrapFile?, Unusable> {
        let path = ReportFolder.path(folder, .bootstrap)
        guard FileManager.default.fileExists(atPath: path) else { return .success(nil) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(Unusable(path: path, reason: "cannot be read")) }
        let file: BootstrapFile
        do {
            file = try JSONDecoder().decode(BootstrapFile.self, from: data)
        } catch {
            return .failure(Unusable(path: path, reason: JSONFault.reason(error)))
        }
        guard (file.format ?? 1) <= currentFormat else {
            return .failure(Unusable(path: path, reason: "format \(file.format ?? 1), later than this DeckBench's \(currentFormat): "
                + "written by a newer DeckBench"))
        }
        return .success(file)
    }

    public func replicates(policy: String, network: String) -> BootstrapReplicates? {
        rows.first { $0.policy == policy && $0.network == network }?.replicates
    }
}
