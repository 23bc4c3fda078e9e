import Foundation
import Testing

/// `deckbench import` end to end: the recordings it writes are ones `inspect` and `replay` accept,
/// and a bad row is named on stderr with exit 1 while the other sessions are written.
@Suite struct ImportCommandTests {
    @Test func pageViewsBecomeRecordingsThatReplay() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try """
        session,ts,page
        v1,1700000000000,4
        v1,1700000004100,5
        v1,1700000009000,9
        v2,1700000100000,1
        v2,1700000100500,oops

        """.write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let result = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--session", "session", "--time", "ts", "--page", "page",
                                            "--out", "rec"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("views.csv:6: session \"v2\" rejected: page \"oops\" in column \"page\" is not a whole number"))
        #expect(result.stdout.contains("5 rows, 1 session (1 swipe, 0 cancelled, 0 taps, 1 jump, 0 scrolls), 1 session and 2 rows rejected"))
        let inspect = try DeckBenchTool.run(["inspect", "rec"], in: folder)
        #expect(inspect.status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet"], in: folder).status == 0)
    }

    /// A recording's temporary file that an import killed outright left in `--out` is removed by
    /// the next import there, which says so; one of a live process, or not DeckBench's, stays.
    @Test func aKilledImportsTemporaryFileIsRemovedByTheNext() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try "session,ts,page\nv1,1700000000000,4\nv1,1700000004100,5\n".write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/rec", withIntermediateDirectories: true)
        let dead = folder + "/rec/views.jsonl.zst.999999.tmp"
        let live = folder + "/rec/other.jsonl.zst.\(getpid()).tmp"
        let foreign = folder + "/rec/notes.999999.tmp"
        for path in [dead, live, foreign] { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
        let result = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--session", "session", "--time", "ts", "--page", "page",
                                            "--out", "rec", "--quiet"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "removed 1 temporary file left in rec by a run that was killed: views.jsonl.zst.999999.tmp\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live) && FileManager.default.fileExists(atPath: foreign))
        #expect(FileManager.default.fileExists(atPath: folder + "/rec/views.jsonl.zst"))
    }

    /// A log in seconds imported with the default unit (ms) would replay views 4 ms apart: refused
    /// with exit 65, naming seconds, the recording an earlier import wrote there left as it was,
    /// and the files after it imported all the same; with `--time-unit s` it imports. A Google
    /// Analytics 4 export's µs (`event_timestamp`) imports with `--time-unit us` to the same
    /// recording, and read as ms is refused as µs, not rejected row by row.
    @Test func timesInAnotherUnitAreRefusedAndTheUnitNamed() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let flags = ["--session", "session", "--time", "ts", "--page", "page", "--out", "rec"]
        // Two sessions, twelve changes of page 4 s apart, written with `scale` units a second.
        func views(_ scale: Int) -> String {
            (["session,ts,page"] + ["v1", "v2"].flatMap { id in
                (0 ..< 7).map { view in "\(id),\((1_700_000_000 + 4 * view) * scale),\(view)" }
            }).joined(separator: "\n") + "\n"
        }
        try views(1_000).write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        try views(1_000).write(toFile: folder + "/later.csv", atomically: true, encoding: .utf8)
        #expect(try DeckBenchTool.run(["import", "pageviews", "views.csv", "--quiet"] + flags, in: folder).status == 0)
        let earlier = try Data(contentsOf: URL(fileURLWithPath: folder + "/rec/views.jsonl.zst"))
        try views(1).write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let refused = try DeckBenchTool.run(["import", "pageviews", "views.csv", "later.csv"] + flags, in: folder)
        #expect(refused.status == 65 && refused.stderr.contains("error: views.csv: the median time between a session's consecutive changes of "
            + "page is under 100 ms read as ms (about 4 ms, over 12 intervals)")
            && refused.stderr.contains("read as seconds it is about 4000 ms: give --time-unit s; nothing was written for it"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/rec/views.jsonl.zst")) == earlier)
        #expect(refused.stdout.contains("later.csv -> rec/later.jsonl.zst: 14 rows, 2 sessions (12 swipes"), "\(refused.stdout)")
        let seconds = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--time-unit", "s"] + flags, in: folder)
        #expect(seconds.status == 0 && seconds.stdout.contains("14 rows, 2 sessions (12 swipes"), "\(seconds.stderr)")
        let fromSeconds = try DeckBenchTool.run(["inspect", "rec/views.jsonl.zst"], in: folder)
        try views(1_000_000).write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let micro = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--time-unit", "us"] + flags, in: folder)
        #expect(micro.status == 0 && micro.stdout.contains("14 rows, 2 sessions (12 swipes"), "\(micro.stderr)")
        #expect(try DeckBenchTool.run(["inspect", "rec/views.jsonl.zst"], in: folder).stdout == fromSeconds.stdout)
        let asMs = try DeckBenchTool.run(["import", "pageviews", "views.csv"] + flags, in: folder)
        #expect(asMs.status == 65 && asMs.stderr == "error: views.csv: 2 of 2 sessions have times past 10¹⁵ ms read as ms (the first at line 2: "
            + "\"1700000000000000\"), which read as µs: give --time-unit us; nothing was written for it\n", "\(asMs.stderr)")
        // Few intervals warn and import.
        try "session,ts,page\nv1,1700000000,1\nv1,1700000004,2\n".write(toFile: folder + "/few.csv", atomically: true, encoding: .utf8)
        let few = try DeckBenchTool.run(["import", "pageviews", "few.csv"] + flags, in: folder)
        #expect(few.status == 0 && few.stderr.hasPrefix("warning: few.csv: the median time") && few.stderr.contains("(too few to refuse the file)"),
                "\(few.stderr)")
    }

    /// `a/views.csv`, `b/views.csv` and `views.jsonl` all become `views.jsonl.zst`: refused (exit
    /// 64) before anything is written, naming both inputs, in both formats; distinct names import.
    @Test func inputsThatWouldShareAnOutputAreRefused() throws {
        let folder = DeckBenchTool.temporaryFolder()
        for sub in ["a", "b"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        let views = "session,ts,page\nv1,1700000000000,4\nv1,1700000004100,5\n"
        for path in ["a/views.csv", "b/views.csv", "other.csv"] { try views.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8) }
        try #"{"session":"v1","ts":1700000000000,"page":4}"#.appending("\n").write(toFile: folder + "/views.jsonl", atomically: true, encoding: .utf8)
        let flags = ["--session", "session", "--time", "ts", "--page", "page", "--out", "rec"]
        for inputs in [["a/views.csv", "b/views.csv"], ["a/views.csv", "views.jsonl"]] {
            let result = try DeckBenchTool.run(["import", "pageviews"] + inputs + flags, in: folder)
            #expect(result.status == 64, "\(inputs): \(result.stderr)")
            #expect(result.stderr.contains("\(inputs[0]) and \(inputs[1]) would both be written to rec/views.jsonl.zst"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/rec"))
        }
        let touches = try DeckBenchTool.run(["import", "touches", "a/views.csv", "b/views.csv", "--columns", "session,t,action,x,y", "--out", "rec"], in: folder)
        #expect(touches.status == 64 && touches.stderr.contains("would both be written to rec/views.jsonl.zst"), "\(touches.stderr)")
        let distinct = try DeckBenchTool.run(["import", "pageviews", "a/views.csv", "other.csv"] + flags, in: folder)
        #expect(distinct.status == 0, "\(distinct.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/rec").sorted() == ["other.jsonl.zst", "views.jsonl.zst"])
    }

    /// A column the flags name that the header lacks is the file's content (65); a file that is not
    /// there is 74; neither writes a recording.
    @Test func aMissingColumnIsADataFaultAndAMissingFileAnIOFault() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try "session,ts,page\nv1,1700000000000,4\n".write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let flags = ["--session", "session", "--time", "ts", "--page", "page", "--out", "rec"]
        let column = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--user", "account"] + flags, in: folder)
        #expect(column.status == 65 && column.stderr.contains("views.csv: no column \"account\" in the header"), "\(column.stderr)")
        // Said before any file is written: views.csv, before it, is not imported either; a folder
        // is no log, and one file given twice (by another path) is a usage error.
        let missing = try DeckBenchTool.run(["import", "pageviews", "views.csv", "nosuch.csv"] + flags.dropLast(2) + ["--out", "rec2"], in: folder)
        #expect(missing.status == 74 && missing.stderr == "error: nosuch.csv: no such file (nothing imported)\n", "\(missing.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/rec"))?.isEmpty ?? true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/rec2"))
        let directory = try DeckBenchTool.run(["import", "pageviews", "."] + flags, in: folder)
        #expect(directory.status == 74 && directory.stderr.contains(". is a folder: give the log files in it"), "\(directory.stderr)")
        let twice = try DeckBenchTool.run(["import", "pageviews", "views.csv", "\(folder)/views.csv"] + flags, in: folder)
        #expect(twice.status == 64 && twice.stderr.contains("are one file, given twice: give it once"), "\(twice.stderr)")
        // Under another name (a link beside it), it would write a second recording of the same sessions.
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.csv", withDestinationPath: "views.csv")
        try FileManager.default.linkItem(atPath: folder + "/views.csv", toPath: folder + "/hard.csv")
        for other in ["alias.csv", "hard.csv"] {
            let linked = try DeckBenchTool.run(["import", "pageviews", "views.csv", other] + flags, in: folder)
            #expect(linked.status == 64 && linked.stderr == "error: views.csv and \(other) are one file (a link to it), given twice: give it once\n",
                    "\(linked.stderr)")
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/rec"))?.isEmpty ?? true)
        // A pipe (`<(zcat views.csv.gz)`) would lose the bytes read to find its kind: said, not misread.
        #expect(mkfifo(folder + "/pipe.csv", 0o600) == 0)
        let pipe = try DeckBenchTool.run(["import", "pageviews", "pipe.csv"] + flags, in: folder)
        #expect(pipe.status == 74 && pipe.stderr.contains("pipe.csv: cannot read: is not a regular file (a pipe?)"), "\(pipe.stderr)")
    }

    /// Past the first 20 rejects of a file, the rest are counted in one line.
    @Test func rejectsPastTheFirstTwentyAreCountedOnStderr() throws {
        let folder = DeckBenchTool.temporaryFolder()
        var text = "session,ts,page\n"
        for session in 0 ..< 23 { text += "s\(session),1000,1\ns\(session),x,2\n" }
        text += "good,1000,1\ngood,3000,2\n"
        try text.write(toFile: folder + "/many.csv", atomically: true, encoding: .utf8)
        let result = try DeckBenchTool.run(["import", "pageviews", "many.csv", "--session", "session", "--time", "ts", "--page", "page", "--out", "rec"], in: folder)
        let lines = result.stderr.split(separator: "\n")
        #expect(result.status == 1 && lines.count == 21 && lines.last == "many.csv: … and 3 more rejects (the first 20 shown)", "\(result.stderr)")
    }

    @Test func aUserColumnReachesTheManifest() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try """
        session,account,ts,page
        v1,ann,1700000000000,4
        v1,ann,1700000004100,5
        v2,ann,1700000100000,1
        v3,bob,1700000200000,2

        """.write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let result = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--session", "session", "--user", "account", "--time", "ts",
                                            "--page", "page", "--out", "rec"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet"], in: folder).status == 0)
        let manifest = try String(contentsOfFile: folder + "/out/manifest.json", encoding: .utf8)
        #expect(manifest.contains(#""bootstrap_unit" : "user""#) && manifest.contains(#""sessions_with_user" : 3"#))
    }

    @Test func touchesBecomeRecordingsAndBadFlagsAreUsageErrors() throws {
        let folder = DeckBenchTool.temporaryFolder()
        try """
        session,t,action,x,y
        s1,1000,down,900,1200
        s1,1160,move,300,1230
        s1,1170,up,290,1231

        """.write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try DeckBenchTool.run(["import", "touches", "t.csv", "--columns", "session,t,action,x,y", "--out", "rec"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("1 session (1 swipe, 0 cancelled, 0 taps, 0 jumps, 0 scrolls)"))
        #expect(try DeckBenchTool.run(["inspect", "rec"], in: folder).status == 0)
        let bad = try DeckBenchTool.run(["import", "touches", "t.csv", "--columns", "session,t,x,y", "--out", "rec"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--columns must name 5 columns"))
        let missing = try DeckBenchTool.run(["import", "pageviews", "t.csv", "--session", "session", "--time", "t", "--page", "page",
                                             "--out", "rec"], in: folder)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("t.csv: no column \"page\" in the header"))
    }

    /// The flags both formats share are declared once: the same bounds, the same words, for each.
    @Test func sharedImportFlagsAreCheckedAlikeForBothFormats() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let formats = [["import", "pageviews", "v.csv", "--session", "s", "--time", "t", "--page", "p"],
                       ["import", "touches", "t.csv", "--columns", "s,t,a,x,y"]]
        for format in formats {
            let dwell = try DeckBenchTool.run(format + ["--out", "rec", "--dwell-ms", "86400001"], in: folder)
            #expect(dwell.status == 64 && dwell.stderr.contains("--dwell-ms must be from 0 to 86400000 (got 86400001)"), "\(format[1]): \(dwell.stderr)")
            let unit = try DeckBenchTool.run(format + ["--out", "rec", "--time-unit", "hours"], in: folder)
            #expect(unit.status == 64 && unit.stderr.contains("--time-unit must be ms, s, us, ns or iso8601 (got hours)"), "\(format[1]): \(unit.stderr)")
            let out = try DeckBenchTool.run(format, in: folder)
            #expect(out.status == 64 && out.stderr.contains("--out"), "\(format[1]): \(out.stderr)")
            let help = try DeckBenchTool.run(Array(format.prefix(2)) + ["--help"])
            #expect(help.stdout.contains("--user <column>") && help.stdout.contains("--dwell-ms") && help.stdout.contains("--quiet"))
        }
        // The last dwell at its bound is accepted by both.
        try "session,ts,page\nv1,1000,4\nv1,2000,5\n".write(toFile: folder + "/views.csv", atomically: true, encoding: .utf8)
        let views = try DeckBenchTool.run(["import", "pageviews", "views.csv", "--session", "session", "--time", "ts", "--page", "page",
                                           "--dwell-ms", "86400000", "--time-unit", "ms", "--out", "rec", "--quiet"], in: folder)
        #expect(views.status == 0 && views.stdout.isEmpty, "\(views.stderr)")
    }
}
