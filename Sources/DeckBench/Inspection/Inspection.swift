/// The result of inspecting recordings: a summary per file, their total, and every reject.
public struct Inspection: Sendable {
    /// The summary of one file.
    public struct File: Sendable {
        public var name: String
        public var summary: RecordingSummary
    }

    /// One summary per file, in the order the files were read.
    public var files: [File] = []
    public var total = RecordingSummary()
    public var rejects: [Reject] = []

    public init() {}

    /// Reads every file in `paths` (as resolved by `RecordingFiles`).
    public static func of(_ paths: [String]) -> Inspection {
        var inspection = Inspection()
        for path in paths { inspection.add(path: path) }
        return inspection
    }

    /// Reads one file and adds it.
    public mutating func add(path: String) {
        let reader = RecordingReader(path: path)
        var summary = RecordingSummary()
        summary.files = 1
        for item in reader {
            switch item {
            case let .session(session):
                summary.add(session)
            case let .reject(reject):
                summary.rejects += 1
                rejects.append(reject)
            }
        }
        summary.lines = reader.lines
        summary.bytes = reader.decompressedBytes
        files.append(File(name: path, summary: summary))
        total.merge(summary)
    }
}
