import Testing
@testable import DeckBench

@Suite struct StepTests {
    let session = Session(id: "s", file: "f", line: 1, page: 0, first: -1, last: 1, events: [])

    @Test func swipeNeedsAtStartAndCommitsAtTheEnd() {
        let step = Step.of(Event(timeMs: 100, kind: .swipe(.next, durationMs: 250, cancelled: false)), from: 0, in: session)
        #expect(step == .navigation(target: 1, needMs: 100, commitMs: 350, direction: .next))
    }

    @Test func tapAndJumpCommitAtOnce() {
        #expect(Step.of(Event(timeMs: 5, kind: .tap(.prev)), from: 0, in: session)
            == .navigation(target: -1, needMs: 5, commitMs: 5, direction: .prev))
        #expect(Step.of(Event(timeMs: 5, kind: .jump(page: 1)), from: -1, in: session)
            == .navigation(target: 1, needMs: 5, commitMs: 5, direction: nil))
    }

    @Test func stepsPastTheLimitsBounce() {
        #expect(Step.of(Event(timeMs: 5, kind: .tap(.next)), from: 1, in: session) == .bounce)
        #expect(Step.of(Event(timeMs: 5, kind: .swipe(.prev, durationMs: 9, cancelled: false)), from: -1, in: session) == .bounce)
        #expect(Step.of(Event(timeMs: 5, kind: .swipe(.prev, durationMs: 9, cancelled: true)), from: -1, in: session) == .bounce)
    }

    @Test func cancelledSwipeDragsInButNeverCommits() {
        #expect(Step.of(Event(timeMs: 5, kind: .swipe(.next, durationMs: 9, cancelled: true)), from: 0, in: session)
            == .cancelledSwipe(target: 1, needMs: 5))
    }

    @Test func jumpToTheShownPageIsNothing() {
        #expect(Step.of(Event(timeMs: 5, kind: .jump(page: 0)), from: 0, in: session) == Step.none)
        #expect(Step.of(Event(timeMs: 5, kind: .scroll(y: 10)), from: 0, in: session) == Step.none)
        #expect(Step.of(Event(timeMs: 5, kind: .end), from: 0, in: session) == Step.none)
    }
}
