import Foundation

/// Writes a file so that readers see either the old file or the complete new one: bytes go to a
/// temporary file beside the target, which `commit()` flushes to the disk (fsync) and renames over
/// it, returning its size and SHA-256 (computed as the bytes went out) for the manifest. A writer
/// dropped without `commit()` removes its temporary file, and SIGINT or SIGTERM remove every one
/// open (`TemporaryFiles`). Writes are buffered (one system call per
/// 1 MiB), so many small writes cost what one large write does.
package final class AtomicFileWriter {
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var committed = false
    // Unchecked: a writer is one thread's, and `writeOut`, the one call made while the buffer is
    // read, never touches it; checked, each write of a session's rows began two accesses.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private var bytesWritten = 0
    private let digest = SHA256Digest()
    private static let bufferSize = 1 << 20

    /// A file as written: what the manifest lists of it.
    public struct Written: Sendable, Equatable {
        public var path: String
        public var bytes: Int
        public var sha256: String
    }

    /// Creates the temporary file (and the target's folder when missing).
    public init(path: String) throws(OutputError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: path, reason: "cannot create folder \(folder)")
            }
        }
        let temporaryPath = "\(path).\(getpid()).tmp"
        self.temporaryPath = temporaryPath
        descriptor = TemporaryFiles.creating(temporaryPath) { open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.finishing(temporaryPath) {}
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { TemporaryFiles.finishing(temporaryPath) { _ = unlink(temporaryPath) } }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize { return try writeOut(bytes) }
        if buffer.capacity < Self.bufferSize { buffer.reserveCapacity(Self.bufferSize) }
        buffer.append(contentsOf: bytes)
    }

    private func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { bytes in Result { () throws(OutputError) in try writeOut(bytes) } }.get()
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        digest.update(bytes)
        bytesWritten += bytes.count
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    public func write(_ bytes: [UInt8]) throws(OutputError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try write(buffer) } }.get()
    }

    public func write(_ bytes: Data) throws(OutputError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try write(buffer) } }.get()
    }

    public func write(_ text: String) throws(OutputError) {
        try write(Array(text.utf8))
    }

    /// Flushes the temporary file to the disk, closes it and renames it over the target.
    @discardableResult
    public func commit() throws(OutputError) -> Written {
        try flush()
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            descriptor = -1
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        descriptor = -1
        Self.faultBeforeRename()
        let renamed = TemporaryFiles.finishing(temporaryPath) { rename(temporaryPath, path) == 0 }
        guard renamed else {
            // The temporary file stays for deinit to remove; the registry no longer lists it.
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        committed = true
        return Written(path: path, bytes: bytesWritten, sha256: digest.finish())
    }

    /// Writes `text` to `path` atomically.
    @discardableResult
    public static func write(_ text: String, to path: String) throws(OutputError) -> Written {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(text)
        return try writer.commit()
    }

    /// The same for bytes made in memory (a CSV table, encoded JSON), written without a copy as text.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) -> Written {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(bytes)
        return try writer.commit()
    }

    /// Fault injection for the crash-consistency tests: with `DECKBENCH_KILL_AT_RENAME=N` in the
    /// environment, the process kills itself (SIGKILL) just before its Nth rename.
    private static let killAtRename = ProcessInfo.processInfo.environment["DECKBENCH_KILL_AT_RENAME"].flatMap(Int.init)
    private static let renames = Locked(0)

    static func faultBeforeRename() {
        guard let killAtRename else { return }
        if renames.withLock({ count -> Int in
            count += 1
            return count
        }) == killAtRename {
            kill(getpid(), SIGKILL)
        }
    }

    /// Flushes `folder`'s entries (the renames into it) to the disk.
    public static func syncFolder(_ folder: String) throws(OutputError) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw .cannotWrite(path: folder, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: folder, reason: String(cString: strerror(errno))) }
    }
}
