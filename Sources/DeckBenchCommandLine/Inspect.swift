import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench inspect`: what is in a set of recordings, and what in them is broken.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Summarise recordings: sessions, events by kind, navigations, durations, rejects.",
            discussion: """
                A folder means every .jsonl.zst, .zst and .jsonl file below it. zstd or plain text \
                is recognised by the zstd magic number, not by the name. Rejected sessions are listed \
                with file, line and reason (on stderr with --csv).
                """
        )

        @Argument(help: "Recording files or folders.")
        var paths: [String] = ["data"]

        @Flag(help: "Print CSV (one row per file, then a 'total' row) instead of tables.")
        var csv = false

        @Option(help: ArgumentHelp("Also write every reject to this CSV file (columns file,line,session,reason).", valueName: "path"))
        var rejectsCSV: String?

        @OptionGroup var rejectsOptions: RejectsOptions

        /// Files read at once.
        @OptionGroup var jobsOptions: JobsOptions

        var jobs: Int { jobsOptions.jobs }
        var maxRejects: Int { rejectsOptions.maxRejects }

        func run() throws {
            let files = try recordingFiles(paths)
            let inspection = Inspection.of(files, jobs: jobs)
            if csv {
                Console.out(InspectionReport.csv(inspection))
                for reject in inspection.rejects { Console.error("rejected: \(reject)") }
            } else {
                Console.out(InspectionReport.text(inspection))
            }
            if let rejectsCSV {
                do {
                    try AtomicFileWriter.write(RejectsTable.csv(inspection.rejects), to: rejectsCSV)
                } catch {
                    Console.error("error: \(error)")
                    throw ExitStatus.io
                }
            }
            try Self.checkSessions(inspection)
            try ExitStatus.check(inspection.rejects, maxRejects: maxRejects)
        }

        /// Says which files hold no session: a note for each when others hold some, an error and
        /// exit 65 (as `replay` exits on such recordings) when none does, 74 as before when one
        /// could not be read at all (`ExitStatus.check`).
        static func checkSessions(_ inspection: Inspection) throws {
            let none = inspection.files.filter { $0.summary.sessions == 0 }
            let whole = inspection.total.sessions == 0
            for file in none {
                let s = file.summary
                let read = "\(s.lines) line\(s.lines == 1 ? "" : "s"), \(s.bytes) byte\(s.bytes == 1 ? "" : "s")"
                    + (s.rejects > 0 ? ", \(s.rejects) rejected" : "")
                Console.error("\(whole ? "error" : "note"): \(file.name) holds no session (\(read))")
            }
            if whole, !inspection.rejects.contains(where: { $0.line == 0 }) { throw ExitStatus.data }
        }
    }
}
