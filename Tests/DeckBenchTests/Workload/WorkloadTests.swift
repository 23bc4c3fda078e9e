import Foundation
import Testing
@testable import DeckBench

@Suite struct WorkloadTests {
    let fixtures = Fixtures()

    @Test func generatedSessionsSurviveTheRoundTripFieldForField() throws {
        let generator = SessionGenerator(seed: 42)
        let writer = WorkloadWriter(generator: generator, sessions: 120, files: 2, framesPerFile: 3, compressionLevel: 3)
        let reports = try writer.write(to: fixtures.folder)
        #expect(reports.map(\.sessions) == [60, 60])
        var read: [Session] = []
        for report in reports {
            let (sessions, rejects) = Fixtures.read(report.path, file: (report.path as NSString).lastPathComponent)
            #expect(rejects.isEmpty)
            read += sessions
        }
        let expected = (0 ..< 120).map { generator.session($0, file: WorkloadWriter.fileName($0 / 60, of: 2)) }
        #expect(read.count == expected.count)
        for (got, want) in zip(read, expected) {
            var want = want
            want.line = got.line
            #expect(got == want)
        }
        #expect(reports.map(\.events).reduce(0, +) == expected.map(\.events.count).reduce(0, +))
    }

    /// Steps (swipe, tap, jump) that start while an earlier swipe is still settling, and swipes.
    private func overlaps(_ generator: SessionGenerator, sessions: Int) -> (overlapping: Int, swipes: Int) {
        var overlapping = 0
        var swipes = 0
        for index in 0 ..< sessions {
            var busyUntilMs = -1
            for event in generator.session(index).events {
                switch event.kind {
                case let .swipe(_, durationMs, _):
                    if event.timeMs < busyUntilMs { overlapping += 1 }
                    swipes += 1
                    busyUntilMs = max(busyUntilMs, event.timeMs + durationMs)
                case .tap, .jump:
                    if event.timeMs < busyUntilMs { overlapping += 1 }
                case .scroll, .end:
                    break
                }
            }
        }
        return (overlapping, swipes)
    }

    @Test func burstsOverlapAFewPercentOfSwipesAsRealUsersDo() {
        let (overlapping, swipes) = overlaps(SessionGenerator(seed: 3), sessions: 3_000)
        let share = Double(overlapping) / Double(swipes)
        #expect(share > 0.01 && share < 0.06, "\(overlapping) of \(swipes) swipes")
        var model = WorkloadModel()
        model.overlapProbability = 0
        #expect(overlaps(SessionGenerator(model: model, seed: 3), sessions: 3_000).overlapping == 0)
    }

