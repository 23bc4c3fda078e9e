import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench learn`: a model of where users go next, for the `learned` policy.
    struct Learn: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "learn",
            abstract: "Learn from recordings where users go next: a step model for the learned policy.",
            discussion: """
                Counts, for each history of the last two steps' directions (none, next, prev; none after a jump) and \
                whether the user is mid-burst (the last step committed within --burst-ms of the one before), how often \
                the next step moved by each offset from -8 to +8 pages, or farther. Writes them as versioned JSON \
                (a few kilobytes; the same sessions give the same bytes) for --policy learned:model=FILE,budget=N. \
                Probabilities are smoothed towards the population's (docs/LEARNED.md). Rejected sessions are \
                skipped and reported.
                """
        )

        @Argument(help: "Recording files or folders (a folder means every .jsonl.zst, .zst and .jsonl below it).")
        var paths: [String] = ["data"]

        @Option(help: ArgumentHelp("The model file to write.", valueName: "file"))
        var out = "model.json"

        @Option(parsing: .unconditional, help: "A step that commits within this many ms of the one before it is mid-burst.")
        var burstMs = 1_000

        @Flag(help: "Print nothing but errors and rejected sessions (no summary line).")
        var quiet = false

        @OptionGroup var rejectsOptions: RejectsOptions

        var maxRejects: Int { rejectsOptions.maxRejects }

        func validate() throws {
            guard (1 ... 600_000).contains(burstMs) else { throw ValidationError("--burst-ms must be from 1 to 600000, got \(burstMs)") }
        }

        func run() throws {
            let files = try recordingFiles(paths)
            var learner = StepModelLearner(burstMs: burstMs)
            var rejects: [Reject] = []
            for file in files {
                for item in RecordingReader(path: file) {
                    switch item {
                    case let .session(session): learner.add(session)
                    case let .reject(reject):
                        rejects.append(reject)
                        Console.error("rejected: \(reject)")
                    }
                }
            }
            let model = learner.model
            guard model.steps > 0 else {
                Console.error("error: no step to learn from in \(paths.joined(separator: ", ")): \(model.sessions) sessions read, "
                    + "\(rejects.count) rejected, none of them moved a page; \(out) not written")
                throw ExitStatus.data
            }
            do {
                _ = try AtomicFileWriter.write(StepModelFile.encoded(model), to: out)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            if !quiet {
                Console.out("learned from \(model.sessions) \(model.sessions == 1 ? "session" : "sessions") (\(model.steps) steps, \(rejects.count) rejected): \(out)\n")
            }
            try ExitStatus.check(rejects, maxRejects: maxRejects)
        }
    }
}
