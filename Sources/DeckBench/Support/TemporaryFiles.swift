import Foundation

/// The temporary files this process has open (`AtomicFileWriter`'s `NAME.PID.tmp`), so that a
/// stopped run leaves none behind: on SIGINT or SIGTERM `installSignalHandlers` removes them and
/// exits 130 or 143; and at start a run removes those left in its folder by runs that were killed
/// outright (SIGKILL, a power cut), whose process no longer exists.
///
/// A file is created and renamed under the registry's lock, and the handler removes the files and
/// exits holding it, so no file can appear between the clean-up and the exit.
package enum TemporaryFiles {
    private static let open = Locked<Set<String>>([])
    /// Staging folders (`StagedFolder`) not yet swapped in, removed with the files on a signal.
    private static let folders = Locked<Set<String>>([])

    static func registerFolder(_ path: String) {
        folders.withLock { _ = $0.insert(path) }
    }

    static func forgetFolder(_ path: String) {
        folders.withLock { _ = $0.remove(path) }
    }

    /// Runs `create` (which creates the file at `path`) with `path` registered, under the lock.
    static func creating<Result>(_ path: String, _ create: () throws -> Result) rethrows -> Result {
        try open.withLock { paths in
            paths.insert(path)
            return try create()
        }
    }

    /// Runs `finish` (which renames or removes the file at `path`) and forgets `path`, under the lock.
    static func finishing<Result>(_ path: String, _ finish: () throws -> Result) rethrows -> Result {
        try open.withLock { paths in
            defer { paths.remove(path) }
            return try finish()
        }
    }

    /// What a stopped process says on stderr, one line: files are written whole (a temporary file
    /// renamed, a report folder swapped in at its end), so a stop leaves nothing half-written.
    static func stopMessage(_ signalNumber: Int32) -> String {
        (signalNumber == SIGINT ? "interrupted" : "terminated")
            + ": stopped before the end; no partial output is left (outputs are written atomically)\n"
    }

    /// From now on SIGINT and SIGTERM remove the open temporary files, say so in one line on
    /// stderr (`stopMessage`) and end the process with 128 + the signal's number (130, 143), as
    /// shells report a process killed by it. The handler runs on a dispatch queue, not in the
    /// signal's context; it writes with write(2) all the same, under the lock, before `_exit`.
    public static func installSignalHandlers() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            // On a terminal a progress line may be drawn: clear it first.
            let message = Array(((isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : "") + stopMessage(signalNumber)).utf8)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                open.withLock { paths in
                    for path in paths { unlink(path) }
                    folders.withLock { folders in
                        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
                    }
                    message.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }

    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// Removes the unfinished report folders that runs into `folder` killed outright left beside
    /// it (`StagedFolder`); returns their names.
    public static func removeLeftoverFolders(for folder: String) -> [String] {
        StagedFolder.removeLeftovers(for: folder)
    }

    /// Removes from `folder` the temporary files of processes that no longer exist; returns their
    /// names. Only files named as DeckBench names them (`NAME.PID.tmp` with NAME a `.csv`, `.json`,
    /// `.zst` or `.html` file) are candidates; those of a live process (another run writing there
    /// now) are left alone.
    public static func removeLeftovers(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".tmp") {
            let parts = name.dropLast(".tmp".count).split(separator: ".")
            guard parts.count >= 3, ["csv", "json", "zst", "html"].contains(parts[parts.count - 2]),
                  let pid = Int32(parts[parts.count - 1]), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink((folder.isEmpty ? "" : folder + "/") + name) == 0 { removed.append(name) }
        }
        return removed
    }
}
