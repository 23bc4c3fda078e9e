import Foundation

/// Turns the paths a user names into the list of recording files to read: a file is taken as it
/// is (zstd or plain, whatever its name); a folder means every `.jsonl.zst`, `.zst` and `.jsonl`
/// file below it. The list is sorted and free of repeats, so the order the user names things in
/// never changes a result.
package enum RecordingFiles {
    /// File name endings picked up inside folders.
    public static let extensions = [".jsonl.zst", ".zst", ".jsonl"]

    /// The recording files behind `paths`; a path that does not exist is an error.
    public static func resolve(_ paths: [String]) throws(RecordingError) -> [String] {
        var files = Set<String>()
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw .unreadable(path: path, reason: "no such file or folder")
            }
            guard isFolder.boolValue else {
                files.insert(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw .unreadable(path: path, reason: "cannot list the folder")
            }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            for case let relative as String in enumerator {
                let full = folder + "/" + relative
                var isSubfolder: ObjCBool = false
                guard manager.fileExists(atPath: full, isDirectory: &isSubfolder) else { continue }
                if isSubfolder.boolValue {
                    if isReportFolder(full) { enumerator.skipDescendants() }
                } else if extensions.contains(where: relative.hasSuffix) {
                    files.insert(full)
                }
            }
        }
        return files.sorted()
    }

    /// Whether `folder`, below a folder of recordings, is DeckBench's output rather than input: a
    /// report folder (its manifest.json names the tool) or a run's staging folder
    /// (`.NAME.deckbench-PID`). A nightly's `--out` inside its recordings folder, with
    /// `sessions.csv.zst`, would otherwise be read as a recording the next night.
    static func isReportFolder(_ folder: String) -> Bool {
        if (folder as NSString).lastPathComponent.hasPrefix("."), folder.contains(".deckbench-") { return true }
        guard let data = FileManager.default.contents(atPath: folder + "/manifest.json") else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.contains("\"tool\" : \"deckbench\"") || text.contains("\"tool\":\"deckbench\"")
    }
}
