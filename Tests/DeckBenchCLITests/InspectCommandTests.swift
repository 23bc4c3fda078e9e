import CSV
import Foundation
import Testing

@Suite struct InspectCommandTests {
    /// Two sessions in a plain file: "a" taps next twice (0 → 1 → 2) and ends at 5 s; "b" makes a
    /// cancelled swipe, bounces off `first`, jumps and scrolls, and has no `end` (ends at 4 s).
    static let fixture = """
        {"v":1,"session":"a","page":0,"first":-5,"last":5}
        {"t":1000,"e":"tap","dir":"next"}
        {"t":2000,"e":"tap","dir":"next"}
        {"t":5000,"e":"end"}
        {"v":1,"session":"b","page":-5,"first":-5,"last":5}
        {"t":500,"e":"swipe","dir":"next","dur":300,"cancel":true}
        {"t":1500,"e":"swipe","dir":"prev","dur":300}
        {"t":2500,"e":"jump","page":3}
        {"t":4000,"e":"scroll","y":120}

        """

    /// A damaged file: session "c" is good, "d" has a bad direction on line 3.
    static let damaged = """
        {"v":1,"session":"c","page":0,"first":0,"last":9}
        {"v":1,"session":"d","page":0,"first":0,"last":9}
        {"t":10,"e":"tap","dir":"left"}

        """

    private func folderWithFixtures(damaged: Bool = false) -> String {
        let folder = DeckBenchTool.temporaryFolder()
        try? FileManager.default.createDirectory(atPath: folder + "/rec", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/rec/one.jsonl", contents: Data(Self.fixture.utf8))
        if damaged {
            _ = FileManager.default.createFile(atPath: folder + "/rec/two.jsonl", contents: Data(Self.damaged.utf8))
        }
        _ = FileManager.default.createFile(atPath: folder + "/rec/notes.txt", contents: Data("not a recording".utf8))
        return folder
    }

    @Test func tableSummarisesAFolder() throws {
        let folder = folderWithFixtures()
        let output = try DeckBenchTool.run(["inspect", "rec"], in: folder)
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("file") == true)
        // sessions 2, rejects 0, events 7, swipes 2, cancelled 1, taps 2, jumps 1, scrolls 1;
        // navigations 3: the two taps of "a" and the jump of "b" (its swipe to prev from page -5,
        // the first page, is the one bounce).
        let row = try #require(lines.first { $0.hasPrefix("rec/one.jsonl") })
        #expect(row.split(separator: " ").map(String.init) == ["rec/one.jsonl", "2", "0", "7", "2", "1", "2", "1", "1", "3", "1"])
        #expect(output.stdout.contains("1 file(s), 2 sessions, 7 events, 9 lines"))
    }

    @Test func csvGivesOneRowPerFileAndATotal() throws {
        let folder = folderWithFixtures(damaged: true)
        let output = try DeckBenchTool.run(["inspect", "--csv", "--max-rejects", "1", "rec"], in: folder)
        #expect(output.status == 0)
        let reader = try CSVReader(string: output.stdout, hasHeaderRow: true)
        var rows: [[String: String]] = []
        while reader.next() != nil {
            rows.append(Dictionary(uniqueKeysWithValues: zip(reader.headerRow!, reader.currentRow!)))
        }
        #expect(rows.map { $0["file"] } == ["rec/one.jsonl", "rec/two.jsonl", "total"])
        #expect(rows.map { $0["sessions"] } == ["2", "1", "3"])
        #expect(rows.map { $0["rejects"] } == ["0", "1", "1"])
        #expect(rows[0]["navigations"] == "3")
        #expect(rows[0]["duration_ms_max"] == "5000")
        // HdrHistogram keeps 3 significant digits: above 2047 ms two neighbouring values share a
        // bucket, and a percentile reports the bucket's highest value, so 4000 reads as 4001.
        #expect(rows[0]["duration_ms_p50"] == "4001")
        #expect(rows[0]["navigations_per_session_max"] == "2")
        #expect(output.stderr.contains(#"rec/two.jsonl:3: session "d" rejected: field `dir` must be "next" or "prev", got "left""#))
    }

    @Test func rejectsSetTheExitStatusAndAreListed() throws {
        let folder = folderWithFixtures(damaged: true)
        let output = try DeckBenchTool.run(["inspect", "rec", "--rejects-csv", "out/rejects.csv"], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout.contains("Rejected:"))
        #expect(output.stdout.contains(#"rec/two.jsonl:3: session "d" rejected: field `dir` must be "next" or "prev", got "left""#))
        let rejects = try String(contentsOfFile: folder + "/out/rejects.csv", encoding: .utf8)
        #expect(rejects == "file,line,session,reason\nrec/two.jsonl,3,d,\"field `dir` must be \"\"next\"\" or \"\"prev\"\", got \"\"left\"\"\"\n")
    }

