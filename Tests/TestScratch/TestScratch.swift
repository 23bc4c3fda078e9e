import Foundation

/// Where the tests write their files: a folder of the test process's own in the system's temporary
/// folder, removed when the process exits. The folders of test processes that ended without
/// removing theirs (killed, crashed) are removed when the next one first writes. Before it, each
/// `swift test` left about 1,300 folders of reports behind.
public enum TestScratch {
    /// The process's folder, with a final slash: the place of `NSTemporaryDirectory()` in a test.
    public static let directory: String = {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        removeFoldersOfEndedRuns(in: base)
        let folder = base + prefix + String(getpid())
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.directory) }
        return folder + "/"
    }()

    private static let prefix = "deckbench-test-run-"

    /// Removes the folders of test processes that are no longer running.
    private static func removeFoldersOfEndedRuns(in base: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: base + name)
        }
    }
}
