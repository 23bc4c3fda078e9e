import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// A RUM export read by named columns: times to first byte and receive times from start, first
/// byte and end; failed, redirected and filtered rows counted; a bad row named by file and line.
@Suite struct RequestTimingsTests {
    @Test func readsRowsAndNamesTheBadOnes() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/rum.csv"
        try """
            start,ttfb,end,size,code,url
            1000,1180,1250,12000,200,https://a/api/1
            2000,2150,2300,,200,https://a/api/2
            3000,3000,3000,0,0,https://a/api/3
            4000,4100,x,10,200,https://a/api/4
            5000,5090,5120,9000,200,https://cdn/x
            6000,6200,6100,9000,200,https://a/api/6
            7000,7100,7300,500,301,https://a/api/7

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let rows = try RequestTimings(path: path, columns: try #require(RequestTimings.Columns("start,ttfb,end,size,code,url")),
                                      filter: try NSRegularExpression(pattern: "/api/"))
        #expect(rows.requests == [RecordedRequest(firstByteMs: 180, receiveMs: 70, bytes: 12_000),
                                  RecordedRequest(firstByteMs: 150, receiveMs: 150, bytes: nil)])
        #expect(rows.failed == 1 && rows.redirects == 1 && rows.filtered == 1)
        #expect(rows.rejects == ["\(path):5: start, first byte and end must be times (ms): end \"x\" is not a number of ms",
                                 "\(path):7: the first byte must come after the start and before the end"])
        #expect(RequestTimings.Columns("start,ttfb,end") == nil && RequestTimings.Columns("a,b,,d") == nil)
    }

    /// What is not rows is named as such, a fault of the file's content (exit 65), not of reading
    /// it: an empty CSV (no header row), a compressed one (zstd, gzip). Blank lines, a file's
    /// trailing ones too, are no rows (they were rejected as malformed); a JSON line's true or false
    /// in a number column is malformed (it was read as 1 or 0).
    @Test func whatIsNotRowsIsNamed() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let columns = try #require(RequestTimings.Columns("start,ttfb,end,size"))
        func fault(_ name: String, _ bytes: [UInt8]) -> (text: String, content: Bool)? {
            let path = folder + "/" + name
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            do { _ = try RequestTimings(path: path, columns: columns); return nil } catch {
                return ("\(error)", (error as? any InputContentFault)?.isContentFault == true)
            }
        }
        let empty = try #require(fault("empty.csv", []))
        #expect(empty.text == "\(folder)/empty.csv: is empty: a CSV starts with a header row naming its columns" && empty.content)
        let zstd = try #require(fault("rum.csv.zst", [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x58]))
        #expect(zstd.text.hasSuffix("rum.csv.zst: is zstd-compressed: CSV and JSON lines are read as plain text; decompress it first") && zstd.content)
        let gzip = try #require(fault("rum.jsonl.gz", [0x1F, 0x8B, 0x08, 0x00]))
        #expect(gzip.text.contains("is gzip-compressed") && gzip.content)
        let blank = folder + "/blank.csv"
        try "start,ttfb,end,size\n0,100,110,8192\n\n1000,1090,1100,4096\n\n\n".write(toFile: blank, atomically: true, encoding: .utf8)
        let rows = try RequestTimings(path: blank, columns: columns)
        #expect(rows.requests.count == 2 && rows.rejects.isEmpty, "\(rows.rejects)")
        let flags = folder + "/flags.jsonl"
        try #"{"start": 0, "ttfb": 100, "end": 110, "size": 8192}"# .appending("\n")
            .appending(#"{"start": true, "ttfb": 100, "end": 110, "size": 8192}"#).appending("\n")
            .write(toFile: flags, atomically: true, encoding: .utf8)
        let read = try RequestTimings(path: flags, columns: columns)
        #expect(read.requests.count == 1 && read.rejects == ["\(flags):2: start, first byte and end must be times (ms): start \"true\" is not a number of ms"], "\(read.rejects)")
        // A status or a size that is not a whole number is named; a status under 100 is a failure.
        let odd = folder + "/odd.csv"
        try "start,ttfb,end,size,code\n0,100,110,8192,abc\n0,100,110,1.5e3,200\n0,100,110,8192,-1\n0,100,110,8192,\n0,100,110,,200\n"
            .write(toFile: odd, atomically: true, encoding: .utf8)
        let coded = try RequestTimings(path: odd, columns: try #require(RequestTimings.Columns("start,ttfb,end,size,code")))
        #expect(coded.rejects == ["\(odd):2: the status must be a whole number, got \"abc\"", "\(odd):3: bytes must be a whole number, got \"1.5e3\""],
                "\(coded.rejects)")
        #expect(coded.failed == 1 && coded.requests == [RecordedRequest(firstByteMs: 100, receiveMs: 10, bytes: 8_192),
                                                        RecordedRequest(firstByteMs: 100, receiveMs: 10, bytes: nil)], "\(coded.requests)")
    }

    /// A header (or JSON lines' objects) that names the standard columns needs no `--columns`:
    /// each found in any case and with spaces around it, status and url each when named; JSON
    /// lines' keys are those of their first 10,000 objects (an export leaves out null fields), so a
    /// status missing from the first is still read. A name given twice, a missing one, an empty or
    /// compressed file give the reason instead. A line of JSON lines that is no JSON object is
    /// named as such, not as times that are missing.
    @Test func theStandardColumnsNeedNoNaming() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func detected(_ name: String, _ text: String) throws -> RequestTimings.Columns.Detection {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            return RequestTimings.Columns.detected(in: folder + "/" + name)
        }
        func named(_ name: String, _ text: String) throws -> [String]? { try detected(name, text).columns?.all }
        #expect(try named("plain.csv", "bytes,end,first_byte,start\n8192,110,100,0\n") == ["start", "first_byte", "end", "bytes"])
        #expect(try named("full.csv", "url,start,first_byte,end,bytes,status,extra\n") == ["start", "first_byte", "end", "bytes", "status", "url"])
        let urlOnly = try #require(try detected("url-only.csv", "start,first_byte,end,bytes,url\n").columns)
        #expect(urlOnly.status == nil && urlOnly.url == "url")
        #expect(try named("upper.csv", "START, First_Byte ,END,Bytes\n") == ["START", " First_Byte ", "END", "Bytes"])
        #expect(try detected("ttfb.csv", "start,ttfb,end,bytes\n") == .none(reason: #"its header ("start", "ttfb", "end", "bytes") names no first_byte"#))
        // JSON lines have keys; a quote left open in a header swallows the rows after it: each said.
        #expect(try detected("keys.jsonl", #"{"start":0,"first":1,"end":2,"bytes":3}"# + "\n")
            == .none(reason: #"its objects' keys ("bytes", "end", "first", "start") name no first_byte"#))
        #expect(try detected("quote.csv", "\"start\" ,first_byte,end,bytes\n0,1,2,3\n")
            == .none(reason: #"its header ("start\",first_byte,end,bytes\n0,1,2,3\n") names no start, first_byte, end, bytes; "#
                + "a name of the header runs over 2 lines: a quote in it is not closed right before a comma "
                + "(a space after a closing quote keeps the field open), so the rows after it were read into it"))
        // A spreadsheet's export separated by semicolons (or tabs) is one column to a CSV reader: said.
        let semicolons = "start;first_byte;end;bytes\n0;0,238;0,28;20000\n"
        #expect(try detected("semicolons.csv", semicolons) == .none(reason: #"its header ("start;first_byte;end;bytes") names no start, first_byte, end, bytes; that is one column, its name holding semicolons: the file separates its columns with semicolons, and is read as comma-separated (export it with commas)"#))
        func reason(_ detection: RequestTimings.Columns.Detection) -> String {
            if case let .none(reason) = detection { return reason }
            return ""
        }
        #expect(try reason(detected("tabs.csv", "start\tfirst_byte\tend\tbytes\n")).contains("its name holding tabs"))
        #expect(try !reason(detected("one.csv", "start\n")).contains("that is one column"))
        let failure = try #require(throws: LogRows.Failure.self) {
            try RequestTimings(path: folder + "/semicolons.csv",
                               columns: RequestTimings.Columns(start: "start", firstByte: "first_byte", end: "end", bytes: "bytes", status: nil, url: nil))
        }
        #expect(failure.description.hasSuffix("semicolons.csv: no column \"start\" in the header (\"start;first_byte;end;bytes\"); that is one column, its name holding semicolons: the file separates its columns with semicolons, and is read as comma-separated (export it with commas)"), "\(failure)")
        #expect(try detected("twice.csv", "start,Start,first_byte,end,bytes\n")
            == .none(reason: #"its columns name start twice ("start", "Start"): which one is meant?"#))
        #expect(try detected("same.csv", "start,first_byte,end,bytes,start\n")
            == .none(reason: #"its columns name start twice ("start", "start"): which one is meant?"#))
        #expect(try detected("empty.csv", "") == .none(reason: "is empty: a CSV starts with a header row naming its columns"))
        #expect(try named("rows.jsonl", "not json\n\n" + #"{"start": 0, "first_byte": 100, "end": 110, "bytes": 8192}"# + "\n"
            + #"{"start": 0, "first_byte": 100, "end": 110, "bytes": 8192, "status": 503}"# + "\n")
            == ["start", "first_byte", "end", "bytes", "status"])
        #expect(try detected("none.jsonl", "[1, 2]\nnot json\n") == .none(reason: "holds no JSON object"))
        // A status first written on the 150th object (an export leaves out null fields) is found.
        let late = (0 ..< 150).map { #"{"start": 0, "first_byte": 100, "end": 110, "bytes": 1"# + ($0 == 149 ? #", "status": 503}"# : "}") }
        #expect(try detected("late.jsonl", late.joined(separator: "\n") + "\n").columns?.status == "status")
        let dump = "is one JSON array, not JSON lines (one object a line: jq -c '.[]' writes them)"
        #expect(try detected("dump.json", #"[{"start": 0, "first_byte": 100, "end": 110, "bytes": 1}]"# + "\n") == .none(reason: dump))
        #expect(try detected("pretty.json", "[\n  {\"start\": 0}\n]\n") == .none(reason: dump))
        let compressed = folder + "/rum.csv.zst"
        #expect(FileManager.default.createFile(atPath: compressed, contents: Data([0x28, 0xB5, 0x2F, 0xFD, 0x00])))
        #expect(RequestTimings.Columns.detected(in: compressed)
            == .none(reason: "is zstd-compressed: CSV and JSON lines are read as plain text; decompress it first"))

        // The 503 of the second object is left out though the first has no status.
        let lines = folder + "/rows.jsonl"
        let rows = try RequestTimings(path: lines, columns: try #require(RequestTimings.Columns.named(in: lines)))
        #expect(rows.requests == [RecordedRequest(firstByteMs: 100, receiveMs: 10, bytes: 8_192)] && rows.errors == 1)
        #expect(rows.rejects == ["\(lines):1: not JSON: invalid value around character 1 (JSON lines hold one object a line)"], "\(rows.rejects)")
        // What a line is instead of an object is said.
        let kinds = folder + "/kinds.jsonl"
        try "[1, 2]\n\"text\"\nnull\n42\n{\"start\": broken\n{\"start\": 1e400}\n".write(toFile: kinds, atomically: true, encoding: .utf8)
        let kindRows = try RequestTimings(path: kinds, columns: try #require(RequestTimings.Columns("start,first_byte,end,bytes")))
        #expect(kindRows.rejects.map { $0.replacingOccurrences(of: kinds + ":", with: "").replacingOccurrences(of: " (JSON lines hold one object a line)", with: "") }
            == ["1: not a JSON object but an array", "2: not a JSON object but a string", "3: not a JSON object but null",
                "4: not a JSON object but a number", "5: not JSON: invalid value around character 10",
                // JSON whose number a Double cannot hold.
                "6: a number out of range: 1e400 (beyond ±1.8e308)"], "\(kindRows.rejects)")
        // A CSV row cut short of a column read is malformed (it was read with that field unknown);
        // one short only of columns not read is a row, and so is one with every field, empty or not.
        let ragged = folder + "/ragged.csv"
        try "start,first_byte,end,bytes,status,url,note\n0,100,110,8192,200,https://a/1\n0,100,110,8192\n0,100,110\n0,100,110,8192,503,,x\n"
            .write(toFile: ragged, atomically: true, encoding: .utf8)
        let cut = try RequestTimings(path: ragged, columns: try #require(RequestTimings.Columns.named(in: ragged)))
        #expect(cut.rejects == ["\(ragged):3: 4 fields where the header has 7: a row cut short",
                                "\(ragged):4: 3 fields where the header has 7: a row cut short"], "\(cut.rejects)")
        #expect(cut.requests.count == 1 && cut.errors == 1)
        // `--columns` takes a url without a status, the status left empty; not an empty url.
        #expect(RequestTimings.Columns("s,f,e,b,,u")?.all == ["s", "f", "e", "b", "u"])
        #expect(RequestTimings.Columns("s,f,e,b,") == nil && RequestTimings.Columns("s,f,e,b,c,") == nil)
    }

    /// What would be read wrongly without a word is refused or named: a quote left open (the rest of
    /// the file would be one field) refuses the file; a row with more fields than the header
    /// (an unquoted "1,234") is malformed, unless the extra ones are empty; a column named twice,
    /// even spelt alike, refuses the file; `--columns` finds a name in another case; a JSON key
    /// named that no object holds is missing as a CSV column is; whole numbers written `200.0` are
    /// read; a pipe is no file.
    @Test func whatWouldBeReadWronglyIsRefusedOrNamed() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let columns = try #require(RequestTimings.Columns("start,first_byte,end,bytes,status,url"))
        func read(_ name: String, _ text: String, _ columns: RequestTimings.Columns) throws -> (rows: RequestTimings?, fault: String?) {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            do { return (try RequestTimings(path: folder + "/" + name, columns: columns), nil) } catch {
                #expect((error as? any InputContentFault)?.isContentFault == true, "\(error)")
                return (nil, "\(error)".replacingOccurrences(of: folder + "/", with: ""))
            }
        }
        let header = "start,first_byte,end,bytes,status,url\n"
        let open = try read("open.csv", header + "0,100,110,8192,200,\"https://a/1\n1000,1100,1110,8192,503,https://a/2\n", columns)
        let lost = "a quote there is not closed where it should be (never, or with text after it, as in \"Pro\" model), and the rows after it would be lost"
        #expect(open.fault == "open.csv: the row at line 2 has a quoted field that holds 1 line that read as rows of this file: " + lost)
        let wide = try #require(try read("wide.csv", header + "0,100,110,1,234,503,https://a/1\n0,100,110,8192,200,https://a/2,\n", columns).rows)
        #expect(wide.rejects == ["\(folder)/wide.csv:2: 7 fields where the header has 6: a comma in an unquoted field?"] && wide.requests.count == 1)
        #expect(try read("twice.csv", "start,first_byte,end,bytes,status,url,status\n0,100,110,1,200,u,503\n", columns).fault
            == #"twice.csv: its header names status twice ("start", "first_byte", "end", "bytes", "status", "url", "status"): which one is meant?"#)
        let upper = try #require(try read("upper.csv", "Start , FIRST_BYTE,End,Bytes,Status,URL\n0,100,110,8192,200.0,u\n", columns).rows)
        #expect(upper.requests == [RecordedRequest(firstByteMs: 100, receiveMs: 10, bytes: 8_192)] && upper.rejects.isEmpty, "\(upper.rejects)")
        let typo = try #require(RequestTimings.Columns("start,first_byte,end,bytes,stat"))
        let json = try read("typo.jsonl", #"{"start": 0, "first_byte": 100, "end": 110, "bytes": 8192.0, "status": 503}"# + "\n", typo)
        #expect(json.fault == #"typo.jsonl: no key "stat" in any object (the first holds "bytes", "end", "first_byte", "start", "status")"#)
        // A quote never closed in a column not read: the rest of the file is one field of its row.
        let notes = "start,first_byte,end,bytes,note\n0,100,110,8192,\"fine,\nover two lines\"\n0,100,110,8192,\"it hangs\n0,100,110,8192,x\n"
        let four = try #require(RequestTimings.Columns("start,first_byte,end,bytes"))
        #expect(try read("notes.csv", notes, four).fault == "notes.csv: the row at line 4 has a quoted field that holds 1 line that read as rows of this file: " + lost)
        // Text after a closing quote (`"Pro" model`) reopens it in the reader: the rows after it are caught the same way.
        let pro = "start,first_byte,end,bytes,model\n0,100,110,8192,\"Pro\" model\n0,100,110,8192,x\n0,100,110,8192,y\n"
        #expect(try read("pro.csv", pro, four).fault == "pro.csv: the row at line 2 has a quoted field that holds 2 lines that read as rows of this file: " + lost)
        // A URL over two lines, quoted and closed, is a field: every row is read. An empty JSON object is no row.
        let wrapped = try #require(try read("wrapped.csv", header + "0,100,110,8192,200,\"https://a/1\nq\"\n0,100,110,8192,200,https://a/2\n", columns).rows)
        #expect(wrapped.requests.count == 2 && wrapped.rejects.isEmpty, "\(wrapped.rejects)")
        let empties = try #require(try read("empties.jsonl", "{}\n" + #"{"start": 0, "first_byte": 100, "end": 110, "bytes": 1}"# + "\n{}\n", four).rows)
        #expect(empties.requests.count == 1 && empties.rejects.isEmpty, "\(empties.rejects)")
        // Lines, not rows, after a field over two lines; spaces around fields; a JSON key in another
        // case; an object where a number belongs; JSON lines named .txt.
        let lines = try #require(try read("lines.csv", "start, first_byte, end, bytes, note\n0, 100, 110, 8192,\"a\nb\"\n0, 100, 110, x, \n", four).rows)
        #expect(lines.rejects == ["\(folder)/lines.csv:4: bytes must be a whole number, got \"x\""] && lines.requests.count == 1, "\(lines.rejects) \(lines.requests)")
        let export = #"{"Start": 0, "First_Byte": 100, "END": 110, "bytes": 8192, "status": {"code": 503}}"# + "\n"
            + #"{"Start": 0, "First_Byte": 100, "END": 110, "bytes": 8192, "status": 200}"# + "\n"
        let cased = try #require(try read("export.txt", export, columns.withoutURL).rows)
        #expect(cased.rejects == ["\(folder)/export.txt:1: the status must be a whole number, got \"{...}\""]
            && cased.requests.count == 1, "\(cased.rejects) \(cased.requests)")
        #expect(RequestTimings.wholeNumber("200.0") == 200 && RequestTimings.wholeNumber("8192.000") == 8_192
            && RequestTimings.wholeNumber("1.5") == nil && RequestTimings.wholeNumber("1e3") == nil && RequestTimings.wholeNumber(".0") == nil)
        let fifo = folder + "/pipe.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(RequestTimings.notAFile(fifo)?.hasPrefix("is not a regular file (a pipe?)") == true && RequestTimings.notAFile(folder + "/upper.csv") == nil)
    }

    /// Resource Timing exports write fractions of a millisecond: they are kept, as a HAR's are, so
    /// that a response received in 0.25 ms still measures a pace (rounded, its receive time was 0),
    /// and seconds keep theirs too (0.1005 s is 100.5 ms, not 101 ms).
    @Test func keepsFractionsOfAMillisecond() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/subms.csv"
        try "start,ttfb,end,size\n0.25,100.5,100.75,8192\n1000,1100,1100.25,4096\n".write(toFile: path, atomically: true, encoding: .utf8)
        let columns = try #require(RequestTimings.Columns("start,ttfb,end,size"))
        let rows = try RequestTimings(path: path, columns: columns)
        #expect(rows.requests == [RecordedRequest(firstByteMs: 100.25, receiveMs: 0.25, bytes: 8_192),
                                  RecordedRequest(firstByteMs: 100, receiveMs: 0.25, bytes: 4_096)])
        // Both measure a rate: 8,192 × 8 / 0.25 = 262,144 and 4,096 × 8 / 0.25 = 131,072 kbit/s;
        // the median (nearest rank) is the lower, 131,072.
        let fit = NetworkFit(rows.requests, base: NetworkPresets.all[0].model)
        #expect(fit.rated == 2 && fit.model.downlinkKbps == 131_072)
        let seconds = folder + "/seconds.csv"
        try "start,ttfb,end,size\n1.0,1.1005,1.10075,8192\n".write(toFile: seconds, atomically: true, encoding: .utf8)
        let read = try RequestTimings(path: seconds, columns: columns, time: LogTime(unit: .s)).requests
        #expect(read.count == 1 && abs(read[0].firstByteMs - 100.5) < 1e-9 && abs(read[0].receiveMs - 0.25) < 1e-9)
    }

    /// A RUM export's cache hits (a first byte under 1 ms: no network answers that fast) are left
    /// out and counted, at the boundary itself (1 ms is a network's, 0.999 ms a cache's), so that
    /// they pull neither the fit's round trip nor an empirical network's draws; a file whose times
    /// are all that quick because they are seconds read as ms keeps them, for the unit check.
    @Test func cacheHitsAreLeftOutUnlessTheUnitIsWrong() throws {
        let folder = TestScratch.directory + "deckbench-rum-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let columns = try #require(RequestTimings.Columns("start,ttfb,end,bytes"))
        let path = folder + "/rum.csv"
        try """
            start,ttfb,end,bytes
            1000,1120,1150,9000
            2000,2001,2030,9000
            3000,3000,3000,0
            4000,4000.999,4001,0
            5000,5140,5200,12000

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let rows = try RequestTimings(path: path, columns: columns)
        #expect(rows.cached == 2 && rows.requests.map(\.firstByteMs) == [120, 1, 140])
        let seconds = folder + "/seconds.csv"
        try "start,ttfb,end,bytes\n1.0,1.104,1.2,9000\n2.0,2.1,2.15,9000\n3.0,3.12,3.2,9000\n".write(toFile: seconds, atomically: true, encoding: .utf8)
        let misread = try RequestTimings(path: seconds, columns: columns)
        #expect(misread.cached == 0 && misread.requests.count == 3)
        #expect(NetworkFit.implausibleUnit(misread.requests, unit: .ms, option: "--time-unit ")?.contains("give --time-unit s") == true)
        // Mostly cache hits (3 of 5 at 0 ms): kept for the unit check, which names them as a possible cause.
        let hits = folder + "/hits.csv"
        try "start,ttfb,end,bytes\n0,0,0,9000\n10,10,10,9000\n20,20,20,9000\n1000,1140,1200,9000\n2000,2180,2300,9000\n"
            .write(toFile: hits, atomically: true, encoding: .utf8)
        let mostlyCached = try RequestTimings(path: hits, columns: columns)
        #expect(mostlyCached.cached == 0 && mostlyCached.requests.count == 5)
        let said = NetworkFit.implausibleUnit(mostlyCached.requests, unit: .ms, option: "--time-unit ")
        #expect(said?.contains("3 of 5 rows answered under 1 ms: if they are a cache's answers") == true, "\(said ?? "")")
        // Exactly half (2 of 4): the median, nearest rank, is a cache's 0 ms, and the message says half, not most.
        let half = folder + "/half.csv"
        try "start,ttfb,end,bytes\n0,0,0,9000\n10,10,10,9000\n1000,1140,1200,9000\n2000,2180,2300,9000\n"
            .write(toFile: half, atomically: true, encoding: .utf8)
        let halfCached = try RequestTimings(path: half, columns: columns)
        let saidHalf = NetworkFit.implausibleUnit(halfCached.requests, unit: .ms, option: "--time-unit ")
        #expect(saidHalf?.contains("2 of 4 rows answered under 1 ms: if they are a cache's answers, half of the export or more is cache hits") == true,
                "\(saidHalf ?? "")")
    }
}
