import CZstd
import Foundation

/// The decompressed bytes of one recording file, chunk by chunk, in fixed-size buffers: zstd
/// (one or more frames, detected by the magic number) or plain text.
final class RecordingInput {
    private let path: String
    private let descriptor: Int32
    private let decoder: OpaquePointer?
    private let input: UnsafeMutableRawBufferPointer
    private let output: UnsafeMutableRawBufferPointer
    private var inputCount = 0
    private var inputPosition = 0
    /// Bytes of the file read so far.
    private(set) var fileBytesRead = 0
    /// libzstd's hint from the last call: 0 when a frame has just been completed.
    private var frameRemainder = 0
    private var outputWasFull = false
    private var finished = false

    /// Decompressed bytes handed out so far.
    private(set) var decompressedBytes = 0
    /// Whether the file is zstd-compressed.
    let isCompressed: Bool

    init(path: String) throws(RecordingError) {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .unreadable(path: path, reason: "it is a directory")
        }
        self.descriptor = descriptor
        input = .allocate(byteCount: max(ZSTD_DStreamInSize(), 64 * 1024), alignment: 16)
        output = .allocate(byteCount: max(ZSTD_DStreamOutSize(), 64 * 1024), alignment: 16)
        var count = 0
        while count < 4 {
            let got = read(descriptor, input.baseAddress! + count, input.count - count)
            if got <= 0 { break }
            count += got
        }
        inputCount = count
        fileBytesRead = count
        let start = UnsafeRawBufferPointer(rebasing: input[0 ..< count])
        isCompressed = Self.startsWithZstdMagic(start)
        if !isCompressed, path.hasSuffix(".zst"), !Self.startsLikeText(start) {
            let firstBytes = start.prefix(4).map { String(format: "%02x", $0) }.joined(separator: " ")
            close(descriptor)
            input.deallocate()
            output.deallocate()
            throw .notZstd(firstBytes: firstBytes)
        }
        decoder = isCompressed ? ZSTD_createDCtx() : nil
    }

    deinit {
        close(descriptor)
        if let decoder { ZSTD_freeDCtx(decoder) }
        input.deallocate()
        output.deallocate()
    }

    /// Whether `bytes` open with a zstd frame or a zstd skippable frame.
    static func startsWithZstdMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4 else { return false }
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        return magic == ZSTD_MAGICNUMBER || (magic & ZSTD_MAGIC_SKIPPABLE_MASK) == ZSTD_MAGIC_SKIPPABLE_START
    }

    /// Whether `bytes` (a file's first) could open JSON Lines: nothing, blank space, or a `{` after it.
    /// Plain text is recognised by content, not by name, so a `.jsonl` named `.zst` is still read.
    static func startsLikeText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return true }
        return first == UInt8(ascii: "{")
    }

    /// The next decompressed chunk, valid until the next call; `nil` at the clean end of the file.
    func nextChunk() throws(RecordingError) -> UnsafeRawBufferPointer? {
        guard !finished else { return nil }
        return isCompressed ? try nextDecompressedChunk() : try nextPlainChunk()
    }

    private func nextPlainChunk() throws(RecordingError) -> UnsafeRawBufferPointer? {
        if inputPosition < inputCount {
            let chunk = UnsafeRawBufferPointer(rebasing: input[inputPosition ..< inputCount])
            inputPosition = inputCount
            decompressedBytes += chunk.count
            return chunk
        }
        let got = try readInput()
        guard got > 0 else {
            finished = true
            return nil
        }
        inputCount = got
        inputPosition = got
        decompressedBytes += got
        return UnsafeRawBufferPointer(rebasing: input[0 ..< got])
    }

    private func nextDecompressedChunk() throws(RecordingError) -> UnsafeRawBufferPointer? {
        while true {
            if inputPosition == inputCount && !outputWasFull {
                inputCount = try readInput()
                inputPosition = 0
                if inputCount == 0 {
                    finished = true
                    if frameRemainder != 0 { throw .truncatedStream(offset: fileBytesRead) }
                    return nil
                }
            }
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: inputCount, pos: inputPosition)
            var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let result = ZSTD_decompressStream(decoder, &outBuffer, &inBuffer)
            if ZSTD_isError(result) != 0 {
                finished = true
                let offset = fileBytesRead - inputCount + inBuffer.pos
                throw .corruptStream(offset: offset, detail: String(cString: ZSTD_getErrorName(result)))
            }
            inputPosition = inBuffer.pos
            frameRemainder = result
            outputWasFull = outBuffer.pos == outBuffer.size
            if outBuffer.pos > 0 {
                decompressedBytes += outBuffer.pos
                return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(output)[0 ..< outBuffer.pos])
            }
        }
    }

    private func readInput() throws(RecordingError) -> Int {
        while true {
            let got = read(descriptor, input.baseAddress, input.count)
            if got >= 0 {
                fileBytesRead += got
                return got
            }
            if errno == EINTR { continue }
            finished = true
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
