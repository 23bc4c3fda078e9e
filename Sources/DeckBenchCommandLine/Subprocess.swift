import Foundation

/// Runs a command to completion with its output thrown away, and measures it: wall time and the
/// command's peak resident memory. Used by `bench` only; no result depends on it.
///
/// The peak comes from GNU time (`/usr/bin/time -f %M`) when it is installed: a child spawned
/// straight from this process would be charged this process's own memory by `wait4`, since
/// `posix_spawn` starts it in the parent's address space.
enum Subprocess {
    struct Measurement {
        var seconds: Double
        /// `nil` when GNU time is not installed.
        var peakRSSKB: Int?
        var status: Int32
    }

    static func measure(_ command: [String]) -> Measurement? {
        let timeTool = "/usr/bin/time"
        let report = NSTemporaryDirectory() + "deckbench-bench-\(getpid()).rss"
        let useTime = FileManager.default.isExecutableFile(atPath: timeTool)
        let arguments = useTime ? [timeTool, "-f", "%M", "-o", report] + command : command
        guard var result = spawn(arguments) else { return nil }
        if useTime {
            result.peakRSSKB = (try? String(contentsOfFile: report, encoding: .utf8))
                .flatMap { Int($0.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") }
            unlink(report)
        }
        return result
    }

    private static func spawn(_ arguments: [String]) -> Measurement? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Measurement(seconds: seconds, peakRSSKB: nil, status: (status >> 8) & 0xFF)
    }
}