    @Test func sameSeedGivesTheSameBytes() throws {
        let first = Fixtures()
        let second = Fixtures()
        let writer = WorkloadWriter(generator: SessionGenerator(seed: 9), sessions: 50, files: 2, framesPerFile: 2)
        _ = try writer.write(to: first.folder)
        _ = try writer.write(to: second.folder)
        for name in ["sessions-001.jsonl.zst", "sessions-002.jsonl.zst"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: first.path(name)))
            let b = try Data(contentsOf: URL(fileURLWithPath: second.path(name)))
            #expect(a == b)
            #expect(!a.isEmpty)
        }
    }

    @Test func sessionDependsOnlyOnSeedAndIndex() {
        let generator = SessionGenerator(seed: 5)
        #expect(generator.session(17) == generator.session(17))
        #expect(generator.session(17) != generator.session(18))
        #expect(SessionGenerator(seed: 6).session(17) != generator.session(17))
        let ids = Set((0 ..< 10_000).map(generator.sessionID))
        #expect(ids.count == 10_000)
    }

    @Test func generatedSessionsObeyEveryRule() {
        let generator = SessionGenerator(seed: 3)
        for index in 0 ..< 500 {
            let session = generator.session(index)
            #expect(session.contains(page: session.page))
            #expect(zip(session.events, session.events.dropFirst()).allSatisfy { $0.timeMs <= $1.timeMs })
            for case let .jump(page) in session.events.map(\.kind) { #expect(session.contains(page: page)) }
        }
    }

    @Test func modelKnobsShapeTheWorkload() {
        var model = WorkloadModel()
        model.jumpProbability = 0
        model.cancelProbability = 0
        model.swipeShare = 1
        model.scrollProbability = 0
        model.endProbability = 1
        let generator = SessionGenerator(model: model, seed: 4)
        var summary = RecordingSummary()
        for index in 0 ..< 300 { summary.add(generator.session(index)) }
        #expect(summary.jumps == 0)
        #expect(summary.cancelledSwipes == 0)
        #expect(summary.taps == 0)
        #expect(summary.scrolls == 0)
        #expect(summary.ends == 300)
        #expect(summary.swipes > 1_000)
    }

    /// The knobs for users the step model cannot copy exactly, each off by default (the sessions
    /// are then today's, byte for byte: `committedSampleIsWhatMakeSampleWrites`).
    @Test func knobsForUsersUnlikeTheStepModel() {
        func sessions(_ change: (inout WorkloadModel) -> Void) -> [Session] {
            var model = WorkloadModel()
            change(&model)
            let generator = SessionGenerator(model: model, seed: 8)
            return (0 ..< 400).map { generator.session($0) }
        }
        /// The directions of a session's taps and committed swipes, in order.
        func directions(_ session: Session) -> [Direction] {
            session.events.compactMap { event in
                switch event.kind {
                case let .tap(direction): direction
                case let .swipe(direction, _, false): direction
                default: nil
                }
            }
        }
        // Jumps land near: within 5 pages, never on the page itself.
        let near = sessions { $0.jumpNear = 5; $0.jumpProbability = 0.3 }
        var jumps = 0
        for session in near {
            var heading = session.page
            for event in session.events {
                switch event.kind {
                case let .jump(page):
                    #expect(abs(page - heading) <= 5 && (page != heading || session.first == session.last))
                    jumps += 1
                    heading = page
                case let .tap(direction), let .swipe(direction, _, false):
                    if session.contains(page: heading + direction.offset) { heading += direction.offset }
                default: break
                }
            }
        }
        #expect(jumps > 500)
        // Second-order memory: users who never turn on their own (persistence 1, no bounces far
        // from the ends) but always after two steps the same way make runs of at most two steps.
        let memory = sessions { $0.persistence = 1; $0.turnAfterTwo = 1; $0.jumpProbability = 0; $0.historyPagesMin = 1_000
            $0.cancelProbability = 0; $0.startTodayProbability = 0 }
        let runs = memory.map(directions).flatMap { steps in
            steps.indices.dropFirst(2).map { steps[$0] == steps[$0 - 1] && steps[$0 - 1] == steps[$0 - 2] }
        }
        #expect(runs.count > 1_000 && runs.filter { $0 }.count < runs.count / 50)
        // Persistence that differs per session: with a wide spread around 0.5 many sessions never
        // turn and many turn at every step, where without it few do either.
        func extremes(_ sessions: [Session]) -> Int {
            sessions.map(directions).filter { $0.count >= 6 }.count { steps in
                let turns = zip(steps, steps.dropFirst()).count { $0 != $1 }
                return turns == 0 || turns == steps.count - 1
            }
        }
        let spread = sessions { $0.persistence = 0.5; $0.persistenceSpread = 2; $0.historyPagesMin = 1_000; $0.startTodayProbability = 0 }
        let alike = sessions { $0.persistence = 0.5; $0.historyPagesMin = 1_000; $0.startTodayProbability = 0 }
        #expect(extremes(spread) > 3 * max(1, extremes(alike)))
        // Skimmed pages: with every page skimmed, bursts come three times as often, so steps come
        // closer together.
        func meanGap(_ sessions: [Session]) -> Double {
            let gaps = sessions.flatMap { session in zip(session.events, session.events.dropFirst()).map { Double($1.timeMs - $0.timeMs) } }
            return gaps.reduce(0, +) / Double(gaps.count)
        }
        #expect(meanGap(sessions { $0.skimShare = 1 }) < 0.8 * meanGap(sessions { _ in }))
    }

    @Test func defaultModelMakesEveryKindOfEvent() {
        let generator = SessionGenerator(seed: 1)
        var summary = RecordingSummary()
        for index in 0 ..< 400 { summary.add(generator.session(index)) }
        #expect(summary.swipes > summary.taps)
        #expect(summary.taps > 0 && summary.jumps > 0 && summary.scrolls > 0 && summary.cancelledSwipes > 0)
        #expect(summary.bounces > 0)
        #expect(summary.ends > 300 && summary.ends < 400)
        // Bursts: some consecutive steps less than a second apart.
        let gaps = (0 ..< 400).flatMap { index -> [Int] in
            let steps = generator.session(index).events.filter {
                if case .swipe = $0.kind { return true }
                if case .tap = $0.kind { return true }
                return false
            }
            return zip(steps, steps.dropFirst()).map { $1.timeMs - $0.timeMs }
        }
        #expect(gaps.contains { $0 < 1_000 })
        #expect(gaps.contains { $0 > 10_000 })
    }

    @Test func committedSampleIsWhatMakeSampleWrites() throws {
        // data/README.md: `deckbench generate --out data --sessions 400 --files 4 --frames 2 --seed 2026 --level 19`.
        let writer = WorkloadWriter(generator: SessionGenerator(seed: 2026), sessions: 400, files: 4, framesPerFile: 2, compressionLevel: 19)
        _ = try writer.write(to: fixtures.folder, jobs: 2)
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")
        for index in 0 ..< 4 {
            let name = WorkloadWriter.fileName(index, of: 4)
            let made = try Data(contentsOf: URL(fileURLWithPath: fixtures.path(name)))
            let committed = try Data(contentsOf: data.appendingPathComponent(name))
            #expect(made == committed, "\(name) differs from what generate writes")
        }
    }
}
