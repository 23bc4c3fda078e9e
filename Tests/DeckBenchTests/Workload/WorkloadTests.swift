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
