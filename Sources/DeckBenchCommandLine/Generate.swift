import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench generate`: a seeded synthetic workload written as `.jsonl.zst` recordings.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Write a seeded synthetic workload of realistic swipe sessions as .jsonl.zst.",
            discussion: """
                Session n depends only on --seed and n: the same seed and model give the same bytes, \
                and --files or --frames only change how sessions are split. The model is described in \
                data/README.md.
                """
        )

        @Option(help: ArgumentHelp("Folder to write sessions-NNN.jsonl.zst files into.", valueName: "folder"))
        var out = "generated"

        @Option(parsing: .unconditional, help: "Number of sessions.")
        var sessions = 200

        @Option(parsing: .unconditional, help: "Number of files the sessions are split over.")
        var files = 1

        @Option(parsing: .unconditional, help: "zstd frames per file (several frames make a multi-frame file).")
        var frames = 1

        @Option(parsing: .unconditional, help: "Seed of the generator.")
        var seed: UInt64 = 1

        @Option(parsing: .unconditional, help: "zstd compression level (1-19; 19 makes files about 30 % smaller and is some 45× slower).")
        var level: Int32 = WorkloadWriter.defaultLevel

        /// Files written at once.
        @OptionGroup var jobsOptions: JobsOptions

        var jobs: Int { jobsOptions.jobs }

        @OptionGroup(title: "Workload model")
        var model: WorkloadOptions

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard sessions >= 0 else { throw ValidationError("--sessions must be 0 or more, got \(sessions)") }
            guard files >= 1 else { throw ValidationError("--files must be 1 or more, got \(files)") }
            guard frames >= 1 else { throw ValidationError("--frames must be 1 or more, got \(frames)") }
            guard (1 ... 19).contains(level) else { throw ValidationError("--level must be from 1 to 19, got \(level)") }
        }

        func run() throws {
            Console.removeLeftovers(in: out)
            let writer = WorkloadWriter(
                generator: SessionGenerator(model: model.workloadModel, seed: seed),
                sessions: sessions, files: files, framesPerFile: frames, compressionLevel: level)
            let reports: [WorkloadWriter.FileReport]
            do {
                reports = try writer.write(to: out, jobs: jobs)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            var table = TextTable(header: ["file", "sessions", "events", "bytes (decompressed)"])
            for report in reports {
                table.append([report.path, String(report.sessions), String(report.events), String(report.decompressedBytes)])
            }
            if !quiet { Console.out(table.rendered) }
        }
    }
}
