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
        #expect(result.stderr.contains("views.csv:6: session \"v2\" rejected: page \"oops\" is not a whole number"))
        #expect(result.stdout.contains("5 rows, 1 sessions (1 swipes, 0 cancelled, 0 taps, 1 jumps, 0 scrolls), 1 sessions and 2 rows rejected"))
        let inspect = try DeckBenchTool.run(["inspect", "rec"], in: folder)
        #expect(inspect.status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet"], in: folder).status == 0)
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
        #expect(result.stdout.contains("1 sessions (1 swipes, 0 cancelled, 0 taps, 0 jumps, 0 scrolls)"))
        #expect(try DeckBenchTool.run(["inspect", "rec"], in: folder).status == 0)
        let bad = try DeckBenchTool.run(["import", "touches", "t.csv", "--columns", "session,t,x,y", "--out", "rec"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--columns must name 5 columns"))
        let missing = try DeckBenchTool.run(["import", "pageviews", "t.csv", "--session", "session", "--time", "t", "--page", "page",
                                             "--out", "rec"], in: folder)
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("t.csv: no column \"page\" in the header"))
    }
}
