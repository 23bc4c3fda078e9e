/// The result of inspecting recordings: a summary per file, their total, and every reject.
package struct Inspection: Sendable {
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

    /// Reads every file in `paths` (as resolved by `RecordingFiles`), up to `jobs` files at once;
    /// the result is the same for every `jobs` (files are added in order).
    public static func of(_ paths: [String], jobs: Int = 1) -> Inspection {
        var inspection = Inspection()
        for file in ParallelMap.map(paths.count, threads: jobs, { _, index in read(paths[index]) }) { inspection.add(file) }
        return inspection
    }

    /// Reads one file and adds it.
    public mutating func add(path: String) {
        add(Self.read(path))
    }

    private mutating func add(_ file: (File, [Reject])) {
        files.append(file.0)
        total.merge(file.0.summary)
        rejects += file.1
    }

    /// One file's summary and rejects.
    private static func read(_ path: String) -> (File, [Reject]) {
        var rejects: [Reject] = []
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
        return (File(name: path, summary: summary), rejects)
    }
}
