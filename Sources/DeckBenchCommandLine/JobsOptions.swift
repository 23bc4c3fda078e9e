import ArgumentParser
import Foundation

/// `--jobs`: the threads a command works with (`replay`, `tune`, `inspect`, `generate`), declared
/// and bounded here only. What a command writes never depends on it.
struct JobsOptions: ParsableArguments {
    @Option(name: .customLong("jobs"), parsing: .unconditional,
            help: "Worker threads (default: the number of cores). Output is the same for every value.")
    var given: Int?

    /// `--jobs`, or the number of cores.
    var jobs: Int { given ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        guard (1 ... 1_024).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 1024, got \(jobs)") }
    }
}
