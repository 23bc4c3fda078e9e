import Foundation

/// Cuts a recording's decompressed bytes into lines, without copying a line unless it spans two
/// chunks, and without ever holding more than `RecordingLimits.maxLineBytes` of one line. A UTF-8
/// byte-order mark that opens the file is not part of its first line (editors and .NET writers on
/// Windows put one there).
final class LineSplitter {
    /// One line, without its newline.
    enum Line {
        /// The line's bytes, valid until the next call to `next()`.
        case text(UnsafeRawBufferPointer)
        /// A line over the limit, of `bytes` bytes, skipped.
        case tooLong(bytes: Int)
    }

    let input: RecordingInput
    private let limit: Int
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var position = 0
    /// The start of a line that spans chunks.
    private let carry: UnsafeMutableRawBufferPointer
    private var carryCount = 0
    private var carryIsStale = false
    /// While > 0: the length so far of a line over the limit, being skipped.
    private var overlongBytes = 0
    /// Until the first chunk: whether a byte-order mark may still open the file.
    private var atFileStart = true

    /// The number of lines handed out so far: the number of the last one.
    private(set) var lineNumber = 0

    init(input: RecordingInput, limit: Int = RecordingLimits.maxLineBytes) {
        self.input = input
        self.limit = limit
        carry = .allocate(byteCount: limit, alignment: 1)
    }

    deinit {
        carry.deallocate()
    }

    /// The next line; `nil` at the end of the input.
    func next() throws(RecordingError) -> Line? {
        if carryIsStale {
            carryCount = 0
            carryIsStale = false
        }
        while true {
            if position < chunk.count {
                if let line = takeLineFromChunk() { return line }
                continue
            }
            guard let nextChunk = try input.nextChunk() else { return finalLine() }
            chunk = nextChunk
            position = atFileStart && Self.opensWithByteOrderMark(nextChunk) ? 3 : 0
            atFileStart = false
        }
    }

    /// The line ending in the current chunk, or `nil` after keeping the chunk's tail for later.
    private func takeLineFromChunk() -> Line? {
        let start = position
        let remaining = chunk.count - start
        let found = memchr(chunk.baseAddress! + start, 0x0A, remaining)
        guard let found else {
            keepPartial(UnsafeRawBufferPointer(rebasing: chunk[start...]))
            position = chunk.count
            return nil
        }
        let end = chunk.baseAddress!.distance(to: UnsafeRawPointer(found))
        position = end + 1
        lineNumber += 1
        let piece = UnsafeRawBufferPointer(rebasing: chunk[start ..< end])
        if overlongBytes > 0 {
            let total = overlongBytes + piece.count
            overlongBytes = 0
            return .tooLong(bytes: total)
        }
        if carryCount == 0 {
            return piece.count > limit ? .tooLong(bytes: piece.count) : .text(piece)
        }
        carryIsStale = true
        guard carryCount + piece.count <= limit else { return .tooLong(bytes: carryCount + piece.count) }
        appendToCarry(piece)
        return .text(UnsafeRawBufferPointer(rebasing: carry[0 ..< carryCount]))
    }

    private func keepPartial(_ piece: UnsafeRawBufferPointer) {
        if overlongBytes > 0 {
            overlongBytes += piece.count
        } else if carryCount + piece.count > limit {
            overlongBytes = carryCount + piece.count
            carryCount = 0
        } else {
            appendToCarry(piece)
        }
    }

    private func appendToCarry(_ piece: UnsafeRawBufferPointer) {
        guard let source = piece.baseAddress, piece.count > 0 else { return }
        (carry.baseAddress! + carryCount).copyMemory(from: source, byteCount: piece.count)
        carryCount += piece.count
    }

    /// Whether `chunk`, a file's first, opens with UTF-8's byte-order mark (EF BB BF). A file's
    /// first chunk is a whole read buffer unless the file is shorter (a pipe's writer could cut the
    /// mark from the rest: then it is not skipped, and the first line is rejected as before).
    private static func opensWithByteOrderMark(_ chunk: UnsafeRawBufferPointer) -> Bool {
        chunk.count >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF
    }

    /// The last line when the input does not end with a newline.
    private func finalLine() -> Line? {
        if overlongBytes > 0 {
            lineNumber += 1
            defer { overlongBytes = 0 }
            return .tooLong(bytes: overlongBytes)
        }
        guard carryCount > 0 else { return nil }
        lineNumber += 1
        carryIsStale = true
        return .text(UnsafeRawBufferPointer(rebasing: carry[0 ..< carryCount]))
    }
}