    /// A file with no session is said to hold none, with no made-up percentiles: alone it is a data
    /// error (exit 65, as replay's), beside a file with sessions a note on stderr.
    @Test func aFileWithoutSessionsIsSaidToHoldNone() throws {
        let folder = DeckBenchTool.temporaryFolder()
        _ = FileManager.default.createFile(atPath: folder + "/empty.jsonl", contents: Data())
        let alone = try DeckBenchTool.run(["inspect", "empty.jsonl"], in: folder)
        #expect(alone.status == 65)
        #expect(alone.stderr == "error: empty.jsonl holds no session (0 lines, 0 bytes)\n", "\(alone.stderr)")
        #expect(!alone.stdout.contains("0.0s"), "\(alone.stdout)")
        let shapes = try #require(alone.stdout.split(separator: "\n").last { $0.hasPrefix("empty.jsonl") && $0.contains("-") })
        #expect(shapes.split(separator: " ").map(String.init) == ["empty.jsonl"] + Array(repeating: "-", count: 8))
        let csv = try DeckBenchTool.run(["inspect", "--csv", "empty.jsonl"], in: folder)
        #expect(csv.status == 65)
        let row = try #require(csv.stdout.split(separator: "\n").first { $0.hasPrefix("empty.jsonl,") })
        #expect(row.hasSuffix(",0,0,,,,,,,,"), "percentile cells empty, not 0: \(row)")
        _ = FileManager.default.createFile(atPath: folder + "/one.jsonl", contents: Data(Self.fixture.utf8))
        let beside = try DeckBenchTool.run(["inspect", "one.jsonl", "empty.jsonl"], in: folder)
        #expect(beside.status == 0)
        #expect(beside.stderr == "note: empty.jsonl holds no session (0 lines, 0 bytes)\n", "\(beside.stderr)")
    }

    /// Random bytes named .jsonl.zst are said not to be zstd (not "malformed JSON"), naming the
    /// file; a plain JSON Lines file named .zst is still read (detected by content, not name).
    @Test func randomBytesNamedZstAreNotZstd() throws {
        let folder = DeckBenchTool.temporaryFolder()
        var random = SystemRandomNumberGenerator()
        var bytes = (0 ..< 4_096).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
        bytes[0] = 0x8F  // neither zstd's magic nor a `{`
        _ = FileManager.default.createFile(atPath: folder + "/random.jsonl.zst", contents: Data(bytes))
        let output = try DeckBenchTool.run(["inspect", "random.jsonl.zst"], in: folder)
        #expect(output.status == 74, "a file that cannot be read at all")
        #expect(output.stdout.contains("random.jsonl.zst: not zstd: the name ends in .zst but the file does not start with zstd's magic number"),
                "\(output.stdout)")
        #expect(!output.stdout.contains("malformed JSON"))
        let replayed = try DeckBenchTool.run(["replay", "random.jsonl.zst", "--out", "out"], in: folder)
        #expect(replayed.status == 65 && replayed.stderr.contains("rejected: random.jsonl.zst: not zstd"), "\(replayed.stderr)")
        _ = FileManager.default.createFile(atPath: folder + "/plain.jsonl.zst", contents: Data(Self.fixture.utf8))
        let plain = try DeckBenchTool.run(["inspect", "plain.jsonl.zst"], in: folder)
        #expect(plain.status == 0 && plain.stdout.contains("1 file(s), 2 sessions"), "\(plain.stdout)")
    }

    @Test func missingPathIsAnIOError() throws {
        let output = try DeckBenchTool.run(["inspect", "no-such-folder"], in: DeckBenchTool.temporaryFolder())
        #expect(output.status == 74)
        #expect(output.stderr.contains("cannot read no-such-folder: no such file or folder"))
    }

    @Test func badFlagIsAUsageError() throws {
        let output = try DeckBenchTool.run(["inspect", "--max-rejects=-3", "x"], in: DeckBenchTool.temporaryFolder())
        #expect(output.status == 64)
        #expect(output.stderr.contains("--max-rejects must be 0 or more"))
    }

    /// Files are read in parallel and added in order: the same report for every `--jobs`.
    @Test func everyJobsValuePrintsTheSameReport() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "120", "--files", "4", "--seed", "6"], in: folder)
        #expect(generated.status == 0)
        _ = FileManager.default.createFile(atPath: folder + "/rec/zz.jsonl", contents: Data(Self.damaged.utf8))
        var outputs: [DeckBenchTool.Output] = []
        for jobs in ["1", "3"] {
            outputs.append(try DeckBenchTool.run(["inspect", "rec", "--csv", "--jobs", jobs, "--max-rejects", "5"], in: folder))
        }
        #expect(outputs[0].status == 0)
        #expect(outputs[0].stdout.split(separator: "\n").count == 7, "a header, five files and the total")
        #expect(outputs[0].stdout == outputs[1].stdout)
        #expect(outputs[0].stderr == outputs[1].stderr && outputs[0].stderr.contains("zz.jsonl"))
    }
}
