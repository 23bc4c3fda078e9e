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
            for case let relative as String in enumerator where extensions.contains(where: relative.hasSuffix) {
                let full = folder + "/" + relative
                var isSubfolder: ObjCBool = false
                if manager.fileExists(atPath: full, isDirectory: &isSubfolder), !isSubfolder.boolValue {
                    files.insert(full)
                }
            }
        }
        return files.sorted()
    }
}
