import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// `deckbench import pageviews`: hand-made logs whose recordings are worked out here, bad rows,
/// and generated sessions written out as page views and imported back.
@Suite struct PageViewImportTests {
    private func folder() -> String {
        let path = TestScratch.directory + "deckbench-import-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func lines(_ path: String) throws -> [String] {
        let reader = RecordingReader(path: path)
        var text: [String] = []
        for item in reader {
            guard case let .session(session) = item else { continue }
            var buffer: [UInt8] = []
            RecordingEncoder.append(session, to: &buffer)
            text += String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        return text
    }

    @Test func aHandMadeLogBecomesTheRecordingWorkedOutByHand() throws {
        let dir = folder()
        let input = dir + "/views.csv"
        try """
        session,ts,day
        u1,2026-11-02T08:15:00.000Z,2026-11-02
        u1,2026-11-02T08:15:04.100Z,2026-11-03
        u1,2026-11-02T08:15:09.900Z,2026-10-28
        u1,2026-11-02T08:15:12Z,2026-10-28
        u2,2026-11-02T09:00:00Z,2026-11-05
        u2,2026-11-02T09:00:01Z,not-a-date
        u3,2026-11-02T10:00:00Z,2026-11-05
        u3,2026-11-02T10:00:00.200Z,2026-11-04

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let importer = PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "day",
                                      fields: PageViewFields(timeUnit: .iso8601, pageKind: .date))
        let report = try importer.run(input, into: dir + "/out")
        // 2026-11-02 is day 20,759 since 1970-01-01. u1: the next day 4.1 s in is a swipe of 300 ms
        // ending then (starting at 3,800); 2026-10-28, five days back, a jump at 9,900; the same
        // day again nothing; the end 10 s after the last view (12,000 + 10,000).
        // u3: the previous day 200 ms in, a swipe shortened to the 200 ms since the first view.
        #expect(try lines(report.output) == [
            #"{"v":1,"session":"u1","page":20759,"first":20754,"last":20760}"#,
            #"{"t":3800,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":9900,"e":"jump","page":20754}"#,
            #"{"t":22000,"e":"end"}"#,
            #"{"v":1,"session":"u3","page":20762,"first":20761,"last":20762}"#,
            #"{"t":0,"e":"swipe","dir":"prev","dur":200}"#,
            #"{"t":10200,"e":"end"}"#,
        ])
        #expect(report.rows == 8 && report.sessions == 2 && report.swipes == 2 && report.jumps == 1)
        #expect(report.rejectedSessions == 1 && report.rejectedRows == 2)
        #expect(report.rejects == ["\(input):7: session \"u2\" rejected: page \"not-a-date\" in column \"day\" is not a date YYYY-MM-DD"])
        // Rows out of order name their times as written, not as epoch milliseconds.
        let unsorted = dir + "/unsorted.csv"
        try "session,ts,day\nu1,2026-11-02T08:15:04.100Z,2026-11-02\nu1,2026-11-02T08:15:00Z,2026-11-03\nu2,2026-11-02T09:00:00Z,2026-11-02\n"
            .write(toFile: unsorted, atomically: true, encoding: .utf8)
        #expect(try importer.run(unsorted, into: dir + "/unsorted").rejects == [#"\#(unsorted):3: session "u1" rejected: time "2026-11-02T08:15:00Z" in column "ts" is before the previous view's "2026-11-02T08:15:04.100Z" (sort the rows by session and time)"#])
        // The same log as a SQL warehouse exports it (`2026-11-02 08:15:04.100000 UTC`), and with
        // local times without a zone: the same recording.
        let original = try String(contentsOfFile: input, encoding: .utf8)
        let exported = original.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z,", with: " UTC,")
        let zoneless = original.replacingOccurrences(of: "Z,", with: ",")
        for (name, text) in [("exported", exported), ("zoneless", zoneless)] {
            #expect(text != original)
            try text.write(toFile: dir + "/\(name).csv", atomically: true, encoding: .utf8)
            let again = try importer.run(dir + "/\(name).csv", into: dir + "/\(name)")
            #expect(try lines(again.output) == lines(report.output) && again.rejectedRows == 2, "\(name)")
        }
    }

    /// A log of no row gives a recording of none: one empty zstd frame, which zstd reads as no
    /// bytes (an empty file is "unexpected end of file" to it). A log whose every session is
    /// rejected is refused instead, nothing written: a recording an earlier import left there
    /// (before a flag was forgotten, most often) is not replaced by an empty one.
    @Test func noSessionLeftIsAnEmptyFrameNotAnEmptyFile() throws {
        let dir = folder()
        let input = dir + "/views.csv"
        let importer = PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "day")
        /// The refusal of `text` imported, nil when it imports.
        func refusal(_ text: String) throws -> String? {
            try text.write(toFile: input, atomically: true, encoding: .utf8)
            do {
                _ = try importer.run(input, into: dir + "/out")
                return nil
            } catch let refusal as ImportRefusal {
                return refusal.description
            }
        }
        #expect(try refusal("session,ts,day\nu1,not-a-time,3\n") == "\(input): its one session could be imported (the first "
            + "rejected at line 2: time \"not-a-time\" in column \"ts\" is not a number of ms); nothing was written for it")
        #expect(!FileManager.default.fileExists(atPath: ImportOutput.path(of: input, in: dir + "/out")))
        // Rows rejected each on its own (no session id) are refused alike.
        #expect(try refusal("session,ts,day\n,1000,3\n,2000,4\n") == "\(input): none of its 2 rows could be imported (the first: 2: row "
            + "rejected: no session id in column \"session\"); nothing was written for it")
        try "session,ts,day\n".write(toFile: input, atomically: true, encoding: .utf8)
        let report = try importer.run(input, into: dir + "/out")
        #expect(report.sessions == 0 && report.rows == 0)
        let bytes = try #require(FileManager.default.contents(atPath: report.output))
        // The frame's magic number, its header, an empty last block and the checksum.
        #expect(Array(bytes.prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD] && bytes.count < 32)
        var items = 0
        let reader = RecordingReader(path: report.output)
        for _ in reader { items += 1 }
        #expect(items == 0)
    }

    /// Times read in the wrong unit make views no person could make: seconds read as ms put
    /// changes of page a few ms apart, µs read as ms hours apart. The median time between a
    /// session's consecutive changes of page decides, at its bounds (100 ms and 10 minutes
    /// accepted, a millisecond past refused), on skewed data (a few long gaps do not make short
    /// ones plausible), and the file is refused whole: nothing is written, not even a partial
    /// recording. Fewer than ten intervals only warn; a view of the page already shown (a tag
    /// that fires twice) is no change of page.
    @Test func viewsNoPersonCouldMakeAreRefusedWithTheUnitThatFits() throws {
        let dir = folder()
        func log(_ name: String, _ gaps: [Int], start: Int = 1_700_000_000, scale: Int = 1, twice: Bool = false) throws -> String {
            var time = start * scale
            var rows = ["session,ts,page", "a,\(time),0"]
            for (index, gap) in gaps.enumerated() {
                time += gap * scale
                rows.append("a,\(time),\(index % 2 == 0 ? 1 : 0)")
                if twice { rows.append("a,\(time + 5 * scale),\(index % 2 == 0 ? 1 : 0)") }
            }
            let path = dir + "/\(name).csv"
            try (rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        func imported(_ path: String, unit: LogTime.Unit = .ms) -> (refusal: String?, warnings: [String]) {
            do {
                let report = try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page",
                                                fields: PageViewFields(timeUnit: unit)).run(path, into: dir + "/out")
                return (nil, report.warnings)
            } catch let refusal as ImportRefusal {
                return (refusal.description, [])
            } catch {
                return ("unexpected \(error)", [])
            }
        }
        func refusal(_ path: String, unit: LogTime.Unit = .ms) -> String? { imported(path, unit: unit).refusal }
        // Skewed both ways, eleven intervals: the median is the sixth, not the mean nor the first.
        #expect(imported(try log("low-edge", [5, 100, 9_000_000, 7, 100, 100, 400, 100, 3, 100, 500_000])) == (nil, []))
        #expect(imported(try log("high-edge", [600_000, 50, 600_000, 900_000_000, 600_000, 50, 600_000, 50, 600_000, 50, 50])) == (nil, []))
        let below = try log("below", [5, 99, 9_000_000, 7, 99, 99, 400, 99, 3, 99, 500_000])
        #expect(refusal(below) == "\(below): the median time between a session's consecutive changes of page is under 100 ms read as ms (about "
            + "99 ms, over 11 intervals): a person's are 100 ms to 10 minutes apart on the median; read as seconds it is about 99000 ms: "
            + "give --time-unit s; nothing was written for it")
        #expect(!FileManager.default.fileExists(atPath: ImportOutput.path(of: below, in: dir + "/out")))
        #expect(refusal(try log("above", [600_001, 50, 600_001, 900_000_000, 600_001, 50, 600_001, 50, 600_001, 50, 50]))?
            .contains("is over 10 minutes read as ms (about 600001 ms, over 11 intervals)") == true)
        // Seconds as ms, µs as ms, ns as µs: each names the unit that reads it as a person's pace.
        let seconds = [4, 12, 3, 30, 7, 5, 9, 2, 6, 8]
        #expect(refusal(try log("seconds", seconds))?.contains("read as seconds it is about 6000 ms: give --time-unit s") == true)
        #expect(refusal(try log("micro", seconds, start: 1_700_000, scale: 1_000_000))?
            .contains("is over 10 minutes read as ms (about 6000000 ms, over 10 intervals): a person's are 100 ms to 10 minutes apart on the median; read as µs it is about 6000 ms: give --time-unit us") == true)
        let nano = try log("nano", seconds, start: 1_700_000, scale: 1_000_000_000)
        #expect(refusal(nano, unit: .us)?.contains("read as ns it is about 6000 ms: give --time-unit ns") == true)
        #expect(imported(nano, unit: .ns) == (nil, []))
        // A tag that fires twice, 5 ms apart: the repeat is no change of page, and the pace is the person's.
        #expect(imported(try log("twice", Array(repeating: 1_500, count: 12), twice: true)) == (nil, []))
        // No unit makes a median of 0 a person's: the message says what else it may be (the
        // median is the sixth of eleven, the last 0).
        let zero = try log("zero", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0])
        #expect(refusal(zero) == "\(zero): 6 of the 11 times between a session's consecutive changes of page are 0: the times are not "
            + "when they happened (an upload's or a batch's time?), or are cut to a unit coarser than a person's pace (whole seconds, "
            + "minutes); check the time column; nothing was written for it")
        // Five zeros of eleven: the median is 1 ms, and ns, the finest unit, cannot make it a person's.
        #expect(refusal(try log("five", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]))?.contains("is under 100 ms read as ms (about 1 ms") == true)
        // Views 10 ms apart written in seconds: no unit is coarser, so none is named.
        let fast = dir + "/fast.csv"
        try (["session,ts,page"] + (0 ... 11).map { "a,\(1000 + Double($0) / 100),\($0 % 2)" }).joined(separator: "\n")
            .write(toFile: fast, atomically: true, encoding: .utf8)
        #expect(refusal(fast, unit: .s)?.hasSuffix("check the unit the times are written in, and leave out of the export sessions that "
            + "are no person's (a test's, a crawler's); nothing was written for it") == true)
        // Views 0.1 ms apart, written as decimals: read as seconds they are 100 ms, at the bound,
        // though 0.2 − 0.1 is not a tenth in binary; 99.999 ms is said with the digits that put it
        // under the bound.
        let tenth = dir + "/tenth.csv"
        try (["session,ts,page"] + (0 ... 10).map { "a,\(1000 + Double($0) / 10),\($0 % 2)" }).joined(separator: "\n")
            .write(toFile: tenth, atomically: true, encoding: .utf8)
        #expect(refusal(tenth)?.contains("read as seconds it is about 100 ms: give --time-unit s") == true)
        #expect(refusal(try log("hair", Array(repeating: 99_999, count: 11), scale: 1), unit: .us)?
            .contains("is under 100 ms read as µs (about 99.999 ms, over 11 intervals)") == true)
        // Under ten intervals: written, with a warning.
        let few = imported(try log("few", [4, 12, 3, 30, 7]))
        #expect(few.refusal == nil && few.warnings.count == 1 && few.warnings[0].contains("(about 7 ms, over 5 intervals)")
            && few.warnings[0].hasSuffix("give --time-unit s (too few to refuse the file)"), "\(few)")
        // One view a session gives no interval to judge; dates and times leave no unit in doubt.
        let single = dir + "/single.csv"
        try "session,ts,page\na,1,0\nb,2,0\nc,3,1\n".write(toFile: single, atomically: true, encoding: .utf8)
        #expect(imported(single) == (nil, []))
        let iso = dir + "/iso.csv"
        try "session,ts,page\na,2026-11-02T08:15:00.000Z,0\na,2026-11-02T08:15:00.010Z,1\n".write(toFile: iso, atomically: true, encoding: .utf8)
        #expect(imported(iso, unit: .iso8601) == (nil, []))
        // Unless most of their intervals are 0 (times cut to the minute): no unit makes that a pace either.
        let minutes = dir + "/minutes.csv"
        try (["session,ts,page"] + (0 ... 11).map { "a,2026-11-02T08:15:00Z,\($0 % 2)" }).joined(separator: "\n")
            .write(toFile: minutes, atomically: true, encoding: .utf8)
        #expect(refusal(minutes, unit: .iso8601)?.contains(": 11 of the 11 times between a session's consecutive changes of page are 0: ") == true)
        // Epoch µs read as ms are past 10¹⁵ ms: when most sessions are rejected so, the file is refused naming µs.
        let epoch = dir + "/epoch.csv"
        try "session,ts,page\na,1700000000000243,0\na,1700000004000243,1\nb,1700000100000000,2\nc,5,1\nc,1500,2\n"
            .write(toFile: epoch, atomically: true, encoding: .utf8)
        #expect(refusal(epoch) == "\(epoch): 2 of 3 sessions have times past 10¹⁵ ms read as ms (the first at line 2: \"1700000000000243\"), "
            + "which read as µs: give --time-unit us; nothing was written for it")
    }

    /// A CSV row with more fields than the header (a number written `3,900`) or fewer is a row
    /// rejected with why, not read shifted; spaces around a field are not part of it; a page
    /// written as a whole decimal number (`4.0`, as pandas writes one) is that page.
    @Test func rowsTheHeaderDoesNotHoldAreRejectedWithWhy() throws {
        let dir = folder()
        let input = dir + "/views.csv"
        // a: a row between its rows does not read, which rejects it (left out, its neighbours' swipes
        // would be a jump); b's first row is cut short but names b, which it rejects as well (its
        // first view left out would move where b starts); a row cut short that names no session is
        // a row of its own; c has a page that is no whole number; d reads (pages `4.0`, ` 5e0 `).
        try "session,ts,page\na,1000,4\na,3,900,5\na,9000,6\nb,1000\nb,1000,4.0\nb,5000,5\n,1000\nc,12000,4.5\nd,1000,4.0\nd, 5000 ,5e0\n"
            .write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page").run(input, into: dir)
        #expect(report.rejects == [
            "\(input):3: session \"a\" rejected: a row of it does not read: 4 fields where the header has 3: a comma in an unquoted field?",
            "\(input):5: session \"b\" rejected: a row of it does not read: 2 fields where the header has 3: a row cut short",
            "\(input):8: row rejected: 2 fields where the header has 3: a row cut short",
            "\(input):9: session \"c\" rejected: page \"4.5\" in column \"page\" is not a whole number",
        ], "\(report.rejects)")
        #expect(report.rows == 10 && report.sessions == 1 && report.swipes == 1 && report.rejectedRows == 8)
        // A session's last row that does not read but names it rejects it too.
        let last = dir + "/last.csv"
        try "session,ts,page\ne,1000,1\ne,2000,2\ne,3000\nf,1000,1\nf,2000,2\n".write(toFile: last, atomically: true, encoding: .utf8)
        let lastReport = try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page").run(last, into: dir)
        #expect(lastReport.rejects == ["\(last):4: session \"e\" rejected: a row of it does not read: 2 fields where the header has 3: a row cut short"])
        #expect(lastReport.sessions == 1 && lastReport.rejectedRows == 3)
        #expect(PageViewFields().page("4.0", column: "p") == .success(4) && PageViewFields().page("-2e1", column: "p") == .success(-20))
        #expect(PageViewFields().page("1e13", column: "p") == .failure(.badPage("1e13", .index, column: "p")))
    }

    @Test func rowsOutOfOrderRejectTheirSessionAndTheRestGoOn() throws {
        let dir = folder()
        let input = dir + "/log.jsonl"
        try """
        {"sid":"a","t":1000,"p":3}
        {"sid":"a","t":900,"p":4}
        {"sid":"b","t":5000,"p":1}
        {"sid":"b","t":5600,"p":2}
        not json
        {"sid":"c","t":1.5,"p":7}
        {"sid":"b","t":7000,"p":3}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "sid", timeColumn: "t", pageColumn: "p").run(input, into: dir)
        #expect(report.rejects == [
            "\(input):2: session \"a\" rejected: time \"900\" in column \"t\" is before the previous view's \"1000\" (sort the rows by session and time)",
            "\(input):5: row rejected: not JSON: invalid value around character 1 (JSON lines hold one object a line)",
            "\(input):7: 1 row rejected: rows of session \"b\" appear again after other sessions (its first at line 3, dealt with there); sort the rows by session and time",
        ])
        // b's first run of rows and c are kept (a decimal millisecond rounds).
        #expect(try lines(report.output) == [
            #"{"v":1,"session":"b","page":1,"first":1,"last":2}"#,
            #"{"t":300,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":10600,"e":"end"}"#,
            #"{"v":1,"session":"c","page":7,"first":7,"last":7}"#,
            #"{"t":10000,"e":"end"}"#,
        ])
        #expect(throws: LogRows.Failure.self) {
            let csv = dir + "/nocolumn.csv"
            try "session,time\nx,1\n".write(toFile: csv, atomically: true, encoding: .utf8)
            _ = try PageViewImport(sessionColumn: "session", timeColumn: "time", pageColumn: "page").run(csv, into: dir)
        }
    }

    /// A space after a closing quote in the header keeps CSV's field open: the rows after it are
    /// read into the header's first name, and the message says so, the name's line breaks written
    /// as `\n` and its length cut, not the file's rows on the terminal.
    @Test func aQuoteLeftOpenInTheHeaderIsSaid() throws {
        let dir = folder()
        let input = dir + "/quote.csv"
        try "\"session_id\" ,ts,page\ns0,1000,0\ns0,2000,1\ns1,1000,0\n".write(toFile: input, atomically: true, encoding: .utf8)
        let failure = #expect(throws: LogRows.Failure.self) {
            _ = try PageViewImport(sessionColumn: "session_id", timeColumn: "ts", pageColumn: "page").run(input, into: dir)
        }
        let said = failure?.description ?? ""
        #expect(said.hasPrefix("\(input): no column \"session_id\" in the header (\""), "\(said)")
        #expect(!said.contains("\n") && said.contains("\\n") && said.contains("…\""), "\(said)")
        #expect(said.hasSuffix("; a name of the header runs over 4 lines: a quote in it is not closed right before a comma "
            + "(a space after a closing quote keeps the field open), so the rows after it were read into it"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/quote.jsonl.zst"))
    }

    /// A file whose rows come back to their sessions as often as they are read with them, or ten
    /// times and a tenth as often, is not grouped by session (sorted by time): refused, not
    /// written as sessions cut short with a reject a row. Fewer rows coming back are stray rows,
    /// rejected as rows.
    @Test func rowsNotGroupedBySessionAreRefusedAtTheBoundary() throws {
        let dir = folder()
        func imported(_ name: String, _ rows: [String]) throws -> Result<ImportReport, ImportRefusal> {
            try (["session,ts,page"] + rows).joined(separator: "\n").appending("\n").write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            do {
                return .success(try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page").run(dir + "/" + name, into: dir))
            } catch let refusal as ImportRefusal {
                return .failure(refusal)
            }
        }
        // a, b, a, b: 2 back against 2 read with their session.
        guard case let .failure(refusal) = try imported("bytime.csv", ["a,1000,1", "b,1000,1", "a,5000,2", "b,5000,2"]) else {
            Issue.record("a file sorted by time was imported")
            return
        }
        #expect(refusal.reason == "2 of its 4 rows come back to a session after other sessions' rows, against 2 read with their "
            + "session's: the rows are not grouped by session (sorted by time?); sort them by session, then time, the header kept first")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bytime.jsonl.zst"))
        // One more read with its session: 2 against 3, under ten back: stray rows.
        if case let .success(report) = try imported("stray.csv", ["a,1000,1", "b,1000,1", "a,5000,2", "b,5000,2", "c,1,1"]) {
            #expect(report.sessions == 3 && report.rejectedRows == 2)
        } else {
            Issue.record("two stray rows refused the file")
        }
        // Twenty sessions of five rows, then ten of them one row again: 10 back against 100.
        let grouped = (0 ..< 20).flatMap { session in (1 ... 5).map { "s\(session),\($0 * 1_000),\($0)" } }
        let back = (0 ..< 10).map { "s\($0),9000,9" }
        if case let .failure(refusal) = try imported("tenth.csv", grouped + back) {
            #expect(refusal.reason.hasPrefix("10 of its 110 rows come back to a session after other sessions' rows, against 100 read"))
        } else {
            Issue.record("a tenth of rows back was imported")
        }
        // One more row read with its session: 10 against 101, the ten rejected as rows.
        if case let .success(report) = try imported("fewer.csv", grouped + back + ["z,1,1"]) {
            #expect(report.sessions == 21 && report.rejectedRows == 10 && report.rejects.count == 10)
        } else {
            Issue.record("10 of 111 rows back refused the file")
        }
    }

    /// Rows that do not read, a row with no session id among them, belong to the session on both
    /// sides of them, in a run as alone; between two sessions they are rows of their own, said
    /// after the session before them, in line order.
    @Test func rowsThatDoNotReadAreSaidInLineOrder() throws {
        let dir = folder()
        let input = dir + "/runs.csv"
        try """
        session,ts,page
        s1,1000,1
        s1,3000,2
        s2,1000,1
        s2,2000,x
        ,5,5
        s3,1000,1
        ,7,7
        s3,1500,3,9
        s3,2000,2

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page").run(input, into: dir)
        #expect(report.rejects == [
            "\(input):5: session \"s2\" rejected: page \"x\" in column \"page\" is not a whole number",
            "\(input):6: row rejected: no session id in column \"session\"",
            "\(input):8: session \"s3\" rejected: a row of it does not read: no session id in column \"session\"",
        ], "\(report.rejects)")
        #expect(report.sessions == 1 && report.rows == 9 && report.rejectedRows == 7)
    }

    /// Past `rejectsKept`, rejects are counted, not kept: a file with a bad row in each of 25
    /// sessions keeps the first 20.
    @Test func rejectsPastTheFirstTwentyAreCounted() throws {
        let dir = folder()
        var text = "session,ts,page\n"
        for session in 0 ..< 25 { text += "s\(session),1000,1\ns\(session),x,2\n" }
        text += "good,1000,1\ngood,3000,2\n"
        try text.write(toFile: dir + "/many.csv", atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "session", timeColumn: "ts", pageColumn: "page").run(dir + "/many.csv", into: dir)
        #expect(report.rejectedSessions == 25 && report.rejects.count == ImportReport.rejectsKept && report.rejectsLeftOut == 5)
        #expect(report.rejects.last?.hasPrefix(dir + "/many.csv:41: session \"s19\" rejected: ") == true, "\(report.rejects)")
        #expect(report.sessions == 1)
    }

    /// A JSON session or user id that is a Boolean, an array or an object is no id: every session
    /// holding one would be one session. Its row does not read, so its session is rejected.
    @Test func aJSONIdThatIsNoTextNorNumberIsNoId() throws {
        let dir = folder()
        let input = dir + "/ids.JSONL"
        try """
        {"sid":{"id":"a"},"t":1000,"p":1}
        {"sid":{"id":"a"},"t":2000,"p":2}
        {"sid":7,"t":1000,"p":1}
        {"sid":7.0,"t":2000,"p":2}
        {"sid":true,"t":1000,"p":1}
        {"sid":"b","t":1000,"p":1,"u":["x"]}
        {"sid":"b","t":2000,"p":2,"u":["x"]}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "sid", timeColumn: "t", pageColumn: "p", userColumn: "u").run(input, into: dir)
        #expect(report.rejects == [
            "\(input):1: row rejected: \"sid\" holds an object where an id belongs (text or a number)",
            "\(input):2: row rejected: \"sid\" holds an object where an id belongs (text or a number)",
            "\(input):5: row rejected: \"sid\" holds a Boolean where an id belongs (text or a number)",
            "\(input):6: row rejected: \"u\" holds an array where an id belongs (text or a number)",
            "\(input):7: row rejected: \"u\" holds an array where an id belongs (text or a number)",
        ], "\(report.rejects)")
        #expect(report.sessions == 1 && report.output == dir + "/ids.jsonl.zst")
        // One number, one id, however JSON writes it: 7 and 7.0 were one session above.
        let numbers = try #require(try JSONSerialization.jsonObject(with: Data("[7, 7.0, 1e3, 1000, -0, 1.5, 2e19, -12]".utf8)) as? [NSNumber])
        #expect(numbers.map(LogRows.text(of:)) == ["7", "7", "1000", "1000", "0", "1.5", numbers[6].stringValue, "-12"])
    }

    /// JSON lines have keys, not a header: a key no object holds is said so, with the first
    /// object's keys; an array or object where a page belongs is said in plain ASCII.
    @Test func aJSONKeyMissingIsNamedAsAKey() throws {
        let dir = folder()
        let input = dir + "/keys.jsonl"
        try """
        {"sid":"a","t":1000,"p":3}
        {"sid":"a","t":1900,"p":[4]}
        {"sid":"b","t":5000,"p":1}
        {"sid":"b","t":5600,"p":2}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "sid", timeColumn: "t", pageColumn: "p").run(input, into: dir)
        #expect(report.rejects == ["\(input):2: session \"a\" rejected: page \"[...]\" in column \"p\" is not a whole number"], "\(report.rejects)")
        let failure = #expect(throws: LogRows.Failure.self) {
            _ = try PageViewImport(sessionColumn: "sid", timeColumn: "t", pageColumn: "page").run(input, into: dir)
        }
        #expect(failure?.description == "\(input): no key \"page\" in any object (the first holds \"p\", \"sid\", \"t\")")
    }

    /// A `--user` column names each session's user on its line; an empty cell names no one; a
    /// session whose rows name two users is rejected at the first row naming the second.
    @Test func aUserColumnNamesEachSessionsUser() throws {
        let dir = folder()
        let input = dir + "/views.csv"
        try """
        session,who,t,p
        a,ann,0,1
        a,,500,2
        b,bob,0,5
        b,eve,400,6
        c,,0,9

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "session", timeColumn: "t", pageColumn: "p", userColumn: "who").run(input, into: dir)
        #expect(report.rejects == [#"\#(input):5: session "b" rejected: its rows name two users, "bob" and "eve""#])
        #expect(try lines(report.output) == [
            #"{"v":1,"session":"a","page":1,"first":1,"last":2,"user":"ann"}"#,
            #"{"t":200,"e":"swipe","dir":"next","dur":300}"#,
            #"{"t":10500,"e":"end"}"#,
            #"{"v":1,"session":"c","page":9,"first":9,"last":9}"#,
            #"{"t":10000,"e":"end"}"#,
        ])
        #expect(throws: LogRows.Failure.self) {
            _ = try PageViewImport(sessionColumn: "session", timeColumn: "t", pageColumn: "p", userColumn: "user").run(input, into: dir)
        }
    }

    /// Generated sessions (swipes, cancels, taps, jumps, overlaps) written out as the pages they
    /// showed, in the order they were shown, import back to navigations to the same pages.
    @Test func generatedSessionsRoundTripThroughPageViews() throws {
        let dir = folder()
        let generator = SessionGenerator(seed: 21)
        var csv = "session,time_ms,page\n"
        var shownBySession: [String: [Int]] = [:]
        var order: [String] = []
        for index in 0 ..< 150 {
            let session = generator.session(index)
            var heading = session.page
            var views: [(ms: Int, page: Int)] = [(0, session.page)]
            for event in session.events {
                if case let .navigation(target, _, commitMs, _) = Step.of(event, from: heading, in: session) {
                    views.append((commitMs, target))
                    heading = target
                }
            }
            views.sort { $0.ms < $1.ms }
            var shown: [Int] = []
            for view in views where view.page != shown.last { shown.append(view.page) }
            shownBySession[session.id] = shown
            order.append(session.id)
            for view in views { csv += "\(session.id),\(1_700_000_000_000 + view.ms),\(view.page)\n" }
        }
        try csv.write(toFile: dir + "/generated.csv", atomically: true, encoding: .utf8)
        let report = try PageViewImport(sessionColumn: "session", timeColumn: "time_ms", pageColumn: "page").run(dir + "/generated.csv", into: dir)
        #expect(report.rejects.isEmpty)
        #expect(report.sessions == 150)
        var imported: [String] = []
        for item in RecordingReader(path: report.output) {
            guard case let .session(session) = item else {
                Issue.record("the reader rejected an imported session: \(item)")
                continue
            }
            imported.append(session.id)
            var heading = session.page
            var shown = [session.page]
            for event in session.events {
                if case let .navigation(target, _, _, _) = Step.of(event, from: heading, in: session) {
                    shown.append(target)
                    heading = target
                }
            }
            #expect(shown == shownBySession[session.id], "\(session.id)")
        }
        #expect(imported == order)
    }
}
