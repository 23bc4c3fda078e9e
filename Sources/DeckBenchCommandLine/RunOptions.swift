import ArgumentParser
import Foundation

/// The flags of a command that replays recordings (`replay`, `tune`): its worker threads and the
/// rejects it tolerates. `--quiet` stays with each command: what it keeps quiet differs.
struct RunOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Rejects tolerated before the exit status turns to 1.")
    var maxRejects = 0

    @Option(name: .customLong("jobs"), parsing: .unconditional, help: "Worker threads (default: the number of cores). Output is the same for every value.")
    var jobsGiven: Int?

    /// `--jobs`, or the number of cores.
    var jobs: Int { jobsGiven ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        guard maxRejects >= 0 else { throw ValidationError("--max-rejects must be 0 or more, got \(maxRejects)") }
        guard (1 ... 1_024).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 1024, got \(jobs)") }
    }
}
