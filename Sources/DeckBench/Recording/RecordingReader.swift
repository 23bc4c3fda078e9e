/// Reads one recording file as a stream of sessions and rejects, in file order, holding at most
/// one session and two fixed-size buffers in memory.
///
/// A file that cannot be opened, or whose stream breaks, yields a `Reject` saying so; the sessions
/// completed before the break are still yielded. Reading never throws.
package final class RecordingReader: Sequence, IteratorProtocol {
    /// The name the file goes by in sessions and rejects.
    public let file: String
    private let splitter: LineSplitter?
    private let parser = LineParser()
    // Unchecked (with `pending`): a reader is one thread's iterator, and the assembler's calls,
    // which get `pending` `inout`, never reach back into the reader.
    @exclusivity(unchecked) private var assembler: SessionAssembler
    /// The items of the last line read not yet handed out, the next one last: taken by
    /// `popLast`, which moves an item out, where reading it by index copied it and emptying the
    /// list released it.
    @exclusivity(unchecked) private var pending: [RecordingItem] = []
    private var done = false

    /// Opens `path`; `file` (default: `path`) is the name reported in sessions and rejects.
    public init(path: String, file: String? = nil) {
        let file = file ?? path
        self.file = file
        assembler = SessionAssembler(file: file)
        do {
            splitter = LineSplitter(input: try RecordingInput(path: path))
        } catch {
            splitter = nil
            pending = [.reject(Reject(file: file, line: 0, session: nil, error: error))]
            done = true
        }
    }

    /// Lines read so far.
    public var lines: Int { splitter?.lineNumber ?? 0 }
    /// Decompressed bytes read so far.
    public var decompressedBytes: Int { splitter?.input.decompressedBytes ?? 0 }
    /// Bytes of the file read so far (compressed bytes for zstd).
    public var fileBytesRead: Int { splitter?.input.fileBytesRead ?? 0 }
    /// Whether the file is zstd-compressed.
    public var isCompressed: Bool { splitter?.input.isCompressed ?? false }

    public func next() -> RecordingItem? {
        // Bound once a call, not once a line: a line read retained and released the splitter.
        guard let splitter else { return pending.popLast() }
        while true {
            if let item = pending.popLast() { return item }
            guard !done else { return nil }
            readLine(splitter)
            // A line completes at most a few items (a session and a reject): handed out in order.
            if pending.count > 1 { pending.reverse() }
        }
    }

    private func readLine(_ splitter: LineSplitter) {
        do {
            guard let line = try splitter.next() else {
                done = true
                assembler.finish(into: &pending)
                return
            }
            let number = splitter.lineNumber
            switch line {
            case let .text(bytes):
                if let line = CanonicalLineParser.parse(bytes) {
                    assembler.accept(line, number: number, into: &pending)
                    return
                }
                do {
                    assembler.accept(try parser.parse(bytes), number: number, into: &pending)
                } catch {
                    assembler.reject(line: number, because: error, into: &pending)
                }
            case let .tooLong(bytes):
                let error = RecordingError.lineTooLong(bytes: bytes, limit: RecordingLimits.maxLineBytes)
                assembler.reject(line: number, because: error, into: &pending)
            }
        } catch {
            done = true
            assembler.fail(line: splitter.lineNumber + 1, because: error, into: &pending)
        }
    }
}
