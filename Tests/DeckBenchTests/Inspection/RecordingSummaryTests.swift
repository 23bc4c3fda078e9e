import Testing
@testable import DeckBench

@Suite struct RecordingSummaryTests {
    @Test func countsNavigationsAsTheReplayWould() {
        // Pages -2…1, start at 0.
        let session = Session(id: "s", file: "f", line: 1, page: 0, first: -2, last: 1, events: [
            Event(timeMs: 1_000, kind: .tap(.next)),                                   // 0 → 1: navigation
            Event(timeMs: 2_000, kind: .tap(.next)),                                   // past 1: bounce
            Event(timeMs: 3_000, kind: .swipe(.prev, durationMs: 300, cancelled: true)), // dragged, no navigation
            Event(timeMs: 4_000, kind: .swipe(.prev, durationMs: 300, cancelled: false)), // 1 → 0 at 4300: navigation
            Event(timeMs: 5_000, kind: .scroll(y: 200)),
            Event(timeMs: 6_000, kind: .jump(page: 0)),                                // already on 0: nothing
            Event(timeMs: 7_000, kind: .jump(page: -2)),                               // navigation
            Event(timeMs: 8_000, kind: .swipe(.next, durationMs: 500, cancelled: false)), // commits at 8500, after the end
            Event(timeMs: 8_200, kind: .end),
        ])
        var summary = RecordingSummary()
        summary.add(session)
        #expect(summary.navigations == 3)
        #expect(summary.bounces == 1)
        #expect(summary.swipes == 3)
        #expect(summary.cancelledSwipes == 1)
        #expect(summary.taps == 2)
        #expect(summary.jumps == 2)
        #expect(summary.scrolls == 1)
        #expect(summary.ends == 1)
        #expect(summary.events == 9)
        #expect(summary.durationMs.max == 8_200)
        #expect(summary.navigationsPerSession.max == 3)
    }

    @Test func summariesMergeExactly() {
        let generator = SessionGenerator(seed: 8)
        var whole = RecordingSummary()
        var left = RecordingSummary()
        var right = RecordingSummary()
        for index in 0 ..< 200 {
            let session = generator.session(index)
            whole.add(session)
            if index % 2 == 0 { left.add(session) } else { right.add(session) }
        }
        left.merge(right)
        #expect(left == whole)
        #expect(left.durationMs.value(at: 99) == whole.durationMs.value(at: 99))
    }
}
