import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench import`: recordings made from what teams already hold.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Make v1 recordings from page-view logs.",
            subcommands: [PageViews.self]
        )
    }
}

extension DeckBenchCommand.Import {
    /// `deckbench import pageviews`: page-view logs (CSV or JSON lines) to v1 recordings.
    struct PageViews: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pageviews",
            abstract: "Make v1 recordings from page-view logs (CSV with a header, or JSON lines).",
            discussion: """
                One row per page shown, sorted by session and time, for example:

                  session,ts,day
                  u1-visit3,2026-11-02T08:15:00.000Z,2026-11-02
                  u1-visit3,2026-11-02T08:15:04.100Z,2026-11-03
                  u1-visit3,2026-11-02T08:15:09.900Z,2026-10-28

                deckbench import pageviews views.csv --session session --time ts --time-unit iso8601 \\
                --page day --page-kind date --out recordings

                A view of the next or previous page is a swipe that ended at the view (its drag lasting \
                --swipe-ms), a view farther away a jump, the same page again nothing; the session ends \
                --dwell-ms after its last view. Each FILE becomes FOLDER/NAME.jsonl.zst. A bad row rejects \
                its session (file:line: reason on stderr) and the rest go on. What a page-view log cannot \
                tell (cancelled drags, drag times, scrolls) and how that biases a replay: docs/IMPORT.md.
                """
        )

        @Argument(help: ArgumentHelp("Page-view logs: .csv (a header row) or .jsonl / .ndjson (one JSON object a line).", valueName: "file"))
        var files: [String]

        @Option(help: ArgumentHelp("Column (or JSON key) of the session id.", valueName: "column"))
        var session: String

        @Option(help: ArgumentHelp("Column of the time of the view.", valueName: "column"))
        var time: String

        @Option(help: ArgumentHelp("Column of the page shown.", valueName: "column"))
        var page: String

        @Option(help: ArgumentHelp("How times are written: ms, s (decimal allowed) or iso8601.", valueName: "unit"))
        var timeUnit: String = PageViewFields.TimeUnit.ms.rawValue

        @Option(help: ArgumentHelp("How pages are written: index (a whole number) or date (YYYY-MM-DD, a day-by-day pager).", valueName: "kind"))
        var pageKind: String = PageViewFields.PageKind.index.rawValue

        @Option(parsing: .unconditional, help: "Drag time assumed for a swipe, ms.")
        var swipeMs = PageViewConversion.defaultSwipeMs

        @Option(parsing: .unconditional, help: "Time on the last page before the session ends, ms.")
        var dwellMs = PageViewConversion.defaultDwellMs

        @Option(parsing: .unconditional, help: "First page with data (default: the lowest page each session viewed).")
        var first: Int?

        @Option(parsing: .unconditional, help: "Last page with data (default: the highest page each session viewed).")
        var last: Int?

        @Option(help: ArgumentHelp("Folder to write the recordings into.", valueName: "folder"))
        var out: String

        @Flag(help: "No summary on stdout.")
        var quiet = false

        func validate() throws {
            guard PageViewFields.TimeUnit(rawValue: timeUnit) != nil else {
                throw ValidationError("--time-unit must be one of \(PageViewFields.TimeUnit.allCases.map(\.rawValue).joined(separator: ", ")) (got \(timeUnit))")
            }
            guard PageViewFields.PageKind(rawValue: pageKind) != nil else {
                throw ValidationError("--page-kind must be one of \(PageViewFields.PageKind.allCases.map(\.rawValue).joined(separator: ", ")) (got \(pageKind))")
            }
            guard (0 ... 600_000).contains(swipeMs) else { throw ValidationError("--swipe-ms must be from 0 to 600000 (got \(swipeMs))") }
            guard (0 ... 86_400_000).contains(dwellMs) else { throw ValidationError("--dwell-ms must be from 0 to 86400000 (got \(dwellMs))") }
            if let first, let last, first > last { throw ValidationError("--first \(first) is after --last \(last)") }
        }

        func run() throws {
            let importer = PageViewImport(
                sessionColumn: session, timeColumn: time, pageColumn: page,
                fields: PageViewFields(timeUnit: PageViewFields.TimeUnit(rawValue: timeUnit)!, pageKind: PageViewFields.PageKind(rawValue: pageKind)!),
                conversion: PageViewConversion(swipeMs: swipeMs, dwellMs: dwellMs, first: first, last: last))
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                Console.error("error: \(out): cannot create the folder: \(error.localizedDescription)")
                throw ExitStatus.io
            }
            var rejected = false
            for file in files {
                let report: PageViewImport.Report
                do {
                    report = try importer.run(file, into: out)
                } catch {
                    Console.error("error: \(error)")
                    throw ExitStatus.io
                }
                for reject in report.rejects { Console.error(reject) }
                rejected = rejected || report.rejectedRows > 0
                if !quiet {
                    Console.out("\(file) -> \(report.output): \(report.rows) rows, \(report.sessions) sessions (\(report.swipes) swipes, "
                        + "\(report.jumps) jumps), \(report.rejectedSessions) sessions and \(report.rejectedRows) rows rejected\n")
                }
            }
            if rejected { throw ExitStatus.inputsRejected }
        }
    }
}
