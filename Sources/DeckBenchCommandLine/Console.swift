import DeckBench
import Foundation

/// The process's standard streams: results on stdout, errors and warnings on stderr.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Says on stderr (unless `quiet`) when the reports go into `folder` file by file because it
    /// cannot be swapped in whole (the current directory, a mount point).
    static func noteInPlace(_ folder: String, quiet: Bool) {
        guard !quiet, StagedFolder.writesInPlace(folder) else { return }
        error("note: \(folder) is the current directory or a mount point, so its reports are replaced file by file (the manifest "
            + "last), not swapped in whole: a run stopped there leaves a folder that verify refuses")
    }

    /// Refuses (exit 74) an output folder that is a file, before a command does its work: the
    /// reports could not be swapped in at the end.
    static func refuseFileAsFolder(_ folder: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue else { return }
        error("error: cannot write \(folder): a file, not a folder")
        throw ExitStatus.io
    }

    /// Removes the temporary files that runs stopped outright (SIGKILL, a power cut) left in
    /// `folder`, saying so in one line on stderr.
    static func removeLeftovers(in folder: String) {
        for name in TemporaryFiles.removeLeftoverFolders(for: folder) {
            error("removed \(name), the unfinished reports a killed run into \(folder) left beside it")
        }
        let removed = TemporaryFiles.removeLeftovers(in: folder)
        guard !removed.isEmpty else { return }
        error("removed \(removed.count) temporary file\(removed.count == 1 ? "" : "s") left in \(folder) by a run that was killed: "
            + removed.joined(separator: ", "))
    }
}
