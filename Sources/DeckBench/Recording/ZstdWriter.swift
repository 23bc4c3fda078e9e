import CZstd
import Foundation

/// Writes a zstd-compressed file (a `.jsonl.zst` recording, a `sessions.csv.zst`) with libzstd's streaming compression, frame by frame, with
/// a checksum in every frame so that damage is detected. The file appears atomically on `finish()`.
package final class ZstdWriter {
    private let file: AtomicFileWriter
    private let encoder: OpaquePointer
    private let output: UnsafeMutableRawBufferPointer
    private var frameHasContent = false
    /// Whether a frame was ended: the file then holds at least one.
    private var endedAFrame = false

    /// Starts a file at `path`, compressed at `level` (1…19).
    public init(path: String, level: Int32 = 19) throws(OutputError) {
        file = try AtomicFileWriter(path: path)
        guard let encoder = ZSTD_createCCtx() else { throw .compressionFailed(path: path, detail: "out of memory") }
        self.encoder = encoder
        output = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 16)
        try check(ZSTD_CCtx_setParameter(encoder, ZSTD_c_compressionLevel, level))
        try check(ZSTD_CCtx_setParameter(encoder, ZSTD_c_checksumFlag, 1))
        // A 2 MiB window keeps a reader's memory small whatever the level; sessions are short.
        try check(ZSTD_CCtx_setParameter(encoder, ZSTD_c_windowLog, 21))
    }

    deinit {
        ZSTD_freeCCtx(encoder)
        output.deallocate()
    }

    /// Compresses `bytes` into the current frame.
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try write(buffer) } }.get()
    }

    /// Compresses `bytes` into the current frame.
    public func write(_ bytes: Data) throws(OutputError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try write(buffer) } }.get()
    }

    /// Compresses `bytes` into the current frame.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard !bytes.isEmpty else { return }
        frameHasContent = true
        var input = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
        while input.pos < input.size {
            try compress(&input, mode: ZSTD_e_continue)
        }
    }

    /// Ends the current frame; later writes start a new one. Does nothing on an empty frame.
    public func endFrame() throws(OutputError) {
        guard frameHasContent else { return }
        try writeEnd()
        frameHasContent = false
    }

    /// Ends the last frame and moves the file into place. A file nothing was written to holds one
    /// empty frame: zstd reads it as no bytes, where an empty file is "unexpected end of file".
    @discardableResult
    public func finish() throws(OutputError) -> AtomicFileWriter.Written {
        if !frameHasContent && !endedAFrame { try writeEnd() }
        try endFrame()
        return try file.commit()
    }

    private func writeEnd() throws(OutputError) {
        var input = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
        while try compress(&input, mode: ZSTD_e_end) != 0 {}
        endedAFrame = true
    }

    @discardableResult
    private func compress(_ input: inout ZSTD_inBuffer, mode: ZSTD_EndDirective) throws(OutputError) -> Int {
        var out = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let remaining = ZSTD_compressStream2(encoder, &out, &input, mode)
        try check(remaining)
        try file.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(output)[0 ..< out.pos]))
        return remaining
    }

    private func check(_ result: Int) throws(OutputError) {
        if ZSTD_isError(result) != 0 {
            throw .compressionFailed(path: file.path, detail: String(cString: ZSTD_getErrorName(result)))
        }
    }
}
