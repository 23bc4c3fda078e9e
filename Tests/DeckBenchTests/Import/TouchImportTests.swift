import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// `deckbench import touches`: strokes read as taps, scrolls, committed and cancelled swipes, by
/// hand and by a round trip through strokes drawn for generated sessions.
@Suite struct TouchImportTests {
    private func folder() -> String {
        let path = TestScratch.directory + "deckbench-touches-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func sessions(_ path: String) -> [Session] {
        RecordingReader(path: path).compactMap { item in
            if case let .session(session) = item { return session }
            return nil
        }
    }

    private let columns = (session: "session", time: "t", action: "action", x: "x", y: "y")

    /// 420 dpi: a pixel is 160/420 dp, the 1,080-pixel page 411.4 dp wide; half of it 205.7 dp.
    @Test func aHandMadeStreamBecomesTheGesturesWorkedOutByHand() throws {
        let dir = folder()
        try """
        session,t,action,x,y
        s1,1000,down,900,1200
        s1,1016,move,850,1204
        s1,1160,move,300,1230
        s1,1170,up,290,1231
        s1,3000,ACTION_DOWN,500,800
        s1,3080,ACTION_UP,502,801
        s1,5000,0,500,1500
        s1,5200,2.0,520,900
        s1,5250,8,520,850
        s1,5260,261,300,840
        s1,5270,ACTION_POINTER_UP(1),300,830
        s1,5300,1,520,700
           
        s1,7000,down,200,1000
        s1,7100,move,400,1000
        s1,7600,move,420,1000
        s1,7800,up,420,1000
        s1,9000,down,800,1000
        s1,9040,move,700,1000
        s1,9080,up,600,1000

        """.write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let report = try TouchImport(columns: columns).run(dir + "/t.csv", into: dir)
        let session = try #require(sessions(report.output).first)
        // 1: 610 px left = 232 dp, past half the page: a committed swipe to the next page, from down to up.
        // 2: 2 px: a tap, at x = 190 dp, the left half: back. 3: 800 px up: a scroll to 305 dp.
        // 4: 220 px = 84 dp right, then still for 200 ms: neither far nor fast, a cancelled swipe back.
        // 5: 200 px = 76 dp left in 80 ms, 950 dp/s over its last 100 ms: a fling to the next page.
        // (A move written 2.0 is a move; a mouse's scroll, 8, is skipped; so are a second finger's
        // down as getAction() gives it, 261 = 5 | 1 << 8, its up as logcat names it, and a line of spaces.)
        #expect(session.events == [
            Event(timeMs: 0, kind: .swipe(.next, durationMs: 170, cancelled: false)),
            Event(timeMs: 2_000, kind: .tap(.prev)),
            Event(timeMs: 4_300, kind: .scroll(y: 305)),
            Event(timeMs: 6_000, kind: .swipe(.prev, durationMs: 800, cancelled: true)),
            Event(timeMs: 8_000, kind: .swipe(.next, durationMs: 80, cancelled: false)),
            Event(timeMs: 18_080, kind: .end),
        ])
        #expect(report.swipes == 2 && report.cancels == 1 && report.taps == 1 && report.scrolls == 1 && report.rejects.isEmpty)
    }

    @Test func aBadRowRejectsItsSessionAndTheRestGoOn() throws {
        let dir = folder()
        try """
        session,t,action,x,y
        a,0,down,10,10
        a,10,wave,10,10
        b,0,move,10,10
        c,0,down,10,10
        c,50,up,10,11
        d,100,down,10,10
        d,90,up,10,10

        """.write(toFile: dir + "/bad.csv", atomically: true, encoding: .utf8)
        let report = try TouchImport(columns: columns).run(dir + "/bad.csv", into: dir)
        #expect(report.rejects == [
            "\(dir)/bad.csv:3: session \"a\" rejected: action \"wave\" in column \"action\" is not down, move, up or cancel (0 to 3; 4 to 12, a second pointer's, hover and a mouse's, are skipped)",
            "\(dir)/bad.csv:8: session \"d\" rejected: time \"90\" in column \"t\" is before the previous row's \"100\" (sort the rows by session and time)",
        ])
        // A move with no finger down is a stray sample, not a stroke: b has no gesture, only its end.
        #expect(sessions(report.output).map(\.id) == ["b", "c"])
        #expect(sessions(report.output).first?.events == [Event(timeMs: 10_000, kind: .end)])
        #expect(report.taps == 1)
    }

    /// Strokes near the thresholds, on the 420-dpi screen (a pixel 0.381 dp, half the page 540 px):
    /// 1. a pause of 950 ms, then a flick of 400 px in 40 ms: VelocityTracker counts only the
    ///    samples after the pause (the pointer had stopped), 3,810 dp/s — a fling, committed, though
    ///    the 420 px dragged are short of half the page (measured from the sample before the pause,
    ///    the speed would be 154 dp/s, and the flick read as a cancelled drag);
    /// 2. out 80 px (30 dp) and back to within the slop: a cancelled swipe, not a tap;
    /// 3. a slow drag of 400 px left, then a fast flick back to 150 px left: the flick goes the
    ///    other way and 57 dp is short of half the page, so it does not commit;
    /// 4. a slow drag of exactly 540 px (the commit fraction), released: not past it, not committed.
    /// Touch samples whose times are seconds read as ms put strokes a few ms apart: refused,
    /// naming seconds; the same samples with `--time-unit s` import.
    @Test func strokesNoPersonCouldMakeAreRefused() throws {
        let dir = folder()
        let path = dir + "/t.csv"
        // Eleven taps 2.5 s apart, each 80 ms long, in seconds with their decimals.
        let rows = (0 ..< 11).flatMap { tap in
            let down = 1_700_000_000_000 + 2_500 * tap
            return ["s1,\(down / 1_000).\(String(format: "%03d", down % 1_000)),down,500,800",
                    "s1,\((down + 80) / 1_000).\(String(format: "%03d", (down + 80) % 1_000)),up,502,801"]
        }
        try (["session,t,action,x,y"] + rows).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try TouchImport(columns: columns).run(path, into: dir + "/out")
        } throws: { error in
            "\(error)".contains("the median time between a session's consecutive strokes is under 100 ms read as ms (about 2.5 ms, over 10 intervals)")
                && "\(error)".contains("read as seconds it is about 2500 ms: give --time-unit s")
        }
        let report = try TouchImport(columns: columns, timeUnit: .s).run(path, into: dir + "/out")
        #expect(report.sessions == 1 && report.taps == 11)
    }

    @Test func strokesNearTheThresholds() throws {
        let dir = folder()
        try """
        session,t,action,x,y
        s,0,down,900,1000
        s,50,move,880,1000
        s,1000,move,880,1000
        s,1010,move,860,1000
        s,1020,move,700,1000
        s,1030,move,520,1000
        s,1040,up,480,1000
        s,3000,down,500,1000
        s,3100,move,580,1000
        s,3200,move,505,1000
        s,3300,up,502,1000
        s,5000,down,900,1000
        s,5400,move,700,1000
        s,5800,move,500,1000
        s,5820,move,650,1000
        s,5840,up,750,1000
        s,7000,down,900,1000
        s,7400,move,600,1000
        s,7800,move,400,1000
        s,8200,up,360,1000

        """.write(toFile: dir + "/edges.csv", atomically: true, encoding: .utf8)
        let report = try TouchImport(columns: columns).run(dir + "/edges.csv", into: dir)
        let session = try #require(sessions(report.output).first)
        #expect(session.events.dropLast() == [
            Event(timeMs: 0, kind: .swipe(.next, durationMs: 1_040, cancelled: false)),
            Event(timeMs: 3_000, kind: .swipe(.prev, durationMs: 300, cancelled: true)),
            Event(timeMs: 5_000, kind: .swipe(.next, durationMs: 840, cancelled: true)),
            Event(timeMs: 7_000, kind: .swipe(.next, durationMs: 1_200, cancelled: true)),
        ])
        #expect(report.taps == 0)
    }

    @Test func aUserColumnNamesEachSessionsUser() throws {
        let dir = folder()
        try """
        session,t,action,x,y,account
        a,0,down,10,10,u1
        a,50,up,10,11,u1
        b,0,down,10,10,u2
        b,50,up,10,11,u3

        """.write(toFile: dir + "/u.csv", atomically: true, encoding: .utf8)
        let report = try TouchImport(columns: columns, userColumn: "account").run(dir + "/u.csv", into: dir)
        #expect(report.rejects == [#"\#(dir)/u.csv:5: session "b" rejected: its rows name two users, "u2" and "u3""#])
        #expect(sessions(report.output).map(\.user) == ["u1"])
    }

    /// Draws one stroke for each gesture of generated sessions (swipes, cancelled swipes, taps and
    /// scrolls; jumps have no touch), one after the other, and reads them back: the same gestures
    /// in the same order.
    @Test func generatedGesturesRoundTripThroughStrokes() throws {
        let dir = folder()
        let widthPx = 1_080.0
        var csv = "session,t,action,x,y\n"
        var expected: [String: [String]] = [:]
        var order: [String] = []
        let generator = SessionGenerator(seed: 8)
        for index in 0 ..< 120 {
            let session = generator.session(index)
            var clockMs = 0
            var kinds: [String] = []
            var lastScroll = 0.0
            func row(_ t: Int, _ action: String, _ x: Double, _ y: Double) {
                csv += "\(session.id),\(t),\(action),\(Int(x.rounded())),\(Int(y.rounded()))\n"
            }
            row(0, "down", 540, 300)
            row(30, "up", 540, 300)
            kinds.append("tap next")
            clockMs = 100
            for event in session.events {
                let start = max(clockMs, event.timeMs)
                switch event.kind {
                case let .swipe(direction, durationMs, cancelled):
                    let duration = max(120, durationMs)
                    let sign = direction == .next ? -1.0 : 1.0
                    let from = direction == .next ? 0.85 * widthPx : 0.15 * widthPx
                    // Committed: dragged 70 % of the page. Cancelled: 25 %, then held still for 150 ms.
                    let reach = (cancelled ? 0.25 : 0.7) * widthPx
                    row(start, "down", from, 1_000)
                    for step in 1 ... 8 { row(start + duration * step / 8, "move", from + sign * reach * Double(step) / 8, 1_000) }
                    let upMs = start + duration + (cancelled ? 150 : 0)
                    row(upMs, "up", from + sign * reach, 1_000)
                    kinds.append("swipe \(direction)\(cancelled ? " cancelled" : "")")
                    if !cancelled { lastScroll = 0 }
                    clockMs = upMs + 1
                case let .tap(direction):
                    let x = direction == .next ? 0.8 * widthPx : 0.2 * widthPx
                    row(start, "down", x, 900)
                    row(start + 40, "up", x + 2, 901)
                    kinds.append("tap \(direction)")
                    clockMs = start + 41
                case let .scroll(y):
                    let delta = max(30, abs(y - lastScroll)) * 420 / 160
                    row(start, "down", 500, 1_800)
                    row(start + 100, "move", 505, 1_800 - delta / 2)
                    row(start + 200, "up", 510, 1_800 - delta)
                    kinds.append("scroll")
                    lastScroll = y
                    clockMs = start + 201
                case .jump, .end:
                    continue
                }
            }
            expected[session.id] = kinds
            order.append(session.id)
        }
        try csv.write(toFile: dir + "/strokes.csv", atomically: true, encoding: .utf8)
        let report = try TouchImport(columns: columns, widthPx: widthPx).run(dir + "/strokes.csv", into: dir)
        #expect(report.rejects.isEmpty)
        let imported = sessions(report.output)
        #expect(imported.map(\.id) == order)
        var swipes = 0, cancels = 0, taps = 0, scrolls = 0
        for session in imported {
            let kinds = session.events.compactMap { event -> String? in
                switch event.kind {
                case let .swipe(direction, _, cancelled): "swipe \(direction)\(cancelled ? " cancelled" : "")"
                case let .tap(direction): "tap \(direction)"
                case .scroll: "scroll"
                default: nil
                }
            }
            #expect(kinds == expected[session.id], "\(session.id)")
            for kind in kinds {
                if kind.hasPrefix("swipe") { if kind.hasSuffix("cancelled") { cancels += 1 } else { swipes += 1 } }
                if kind.hasPrefix("tap") { taps += 1 }
                if kind == "scroll" { scrolls += 1 }
            }
        }
        // The generated sessions hold every kind.
        #expect(swipes > 0 && cancels > 0 && taps > 120 && scrolls > 0)
    }
}
