#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on the folder that holds a history, held while one append reads, adds to
/// and renames the file: appends that run at once (two CI jobs, a matrix of them) take turns, so
/// each adds its rows to the history the one before it wrote. The folder is locked rather than
/// the file because an append renames a new file over the old one (a lock on the old file would
/// guard a file nobody reads any more) and leaves no lock file behind to commit by mistake.
/// `flock` is advisory: it orders DeckBench's appends, not other writers.
enum HistoryLock {
    /// Runs `body` holding the lock on the folder of `path`.
    static func holding<T>(folderOf path: String, _ body: () throws(HistoryFile.Failure) -> T) throws(HistoryFile.Failure) -> T {
        let folder = Self.folder(of: path)
        let descriptor = open(folder, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: folder, reason: "cannot open the folder to lock it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .unreadable(path: folder, reason: "cannot lock the folder: \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
