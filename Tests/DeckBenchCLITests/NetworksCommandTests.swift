import Foundation
import Testing

/// `deckbench networks`: the presets by default; `fit` on the bundled example HAR prints the
/// counts, a spec that parses, and the percentile table; a file that is not a HAR is exit 65.
@Suite struct NetworksCommandTests {
    private static let har = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/example-api.har").path

    @Test func listsThePresetsByDefault() throws {
        let listed = try DeckBenchTool.run(["networks"])
        #expect(listed.status == 0 && listed.stdout.contains("lte  —") && listed.stdout.contains("Keys:"))
    }

    /// A fitted spec sets rtt_ms, jitter and downlink_kbps: a base whose kind's data gives them
    /// (a trace, recorded requests) is refused, the presets that can be one named (before, `--base
    /// empirical` printed a spec without them that needs a path=).
    @Test func theBaseIsAPresetOfItsOwnParameters() throws {
        for base in ["trace", "empirical"] {
            let refused = try DeckBenchTool.run(["networks", "fit", Self.har, "--base", base])
            let named = refused.stderr.split(separator: "\n").first { $0.contains("--base must be a preset other than ") }
            let presets = named.map { $0.split(separator: ": ").last.map { $0.split(separator: ", ").map(String.init) } ?? [] } ?? []
            #expect(refused.status == 64 && presets.contains("lte") && presets.contains("3g") && !presets.contains("trace")
                && !presets.contains("empirical"), "\(refused.stderr)")
        }
        let fit = try DeckBenchTool.run(["networks", "fit", Self.har, "--base", "3g"])
        #expect(fit.status == 0 && fit.stdout.contains("--network 3g:rtt_ms="), "\(fit.stdout)")
    }

    /// --columns and --time-unit read CSV and JSON lines: on a HAR they change nothing, and the fit
    /// says so (the same spec as without them) rather than leave the user thinking they applied.
    @Test func csvFlagsOnAHARAreSaidUnused() throws {
        let plain = try DeckBenchTool.run(["networks", "fit", Self.har])
        let flagged = try DeckBenchTool.run(["networks", "fit", Self.har, "--time-unit", "s", "--columns", "a,b,c,d"])
        #expect(plain.status == 0 && flagged.status == 0 && flagged.stdout == plain.stdout, "\(flagged.stderr)")
        #expect(flagged.stderr.contains("--columns and --time-unit read CSV and JSON lines of requests; every file was read as a HAR"))
        #expect(!plain.stderr.contains("CSV and JSON lines"))
        let unit = try DeckBenchTool.run(["networks", "fit", Self.har, "--time-unit", "ms"])
        #expect(unit.stderr.contains("--time-unit reads CSV and JSON lines of requests; every file was read as a HAR (its own times and sizes), so it was not used"))
    }

    /// Epoch milliseconds read as seconds make every row malformed: ten are named, then how many
    /// more, and the refusal points at the unit rather than at the cache and the filter.
    @Test func everyRowMalformedNamesTenAndTheUnit() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let rows = (0 ..< 40).map { i in let start = 1_700_000_000_000 + 1_000 * i; return "\(start),\(start + 120),\(start + 150),9000" }
        try (["start,ttfb,end,bytes"] + rows).joined(separator: "\n").write(toFile: folder + "/epoch.csv", atomically: true, encoding: .utf8)
        let fit = try DeckBenchTool.run(["networks", "fit", "epoch.csv", "--columns", "start,ttfb,end,bytes", "--time-unit", "s"], in: folder)
        #expect(fit.status == 65, "\(fit.stderr)")
        #expect(fit.stderr.components(separatedBy: "rejected: epoch.csv:").count == 11 && fit.stderr.contains("rejected: … and 30 more of the same file"))
        #expect(fit.stderr.contains("and 40 malformed: see the first above; 40 had times that do not read as s: another --time-unit (ms, us, ns or iso8601)?"),
                "\(fit.stderr)")
        // Each names its column and value, and what the value reads as.
        #expect(fit.stderr.contains("rejected: epoch.csv:2: start, first byte and end must be times (s): start \"1700000000000\" is out of range: "
            + "10¹⁵ ms or more (a number of ms? --time-unit ms)"), "\(fit.stderr)")
    }

    @Test func fitsTheExampleHAR() throws {
        let fit = try DeckBenchTool.run(["networks", "fit", Self.har, "--filter", "/api/"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("200 requests; left out 10 cached, 5 failed, 0 errors (status ≥ 400), 5 redirects, 10 filtered, 0 malformed"), "\(fit.stdout)")
        // The tail's warning names the file and the filter in the spec it suggests.
        #expect(fit.stderr.contains("for the data's own times use --network empirical:path=\(Self.har),filter=/api/"), "\(fit.stderr)")
        let spec = try #require(fit.stdout.split(separator: "\n").first { $0.hasPrefix("--network ") }).dropFirst("--network ".count)
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "20", "--files", "1", "--seed", "1", "--level", "3"],
                                      in: folder).status == 0)
        let replayed = try DeckBenchTool.run(["replay", "rec", "--network", String(spec), "--out", "out", "--quiet"], in: folder)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(fit.stdout.contains("first byte, data") && fit.stdout.contains("total, model"))
        let refused = try DeckBenchTool.run(["networks", "fit", "--format", "har", folder + "/rec/" + (try FileManager.default.contentsOfDirectory(atPath: folder + "/rec")[0])])
        #expect(refused.status == 65 && refused.stderr.contains("not a HAR file"), "\(refused.stderr)")
    }

    /// A HAR of two API requests over the network (one a 304), a 503 and one from Safari's memory
    /// cache; or, with `cachedOnly`, the cached one alone.
    private static func har(cachedOnly: Bool = false) -> String {
        let cached = #"{"request": {"url": "https://a/api/3"}, "response": {"status": 200, "bodySize": -1}, "#
            + #""timings": {"send": 0, "wait": 0.03, "receive": 0.02}, "_fetchType": "Memory Cache"}"#
        let entries = cachedOnly ? [cached] : [
            #"{"request": {"url": "https://a/api/1"}, "response": {"status": 200, "_transferSize": 30000}, "timings": {"send": 1, "wait": 99, "receive": 60}, "_fromCache": false}"#,
            #"{"request": {"url": "https://a/api/2"}, "response": {"status": 304, "_transferSize": 250}, "timings": {"send": 1, "wait": 79, "receive": 0}, "_fromCache": null}"#,
            #"{"request": {"url": "https://a/api/2"}, "response": {"status": 503, "_transferSize": 1000}, "timings": {"send": 1, "wait": 9, "receive": 1}}"#,
            cached,
        ]
        return #"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ",") + "]}}"
    }

    private static func recording(in folder: String) throws {
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "10", "--files", "1", "--seed", "1", "--level", "3"],
                                      in: folder).status == 0)
    }

    /// One exit status per fault, the same in `networks fit` and in `--network empirical:path=`:
    /// 74 for a file that cannot be read (missing, a directory), 65 for one that is read and cannot
    /// be used (not a HAR, nothing left to fit or draw from); the message hints --format har.
    @Test func oneExitStatusPerFaultInFitAndEmpirical() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try Self.recording(in: folder)
        try #"{"name": "not a capture"}"#.write(toFile: folder + "/other.json", atomically: true, encoding: .utf8)
        try Self.har(cachedOnly: true).write(toFile: folder + "/cached.har", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/captures", withIntermediateDirectories: true)
        for (file, status, message) in [("missing.har", 74, "cannot read"), ("captures", 74, "directory"), ("other.json", 65, "HAR"),
                                        ("cached.har", 65, "no request")] {
            let fit = try DeckBenchTool.run(["networks", "fit", file], in: folder)
            #expect(fit.status == Int32(status) && fit.stderr.contains(message), "fit \(file): \(fit.status) \(fit.stderr)")
            let replay = try DeckBenchTool.run(["replay", "rec", "--network", "empirical:path=\(file)", "--out", "out", "--quiet"], in: folder)
            #expect(replay.status == Int32(status) && replay.stderr.contains(message), "empirical \(file): \(replay.status) \(replay.stderr)")
        }
        let other = try DeckBenchTool.run(["networks", "fit", "other.json"], in: folder)
        #expect(other.stderr.contains("--format har") && other.stderr.contains("--columns"), "\(other.stderr)")
    }

    /// A CSV or JSON lines whose header names the standard columns is fitted without `--columns`
    /// (as with them); one that does not is refused (65) with the hint, also under `--format csv`.
    @Test func theStandardColumnsNeedNoFlag() throws {
        let folder = DeckBenchTool.temporaryFolder()
        var text = "start,first_byte,end,bytes\n"
        for row in 0 ..< 40 { text += "\(row * 1_000),\(row * 1_000 + 90 + row % 7 * 10),\(row * 1_000 + 200 + row % 5 * 20),\(8_000 + row * 100)\n" }
        try text.write(toFile: folder + "/rum.csv", atomically: true, encoding: .utf8)
        let bare = try DeckBenchTool.run(["networks", "fit", "rum.csv"], in: folder)
        let flagged = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--columns", "start,first_byte,end,bytes"], in: folder)
        #expect(bare.status == 0 && bare.stdout.contains("--network lte:") && bare.stdout == flagged.stdout, "\(bare.stderr)")
        try text.replacingOccurrences(of: "first_byte", with: "ttfb").write(toFile: folder + "/other.csv", atomically: true, encoding: .utf8)
        for format in [[], ["--format", "csv"]] {
            let other = try DeckBenchTool.run(["networks", "fit", "other.csv"] + format, in: folder)
            #expect(other.status == 65 && other.stderr.contains("--columns start,first_byte,end,bytes")
                && other.stderr.contains("names no first_byte") && other.stderr.contains("unless the header names those"), "\(format) \(other.stderr)")
        }
        // A filter on columns with no url is a usage fault (64), named or found; a compressed file says so.
        for columns in [[], ["--columns", "start,first_byte,end,bytes"]] {
            let filtered = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--filter", "/api/"] + columns, in: folder)
            #expect(filtered.status == 64 && filtered.stderr.contains("leave out --filter"), "\(columns) \(filtered.stderr)")
        }
        // Named .har but a RUM export: read as one. One file under two names is read once.
        try text.write(toFile: folder + "/rum-export.har", atomically: true, encoding: .utf8)
        let misnamed = try DeckBenchTool.run(["networks", "fit", "rum-export.har"], in: folder)
        #expect(misnamed.status == 0 && misnamed.stdout == bare.stdout.replacingOccurrences(of: "rum.csv:", with: "rum-export.har:"), "\(misnamed.stderr)")
        let twice = try DeckBenchTool.run(["networks", "fit", "rum.csv", "./rum.csv", folder + "/rum.csv"], in: folder)
        #expect(twice.status == 0 && twice.stderr.contains("a file named more than once is read once") && twice.stdout.contains("rum.csv: 40 requests"),
                "\(twice.stderr)")
        try FileManager.default.linkItem(atPath: folder + "/rum.csv", toPath: folder + "/hard.csv")
        let hard = try DeckBenchTool.run(["networks", "fit", "rum.csv", "hard.csv"], in: folder)
        #expect(hard.status == 0 && hard.stderr.contains("a file named more than once is read once"), "\(hard.stderr)")
        // One column for two roles is a usage fault.
        let doubled = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--columns", "start,first_byte,First_Byte,bytes"], in: folder)
        #expect(doubled.status == 64 && doubled.stderr.contains("--columns names First_Byte twice"), "\(doubled.stderr)")
        #expect(FileManager.default.createFile(atPath: folder + "/rum.csv.zst", contents: Data([0x28, 0xB5, 0x2F, 0xFD, 0x00])))
        let compressed = try DeckBenchTool.run(["networks", "fit", "rum.csv.zst"], in: folder)
        #expect(compressed.status == 65 && compressed.stderr.contains("is zstd-compressed"), "\(compressed.stderr)")
    }

    /// A HAR named `.json` is known by its content, and a comma in its path is written `\,` in the
    /// empirical spec; the fit leaves out the 503 and the cached entry and counts them.
    @Test func aHARNamedJSONWithACommaInItsPath() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try Self.recording(in: folder)
        try Self.har().write(toFile: folder + "/export,1.json", atomically: true, encoding: .utf8)
        let fit = try DeckBenchTool.run(["networks", "fit", "export,1.json", "--allow-few"], in: folder)
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stderr.contains("WARNING: 2 requests left to fit, under 30"), "\(fit.stderr)")
        #expect(fit.stdout.contains("2 requests; left out 1 cached, 0 failed, 1 errors (status ≥ 400), 0 redirects"), "\(fit.stdout)")
        let replay = try DeckBenchTool.run(["replay", "rec", "--network", #"empirical:path=export\,1.json"#, "--out", "out", "--quiet"], in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
        let unescaped = try DeckBenchTool.run(["replay", "rec", "--network", "empirical:path=export,1.json", "--out", "out2", "--quiet"], in: folder)
        #expect(unescaped.status == 64, "\(unescaped.stderr)")
    }

    /// A filter matches URLs: CSV columns without one refuse it; and times in another unit than
    /// read (milliseconds read as seconds: a median first byte of 90,000 ms; seconds read as ms)
    /// are refused, exit 65 and no spec, with the unit that fits.
    @Test func aFilterNeedsAURLColumnAndAWrongUnitIsSaid() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try "start,ttfb,end,size\n0,90,150,20000\n10,100,170,20000\n".write(toFile: folder + "/rum.csv", atomically: true, encoding: .utf8)
        let filtered = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--columns", "start,ttfb,end,size", "--filter", "/api/"], in: folder)
        #expect(filtered.status == 64 && filtered.stderr.contains("url column"), "\(filtered.stderr)")
        let seconds = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--columns", "start,ttfb,end,size", "--time-unit", "s"], in: folder)
        #expect(seconds.status == 65 && !seconds.stdout.contains("--network"), "\(seconds.stdout)")
        #expect(seconds.stderr.contains("median time to first byte is 90000 ms read as s") && seconds.stderr.contains("give --time-unit ms"),
                "\(seconds.stderr)")
        // Seconds read as ms: first bytes of 0.238 and 0.104 ms (the median, nearest rank, is 0.104).
        try "start,ttfb,end,size\n0,0.238,0.28,20000\n10,10.104,10.17,20000\n".write(toFile: folder + "/rum-s.csv", atomically: true, encoding: .utf8)
        let small = try DeckBenchTool.run(["networks", "fit", "rum-s.csv", "--columns", "start,ttfb,end,size"], in: folder)
        #expect(small.status == 65 && small.stdout.isEmpty, "\(small.stdout)")
        #expect(small.stderr.contains("is 0.104 ms read as ms") && small.stderr.contains("read as seconds it is 104 ms: give --time-unit s"),
                "\(small.stderr)")
        let millis = try DeckBenchTool.run(["networks", "fit", "rum.csv", "--columns", "start,ttfb,end,size", "--allow-few"], in: folder)
        #expect(millis.status == 0, "\(millis.stderr)")
        #expect(millis.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            == ["warning: downlink_kbps rests on 2 requests of 4096 bytes or more (fewer than 10): see its interval below"], "\(millis.stderr)")
    }

    /// An empirical network is as strict as `networks fit` on the same bad input, with the same
    /// exit status: a HAR that breaks off after its first entry is refused with where it breaks
    /// (65, as fit); an export in seconds or ISO 8601 read as ms is refused (65) with the
    /// unit that fits, or the first row that did not parse, and `time_unit=` reads it; a file that
    /// is not a HAR without `columns=` gets the hint; a filter without a url column names the file
    /// once (64).
    /// A trace the spec names is a file like an empirical network's: missing or a folder is exit 74,
    /// text that is no trace is 65, with the reason; and nothing is written.
    @Test func aTraceFileThatCannotBeUsedIsAnInputFault() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try Self.recording(in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/traces", withIntermediateDirectories: true)
        try "10\nten\n".write(toFile: folder + "/bad.trace", atomically: true, encoding: .utf8)
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder + "/binary.trace"))
        for (path, status, reason) in [("nosuch.trace", Int32(74), "cannot read trace nosuch.trace: no such file"),
                                       ("traces", 74, "cannot read trace traces: a folder, not a trace file"),
                                       ("bad.trace", 65, "bad.trace:2: "), ("binary.trace", 65, "binary.trace:1: not UTF-8 text")] {
            let run = try DeckBenchTool.run(["replay", "rec", "--network", "trace:path=" + path, "--out", "out", "--quiet"], in: folder)
            #expect(run.status == status && run.stderr.contains(reason), "\(path): \(run.status) \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
        // A trace that does not loop says how long it lasts; one that loops says nothing.
        try "500\n1000\n2500\n".write(toFile: folder + "/short.trace", atomically: true, encoding: .utf8)
        let once = try DeckBenchTool.run(["replay", "rec", "--network", "trace:path=short.trace,loop=false", "--out", "o1", "--quiet"], in: folder)
        #expect(once.status == 0 && once.stderr.contains("note: trace short.trace lasts 2.5 s and does not loop (loop=false)"), "\(once.stderr)")
        let looped = try DeckBenchTool.run(["replay", "rec", "--network", "trace:path=short.trace", "--out", "o2", "--quiet"], in: folder)
        #expect(looped.status == 0 && !looped.stderr.contains("does not loop"), "\(looped.stderr)")
    }

    @Test func anEmpiricalNetworkRefusesWhatFitRefuses() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try Self.recording(in: folder)
        let har = Self.har()
        let cut = har.index(try #require(har.firstRange(of: "},{\"request\"")).upperBound, offsetBy: 20)
        try String(har[..<cut]).write(toFile: folder + "/cut.har", atomically: true, encoding: .utf8)
        let fit = try DeckBenchTool.run(["networks", "fit", "cut.har"], in: folder)
        #expect(fit.status == 65 && fit.stderr.contains("cut.har: breaks off after entry 1 (") && fit.stderr.contains("export it again; no spec is fitted")
                && !fit.stdout.contains("--network"), "\(fit.stderr)")
        func replay(_ spec: String) throws -> (status: Int32, stderr: String) {
            let run = try DeckBenchTool.run(["replay", "rec", "--network", spec, "--out", "out-" + UUID().uuidString, "--quiet"], in: folder)
            return (run.status, run.stderr)
        }
        // A spec that parses but answers nothing is replayed, with a warning first.
        let down = try replay("lte:timeout_ms=1")
        #expect(down.status == 0 && down.stderr.contains("warning: --network lte:rtt_ms=150,") && down.stderr.contains(
            "timeout_ms=1 is at or under the median time to a whole answer (247.7 ms: rtt_ms + server_ms + a page of about 20000 bytes"),
            "\(down.stderr)")
        #expect(try replay("lte").stderr.isEmpty)
        // columns= on a HAR is named as such (64), not read as a CSV whose header is the whole file.
        try har.write(toFile: folder + "/whole.har", atomically: true, encoding: .utf8)
        let harColumns = try replay("empirical:path=whole.har,columns=a;b;c;d")
        #expect(harColumns.status == 64 && harColumns.stderr.contains("whole.har: is a HAR, read by its own times and sizes: leave out columns=")
                && harColumns.stderr.count < 1_000, "\(harColumns.stderr)")
        // A CSV whose header lacks the column quotes the header short.
        let wide = (0 ..< 30).map { "column_with_a_rather_long_name_number_\($0)_and_more" }.joined(separator: ",")
        try (wide + "\n1,2,3\n").write(toFile: folder + "/wide.csv", atomically: true, encoding: .utf8)
        let missing = try replay("empirical:path=wide.csv,columns=a;b;c;d")
        #expect(missing.status == 65 && missing.stderr.contains("no column \"a\" in the header (") && missing.stderr.contains("… (30 columns)")
                && missing.stderr.count < 1_500, "\(missing.stderr)")
        let cutReplay = try replay("empirical:path=cut.har")
        #expect(cutReplay.status == fit.status, "\(cutReplay.stderr)")
        #expect(cutReplay.stderr.contains("cut.har: breaks off after entry 1 (") && cutReplay.stderr.contains("are not the capture"),
                "\(cutReplay.stderr)")

        // 100 ms and 140 ms to the first byte (the median, nearest rank, is 100), 20 kB each.
        try "start,ttfb,end,size\n1700000000.0,1700000000.1,1700000000.15,20000\n1700000001.0,1700000001.14,1700000001.2,20000\n"
            .write(toFile: folder + "/rum-s.csv", atomically: true, encoding: .utf8)
        let seconds = try replay("empirical:path=rum-s.csv,columns=start;ttfb;end;size")
        #expect(seconds.status == 65 && seconds.stderr.contains("read as seconds it is 100 ms: give time_unit=s"), "\(seconds.stderr)")
        let inSeconds = try DeckBenchTool.run(["replay", "rec", "--network", "empirical:path=rum-s.csv,columns=start;ttfb;end;size,time_unit=s",
                                               "--out", "out-s", "--quiet"], in: folder)
        #expect(inSeconds.status == 0, "\(inSeconds.stderr)")
        let summary = try String(contentsOfFile: folder + "/out-s/summary.csv", encoding: .utf8)
        #expect(summary.contains("empirical:path=rum-s.csv,columns=start;ttfb;end;size,time_unit=s,"), "\(summary.prefix(400))")
        try "start,ttfb,end,size\n2023-11-14T22:13:20.000Z,2023-11-14T22:13:20.100Z,2023-11-14T22:13:20.150Z,20000\n"
            .write(toFile: folder + "/rum-iso.csv", atomically: true, encoding: .utf8)
        let iso = try replay("empirical:path=rum-iso.csv,columns=start;ttfb;end;size")
        #expect(iso.status == 65 && iso.stderr.contains("1 malformed, the first: rum-iso.csv:2: start, first byte and end must be times (ms)")
                && iso.stderr.contains("time_unit="), "\(iso.stderr)")
        #expect(try replay("empirical:path=rum-iso.csv,columns=start;ttfb;end;size,time_unit=iso8601").status == 0)
        // The same instants as a SQL warehouse exports them (a space for the T, microseconds, UTC),
        // and with no zone at all: the same replay.
        try "start,ttfb,end,size\n2023-11-14 22:13:20.000000 UTC,2023-11-14 22:13:20.100000 UTC,2023-11-14 22:13:20.150000 UTC,20000\n"
            .write(toFile: folder + "/rum-bq.csv", atomically: true, encoding: .utf8)
        try "start,ttfb,end,size\n2023-11-14 22:13:20,2023-11-14 22:13:20.1,2023-11-14 22:13:20.15,20000\n"
            .write(toFile: folder + "/rum-zoneless.csv", atomically: true, encoding: .utf8)
        var isoRows: [String] = []
        for file in ["rum-iso.csv", "rum-bq.csv", "rum-zoneless.csv"] {
            let spec = "empirical:path=\(file),columns=start;ttfb;end;size,time_unit=iso8601"
            let run = try DeckBenchTool.run(["replay", "rec", "--network", spec, "--out", "out-\(file)", "--quiet"], in: folder)
            #expect(run.status == 0, "\(spec): \(run.stderr)")
            let sessions = try String(contentsOfFile: folder + "/out-\(file)/sessions.csv", encoding: .utf8)
            isoRows.append(sessions.replacingOccurrences(of: "path=" + file, with: "path=FILE"))
        }
        #expect(isoRows[0] == isoRows[1] && isoRows[0] == isoRows[2] && isoRows[0].split(separator: "\n").count > 1)

        for file in ["rum-s.csv", "rum-iso.csv"] {
            let plain = try replay("empirical:path=\(file)")
            #expect(plain.status == 65 && plain.stderr.contains("give columns=start;first_byte;end;bytes"), "\(plain.stderr)")
        }
        // A header naming the standard columns needs no columns=, time_unit= applying to it: the
        // same replay as with them.
        try "start,first_byte,end,bytes\n0,0.238,0.28,20000\n10,10.104,10.17,20000\n".write(toFile: folder + "/std-s.csv", atomically: true, encoding: .utf8)
        let specs = ["empirical:path=std-s.csv,time_unit=s", "empirical:path=std-s.csv,columns=start;first_byte;end;bytes,time_unit=s"]
        var rows: [String] = []
        for (index, spec) in specs.enumerated() {
            let run = try DeckBenchTool.run(["replay", "rec", "--network", spec, "--out", "std-\(index)", "--quiet"], in: folder)
            #expect(run.status == 0, "\(spec): \(run.stderr)")
            let sessions = try String(contentsOfFile: folder + "/std-\(index)/sessions.csv", encoding: .utf8)
            rows.append(sessions.replacingOccurrences(of: "\"" + spec + "\"", with: "").replacingOccurrences(of: spec, with: ""))
        }
        #expect(rows[0] == rows[1] && rows[0].split(separator: "\n").count > 1)
        #expect(try replay("empirical:path=std-s.csv").stderr.contains("read as seconds it is"))
        let filtered = try replay("empirical:path=rum-s.csv,columns=start;ttfb;end;size,time_unit=s,filter=api")
        #expect(filtered.status == 64 && filtered.stderr.contains("malformed: rum-s.csv: a filter needs a url column"), "\(filtered.stderr)")
    }

    /// A HAR of `count` API requests: first bytes 80–170 ms, 20 kB each received in 100 ms; `setup`
    /// more timings of each (`"connect": 40, "ssl": 40, `).
    private static func har(count: Int, setup: String = "") -> String {
        let entries = (0 ..< count).map { index in
            #"{"request": {"url": "https://a/api/\#(index)"}, "response": {"status": 200, "_transferSize": 20000}, "#
                + #""timings": {\#(setup)"send": 1, "wait": \#(79 + (index * 37) % 91), "receive": 100}}"#
        }
        return #"{"log": {"version": "1.2", "entries": ["# + entries.joined(separator: ",") + "]}}"
    }

    /// Under 30 requests the fit is refused (exit 65, no spec) unless --allow-few, which fits with a
    /// loud warning; 30 fit. Each parameter is printed with the requests it rests on and its interval.
    @Test func tooFewRequestsAreRefusedAndEveryParameterSaysHowSureItIs() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try Self.har(count: 29).write(toFile: folder + "/29.har", atomically: true, encoding: .utf8)
        try Self.har(count: 30).write(toFile: folder + "/30.har", atomically: true, encoding: .utf8)
        let refused = try DeckBenchTool.run(["networks", "fit", "29.har"], in: folder)
        #expect(refused.status == 65 && !refused.stdout.contains("--network"), "\(refused.stdout)")
        #expect(refused.stderr.contains("29 requests left to fit in 29.har: too few to fit a link (at least 30") && refused.stderr.contains("--allow-few"))
        // A filter that leaves nothing: each file's counts are said beside the error.
        let none = try DeckBenchTool.run(["networks", "fit", "29.har", "--filter", "/nothing/"], in: folder)
        #expect(none.status == 65 && none.stderr.contains("29.har: 0 requests; left out 0 cached, 0 failed, 0 errors (status ≥ 400), "
            + "0 redirects, 29 filtered, 0 malformed"), "\(none.stderr)")
        try Self.har(count: 1).write(toFile: folder + "/1.har", atomically: true, encoding: .utf8)
        let one = try DeckBenchTool.run(["networks", "fit", "1.har", "--allow-few"], in: folder)
        #expect(one.status == 0 && one.stdout.contains("1.har: 1 request; left out"), "\(one.stdout)")
        #expect(one.stderr.contains("WARNING: 1 request left to fit, under 30: the spec below is a guess; too few for intervals (10 at least)"),
                "\(one.stderr)")
        let emptyFilter = try DeckBenchTool.run(["networks", "fit", "1.har", "--filter", ""], in: folder)
        #expect(emptyFilter.status == 64 && emptyFilter.stderr.contains("--filter is empty: give a regular expression"), "\(emptyFilter.stderr)")
        let allowed = try DeckBenchTool.run(["networks", "fit", "29.har", "--allow-few"], in: folder)
        #expect(allowed.status == 0 && allowed.stderr.contains("WARNING: 29 requests left to fit"), "\(allowed.stderr)")
        let fitted = try DeckBenchTool.run(["networks", "fit", "30.har"], in: folder)
        #expect(fitted.status == 0 && !fitted.stderr.contains("WARNING"), "\(fitted.stderr)")
        let lines = fitted.stdout.split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("parameter ") })
        #expect(lines[header].split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["parameter", "value", "requests"])
        let rows = lines[(header + 1) ..< (header + 5)].map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.map { String($0[0]) } == ["rtt_ms", "jitter", "server_ms", "downlink_kbps"])
        #expect(rows.map { String($0[2]) } == ["30", "30", "0", "30"])
        #expect(rows[0].contains("…") && rows[2].last == "—" && rows[3].contains("…"), "\(rows)")
        // Each interval shown holds the value shown (its ends rounded outward).
        for row in [rows[0], rows[1], rows[3]] {
            let (value, low, high) = (Double(row[1]), Double(row[3]), Double(row[5]))
            #expect(value != nil && low != nil && high != nil && low! <= value! && value! <= high!, "\(row)")
        }
        // No set-up times: server_ms is 0, and the line says why in the words of what is missing.
        let serverLine = "server_ms 0: fewer than 10 requests give a TCP set-up time (0 did: a HAR entry's connect less its ssl, when above 0"
        #expect(fitted.stdout.contains(serverLine), "\(fitted.stdout)")
        // Every request opened a connection, its connect all TLS (connect = ssl, HAR 1.2 counting ssl
        // inside connect): no TCP time to read, said so rather than "no connection".
        try Self.har(count: 30, setup: #""connect": 40, "ssl": 40, "#).write(toFile: folder + "/tls.har", atomically: true, encoding: .utf8)
        let tls = try DeckBenchTool.run(["networks", "fit", "tls.har"], in: folder)
        #expect(tls.status == 0 && tls.stdout.contains(serverLine) && !tls.stdout.contains("opened a connection"), "\(tls.stdout)")
    }
}
