import Foundation

/// A report folder written whole beside its destination and swapped in by one rename, so that a
/// run stopped at any instant leaves the destination holding the previous complete run or the new
/// one, never neither.
///
/// The files go to a sibling folder, `.NAME.deckbench-PID`, in the destination's parent (the same
/// file system). `commit()` hard-links into it what the destination holds that is not a run's
/// (`compare.csv`, `report.html`, a README), then exchanges the two folders atomically (Linux
/// `renameat2(RENAME_EXCHANGE)`, macOS `renamex_np(RENAME_SWAP)`; a plain rename when there was
/// none), moves over any subfolders, and removes the old run. A folder left behind by a killed
/// run is removed by the next run into the same destination (`removeLeftovers`).
///
/// Where a folder cannot be swapped (the current directory, a mount point, a file system without
/// an atomic exchange), files are renamed into it one by one with the manifest last, as
/// `writesInPlace` says: a stop there leaves a folder that `verify` refuses, and the previous run
/// is gone.
///
/// Which files are a run's, and which one is its commit point, the writer says (`ReportFile`): the
/// staging folder knows file names only, so that it sits below the reports.
package final class StagedFolder {
    /// Where the run's reports end up.
    let destination: String
    /// Where its files are written until `commit()`.
    let folder: String
    /// The names of every file a run may write: what the destination holds of the previous run.
    private let runFileNames: Set<String>
    /// The run's commit point, renamed last where the folder is written in place.
    private let manifest: String
    private var committed = false

    /// Stages a folder for `destination`, where a run writes the files `runFileNames` names and
    /// `manifest` (one of them) last.
    init(destination: String, runFileNames: Set<String>, manifest: String) throws(OutputError) {
        self.runFileNames = runFileNames
        self.manifest = manifest
        var destination = destination.isEmpty ? "." : destination
        // A link to a folder: the folder it names is the one swapped, the link stays.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: destination)) != nil {
            destination = URL(fileURLWithPath: destination).resolvingSymlinksInPath().path
        }
        self.destination = destination
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder), !isFolder.boolValue {
            // Said before the run's work, not after it at the swap (with its staged folder left).
            throw .cannotWrite(path: destination, reason: "a file, not a folder")
        }
        if Self.writesInPlace(self.destination) {
            folder = self.destination
            try Self.createFolder(folder)
            return
        }
        try Self.createFolder(Self.parent(of: self.destination))
        folder = Self.stagingPath(for: self.destination, pid: getpid())
        try? FileManager.default.removeItem(atPath: folder)
        try Self.createFolder(folder)
        TemporaryFiles.registerFolder(folder)
    }

    deinit {
        if !committed, folder != destination {
            try? FileManager.default.removeItem(atPath: folder)
            TemporaryFiles.forgetFolder(folder)
        }
    }

    /// Whether reports for `destination` are written in place, file by file, because the folder
    /// cannot be swapped whole: it is the current directory (or holds it), or a mount point.
    public static func writesInPlace(_ destination: String) -> Bool {
        let destination = destination.isEmpty ? "." : destination
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder), isFolder.boolValue else { return false }
        let resolved = URL(fileURLWithPath: destination).resolvingSymlinksInPath().standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().standardizedFileURL.path
        if current == resolved || current.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/") { return true }
        var own = stat(), above = stat()
        guard stat(resolved, &own) == 0, stat(parent(of: resolved), &above) == 0 else { return true }
        return own.st_dev != above.st_dev || resolved == "/"
    }

    /// Puts the written folder in the destination's place.
    func commit() throws(OutputError) {
        defer { TemporaryFiles.forgetFolder(folder) }
        committed = true
        guard folder != destination else { return try AtomicFileWriter.syncFolder(folder) }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder)
        guard exists else {
            AtomicFileWriter.faultBeforeRename()
            guard rename(folder, destination) == 0 else { throw .cannotWrite(path: destination, reason: String(cString: strerror(errno))) }
            return try AtomicFileWriter.syncFolder(Self.parent(of: destination))
        }
        guard isFolder.boolValue else { throw .cannotWrite(path: destination, reason: "a file, not a folder") }
        let subfolders = try carryOver()
        try AtomicFileWriter.syncFolder(folder)
        AtomicFileWriter.faultBeforeRename()
        guard Self.exchange(folder, destination) else {
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
                throw .cannotWrite(path: destination, reason: String(cString: strerror(errno)))
            }
            return try moveFilesInPlace()
        }
        try AtomicFileWriter.syncFolder(Self.parent(of: destination))
        AtomicFileWriter.faultBeforeRename()
        // The old run now sits where the new one was written: what was not a run's goes back.
        for name in subfolders { _ = rename(folder + "/" + name, destination + "/" + name) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Hard-links (or copies) into the new folder the destination's files that are not a run's;
    /// returns the names of its subfolders, to move after the swap.
    private func carryOver() throws(OutputError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: destination) else { return [] }
        var subfolders: [String] = []
        for name in names.sorted() where !runFileNames.contains(name) {
            let source = destination + "/" + name, target = folder + "/" + name
            guard !FileManager.default.fileExists(atPath: target) else { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: source, isDirectory: &isFolder)
            if isFolder.boolValue {
                subfolders.append(name)
            } else if link(source, target) != 0 {
                do {
                    try FileManager.default.copyItem(atPath: source, toPath: target)
                } catch {
                    throw .cannotWrite(path: target, reason: "cannot carry \(source) over to the new run's folder")
                }
            }
        }
        return subfolders
    }

    /// The fallback where folders cannot be exchanged: the run's files renamed one by one into
    /// the destination, the manifest last.
    private func moveFilesInPlace() throws(OutputError) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(runFileNames.contains)
        for name in runFileNames where !names.contains(name) && name != manifest { unlink(destination + "/" + name) }
        for name in names.sorted(by: { ($0 == manifest ? 1 : 0, $0) < ($1 == manifest ? 1 : 0, $1) }) {
            AtomicFileWriter.faultBeforeRename()
            guard rename(folder + "/" + name, destination + "/" + name) == 0 else {
                throw .cannotWrite(path: destination + "/" + name, reason: String(cString: strerror(errno)))
            }
        }
        try AtomicFileWriter.syncFolder(destination)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Swaps two folders in one step.
    private static func exchange(_ first: String, _ second: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
        guard let renameAt2 else {
            errno = ENOSYS
            return false
        }
        return renameAt2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0
        #endif
    }

    #if !canImport(Darwin)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    /// glibc's `renameat2`, looked up at run time (Swift's Glibc module does not import it).
    private static let renameAt2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif

    static func stagingPath(for destination: String, pid: Int32) -> String {
        let absolute = absolutePath(destination)
        return parent(of: absolute) + "/." + lastComponent(of: absolute) + ".deckbench-\(pid)"
    }

    /// `path` from the root, without `.`, `..` or a trailing slash.
    private static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL.path
    }

    private static func lastComponent(of path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// The folder that holds `path` (`/` for the root and its entries, `.` for a bare name).
    private static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static func createFolder(_ path: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot create the folder")
        }
    }

    /// Removes the staging folders that runs into `destination` killed outright left beside it
    /// (their process no longer exists); returns their names.
    static func removeLeftovers(for destination: String) -> [String] {
        let absolute = absolutePath(destination)
        let prefix = "." + lastComponent(of: absolute) + ".deckbench-"
        let parent = parent(of: absolute)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if (try? FileManager.default.removeItem(atPath: parent + "/" + name)) != nil { removed.append(name) }
        }
        return removed
    }
}
