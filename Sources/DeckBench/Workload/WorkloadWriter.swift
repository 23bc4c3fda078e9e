/// Writes a generated workload as `.jsonl.zst` recordings: sessions split evenly over files, each
/// file split into frames, every file written atomically. Session n depends only on the seed and
/// n, so files are written in parallel and their bytes never depend on the number of threads.
package struct WorkloadWriter: Sendable {
    public var generator: SessionGenerator
    public var sessions: Int
    public var files: Int
    /// Frames per file (≥ 1): several frames make a file that concatenates zstd frames.
    public var framesPerFile: Int
    public var compressionLevel: Int32

    /// zstd level 3: about 40 % larger files than level 19, written some 45× faster (level 19,
    /// not the generator, was what made `generate` slow).
    public static let defaultLevel: Int32 = 3

    public init(generator: SessionGenerator, sessions: Int, files: Int = 1, framesPerFile: Int = 1, compressionLevel: Int32 = WorkloadWriter.defaultLevel) {
        self.generator = generator
        self.sessions = sessions
        self.files = max(1, files)
        self.framesPerFile = max(1, framesPerFile)
        self.compressionLevel = compressionLevel
    }

    /// What one written file holds.
    public struct FileReport: Sendable, Hashable {
        public var path: String
        public var sessions: Int
        public var events: Int
        public var decompressedBytes: Int
    }

    /// The name of file `index` of `count`: `sessions-001.jsonl.zst`, with enough digits to sort.
    public static func fileName(_ index: Int, of count: Int) -> String {
        let digits = max(3, String(count).count)
        let number = String(index + 1)
        return "sessions-" + String(repeating: "0", count: digits - number.count) + number + ".jsonl.zst"
    }

    /// Writes every file into `folder`, on up to `jobs` threads (a file each at a time); the
    /// reports come in file order. On an error the first failing file's error is thrown.
    public func write(to folder: String, jobs: Int = 1) throws(OutputError) -> [FileReport] {
        let results = ParallelMap.map(files, threads: jobs) { _, fileIndex in
            let name = Self.fileName(fileIndex, of: files)
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            return Result { () throws(OutputError) in
                try writeFile(path: path, name: name, sessions: share(fileIndex, of: files, total: sessions))
            }
        }
        return try results.map { (result) throws(OutputError) in try result.get() }
    }

    private func writeFile(path: String, name: String, sessions range: Range<Int>) throws(OutputError) -> FileReport {
        let writer = try ZstdWriter(path: path, level: compressionLevel)
        var report = FileReport(path: path, sessions: range.count, events: 0, decompressedBytes: 0)
        var buffer: [UInt8] = []
        for frame in 0 ..< framesPerFile {
            let frameRange = share(frame, of: framesPerFile, total: range.count)
            for index in frameRange {
                let session = generator.session(range.lowerBound + index, file: name)
                RecordingEncoder.append(session, to: &buffer)
                report.events += session.events.count
                if buffer.count >= 1 << 16 {
                    try writer.write(buffer)
                    report.decompressedBytes += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try writer.write(buffer)
            report.decompressedBytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
            try writer.endFrame()
        }
        try writer.finish()
        return report
    }

    /// Part `index` of `parts` of `0 ..< total`, as even as can be.
    private func share(_ index: Int, of parts: Int, total: Int) -> Range<Int> {
        (total * index / parts) ..< (total * (index + 1) / parts)
    }
}
