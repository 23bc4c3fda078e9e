import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench import`: recordings made from what teams already hold.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Make v1 recordings from page-view logs or raw touch streams.",
            discussion: """
                pageviews: one row per page shown (session, time, page), e.g.
                  session,ts,page
                  v1,1700000000000,4
                  v1,1700000004100,5
                touches: one row per touch sample (session, time, action, x, y), e.g.
                  session,t,action,x,y
                  s1,1000,down,900,1200
                  s1,1170,up,290,1231
                See `deckbench import pageviews --help`, `deckbench import touches --help` and docs/IMPORT.md.
                """,
            subcommands: [PageViews.self, Touches.self]
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
                its session (file:line: reason on stderr) and the rest go on. A file whose changes of page are \
                under 100 ms or over 10 minutes apart on the median is in another --time-unit \
                (seconds read as ms): refused, exit 65, the unit that fits named. What a page-view log cannot \
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

        @Option(help: ArgumentHelp("How pages are written: index (a whole number) or date (YYYY-MM-DD, a day-by-day pager).", valueName: "kind"))
        var pageKind: String = PageViewFields.PageKind.index.rawValue

        @Option(parsing: .unconditional, help: "Drag time assumed for a swipe, ms.")
        var swipeMs = PageViewConversion.defaultSwipeMs

        @Option(parsing: .unconditional, help: "First page with data (default: the lowest page each session viewed).")
        var first: Int?

        @Option(parsing: .unconditional, help: "Last page with data (default: the highest page each session viewed).")
        var last: Int?

        @OptionGroup var options: ImportOptions

        /// The importer the flags describe, made by `validate()`.
        private var importer = Parsed<PageViewImport>()

        mutating func validate() throws {
            guard let kind = PageViewFields.PageKind(rawValue: pageKind) else {
                throw ValidationError("--page-kind must be one of \(PageViewFields.PageKind.allCases.map(\.rawValue).joined(separator: ", ")) (got \(pageKind))")
            }
            guard (0 ... 600_000).contains(swipeMs) else { throw ValidationError("--swipe-ms must be from 0 to 600000 (got \(swipeMs))") }
            if let first, let last, first > last { throw ValidationError("--first \(first) is after --last \(last)") }
            importer.set(PageViewImport(
                sessionColumn: session, timeColumn: time, pageColumn: page, userColumn: options.user,
                fields: PageViewFields(timeUnit: try options.unit, pageKind: kind),
                conversion: PageViewConversion(swipeMs: swipeMs, dwellMs: options.dwellMs, first: first, last: last)))
        }

        func run() throws {
            let importer = try importer.get()
            try options.importFiles(files) { try importer.run($0, into: $1) }
        }
    }
}

extension DeckBenchCommand.Import {
    /// `deckbench import touches`: raw touch streams to v1 recordings.
    struct Touches: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "touches",
            abstract: "Make v1 recordings from raw touch streams (one row per touch sample).",
            discussion: """
                One row per touch sample, sorted by session and time, for example (Android MotionEvent actions by \
                name or number: down 0, up 1, move 2, cancel 3; other actions are skipped):

                  session,t,action,x,y
                  s1,1000,down,900,1200
                  s1,1016,move,850,1204
                  s1,1160,move,300,1230
                  s1,1170,up,290,1231

                deckbench import touches touches.csv --columns session,t,action,x,y --width 1080 --dpi 420 --out recordings

                Each stroke (down to up) is a tap when it stays within the touch slop (8 dp; a tap on the left \
                half steps back, on the right half forward), a scroll when it moves mostly vertically, else a \
                swipe: committed when dragged past --commit-fraction of the page width or flung (over 25 dp at \
                400 dp/s or more towards the new page), cancelled otherwise. Thresholds and their sources: \
                docs/IMPORT.md.
                """
        )

        @Argument(help: ArgumentHelp("Touch streams: .csv (a header row) or .jsonl / .ndjson.", valueName: "file"))
        var files: [String]

        @Option(help: ArgumentHelp("The columns of the session id, the time, the action, x and y, in that order.", valueName: "columns"))
        var columns: String

        @Option(parsing: .unconditional, help: "The page's width on screen, pixels.")
        var width = TouchImport.defaultWidthPx

        @Option(parsing: .unconditional, help: "The screen's density, dots per inch (160: a pixel is a dp).")
        var dpi = TouchImport.defaultDpi

        @Option(parsing: .unconditional, help: "Touch slop, dp: a stroke that stays within it is a tap.")
        var touchSlopDp = TouchThresholds().touchSlopDp

        @Option(parsing: .unconditional, help: "Share of the page width a swipe must be dragged past to commit (ViewPager2 0.5, ViewPager 0.6).")
        var commitFraction = TouchThresholds().commitFraction

        @Option(parsing: .unconditional, help: "Release velocity that commits a swipe as a fling, dp/s.")
        var flingDpPerS = TouchThresholds().flingVelocityDpPerSecond

        @Option(parsing: .unconditional, help: "Distance a fling must have moved, dp.")
        var flingDistanceDp = TouchThresholds().flingDistanceDp

        @Option(parsing: .unconditional, help: "Page shown at t = 0.")
        var page = 0

        @Option(parsing: .unconditional, help: "First page with data (default: page - 1000000).")
        var first: Int?

        @Option(parsing: .unconditional, help: "Last page with data (default: page + 1000000).")
        var last: Int?

        @OptionGroup var options: ImportOptions

        /// The importer the flags describe, made by `validate()`.
        private var importer = Parsed<TouchImport>()

        mutating func validate() throws {
            let names = columns.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard names.count == 5, !names.contains(where: \.isEmpty) else {
                throw ValidationError("--columns must name 5 columns: session,time,action,x,y (got \"\(columns)\")")
            }
            guard width > 0, width.isFinite else { throw ValidationError("--width must be more than 0 pixels (got \(width))") }
            guard dpi > 0, dpi.isFinite else { throw ValidationError("--dpi must be more than 0 (got \(dpi))") }
            guard touchSlopDp >= 0, flingDpPerS >= 0, flingDistanceDp >= 0 else { throw ValidationError("thresholds must not be negative") }
            guard commitFraction > 0, commitFraction <= 1 else { throw ValidationError("--commit-fraction must be in (0, 1] (got \(commitFraction))") }
            let (low, high) = (first ?? page - 1_000_000, last ?? page + 1_000_000)
            guard low <= page, page <= high else { throw ValidationError("--page \(page) must lie within --first \(low) … --last \(high)") }
            var thresholds = TouchThresholds()
            thresholds.touchSlopDp = touchSlopDp
            thresholds.commitFraction = commitFraction
            thresholds.flingVelocityDpPerSecond = flingDpPerS
            thresholds.flingDistanceDp = flingDistanceDp
            importer.set(TouchImport(columns: (names[0], names[1], names[2], names[3], names[4]), timeUnit: try options.unit,
                                     widthPx: width, dpi: dpi, thresholds: thresholds, page: page, first: low, last: high,
                                     dwellMs: options.dwellMs, userColumn: options.user))
        }

        func run() throws {
            let importer = try importer.get()
            try options.importFiles(files) { try importer.run($0, into: $1) }
        }
    }
}
