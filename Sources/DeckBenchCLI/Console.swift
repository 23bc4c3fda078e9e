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

    /// Removes the temporary files that runs stopped outright (SIGKILL, a power cut) left in
    /// `folder`, saying so in one line on stderr.
    static func removeLeftovers(in folder: String) {
        let removed = TemporaryFiles.removeLeftovers(in: folder)
        guard !removed.isEmpty else { return }
        error("removed \(removed.count) temporary file\(removed.count == 1 ? "" : "s") left in \(folder) by a run that was killed: "
            + removed.joined(separator: ", "))
    }
}
