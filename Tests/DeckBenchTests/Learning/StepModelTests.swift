import Foundation
import Testing
@testable import DeckBench

/// The step model: counts from hand-made sessions, smoothed probabilities, the ranking of pages,
/// and the file (the same bytes for the same sessions; another version refused).
@Suite struct StepModelTests {
    /// Taps at t = 1 s (to 1), 1.5 s (to 2: a burst, 500 ms after the one before), 4 s (back to
    /// 1), a jump to 6 at 9 s (5 pages away) and a tap back to 5.
    private let session = scenario(
        #"{"v":1,"session":"walk","page":0,"first":-20,"last":20}"#,
        #"{"t":1000,"e":"tap","dir":"next"}"#,
        #"{"t":1500,"e":"tap","dir":"next"}"#,
        #"{"t":4000,"e":"tap","dir":"prev"}"#,
        #"{"t":9000,"e":"jump","page":6}"#,
        #"{"t":9800,"e":"tap","dir":"prev"}"#,
        #"{"t":12000,"e":"end"}"#)

    private func count(_ learner: StepModelLearner, last: Direction?, before: Direction?, burst: Bool, offset: Int) -> Int {
        learner.counts[StepHistory(last: last, before: before, burst: burst).index][StepModel.outcome(ofOffset: offset)]
    }

    @Test func countsEachStepUnderTheHistoryTheAppKnewBeforeIt() {
        var learner = StepModelLearner(burstMs: 1_000)
        learner.add(session)
        // Step 1 (+1): nothing before. Step 2 (+1): after next, no burst yet (one commit before).
        // Step 3 (−1): after next, next, burst (1.5 s − 1 s < 1 s). Step 4 (the jump, +5 from 1):
        // after prev, next, no burst (4 s − 1.5 s). Step 5 (−1): after a jump (none), prev, no burst.
        #expect(count(learner, last: nil, before: nil, burst: false, offset: 1) == 1)
        #expect(count(learner, last: .next, before: nil, burst: false, offset: 1) == 1)
        #expect(count(learner, last: .next, before: .next, burst: true, offset: -1) == 1)
        #expect(count(learner, last: .prev, before: .next, burst: false, offset: 5) == 1)
        #expect(count(learner, last: nil, before: .prev, burst: false, offset: -1) == 1)
        #expect(learner.counts.joined().reduce(0, +) == 5 && learner.sessions == 1)
        #expect(StepModel.outcome(ofOffset: 9) == StepModel.outcome(ofOffset: -30))
        #expect(StepModel.offset(ofOutcome: StepModel.outcome(ofOffset: -3)) == -3)
        #expect(StepModel.offset(ofOutcome: StepModel.outcome(ofOffset: 8)) == 8)
    }

    @Test func probabilitiesAreSmoothedTowardsThePooledSteps() {
        // History A (none, none, no burst): 30 steps of +1. History B (next, none): 2 steps of −1.
        var counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
        let a = StepHistory(last: nil, before: nil, burst: false)
        let b = StepHistory(last: .next, before: nil, burst: false)
        counts[a.index][StepModel.outcome(ofOffset: 1)] = 30
        counts[b.index][StepModel.outcome(ofOffset: -1)] = 2
        let model = StepModel(counts: counts, sessions: 3, smoothing: 20)
        // Pooled, add one: +1 is 31/49, −1 is 3/49, any other 1/49.
        let plus = 31.0 / 49, minus = 3.0 / 49, other = 1.0 / 49
        let pa = model.probabilities(after: a)
        #expect(abs(pa[StepModel.outcome(ofOffset: 1)] - (30 + 20 * plus) / 50) < 1e-12)
        #expect(abs(pa[StepModel.outcome(ofOffset: 4)] - 20 * other / 50) < 1e-12)
        let pb = model.probabilities(after: b)
        #expect(abs(pb[StepModel.outcome(ofOffset: -1)] - (2 + 20 * minus) / 22) < 1e-12)
        // Two steps say little: B still leans to the population's +1.
        #expect(pb[StepModel.outcome(ofOffset: 1)] > pb[StepModel.outcome(ofOffset: -1)])
        // An unseen history is the pooled distribution itself.
        let unseen = model.probabilities(after: StepHistory(last: .prev, before: .prev, burst: true))
        #expect(abs(unseen[StepModel.outcome(ofOffset: 1)] - plus) < 1e-12)
        #expect(StepHistory.all.allSatisfy { abs(model.probabilities(after: $0).reduce(0, +) - 1) < 1e-9 })
    }

    @Test func pagesAreRankedByTheirChanceWithinThreeSteps() {
        // Users who always go one page ahead: +1, +2, +3 are the pages needed next, then after that.
        var counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
        for history in StepHistory.all { counts[history.index][StepModel.outcome(ofOffset: 1)] = 1_000 }
        let model = StepModel(counts: counts, sessions: 1)
        #expect(Array(model.rankedOffsets(after: StepHistory(last: .next, before: .next, burst: true)).prefix(3)) == [1, 2, 3])
        // Users who turn back half the time: the pages on both sides, nearest first.
        counts = Array(repeating: Array(repeating: 0, count: StepModel.outcomes), count: StepHistory.all.count)
        for history in StepHistory.all {
            counts[history.index][StepModel.outcome(ofOffset: 1)] = 500
            counts[history.index][StepModel.outcome(ofOffset: -1)] = 500
        }
        let both = StepModel(counts: counts, sessions: 1).rankedOffsets(after: StepHistory(last: nil, before: nil, burst: false))
        #expect(Set(both.prefix(2)) == [1, -1])
        #expect(both.count == 2 * StepModel.horizon * StepModel.maxOffset)
    }

    @Test func theFileIsTheSameBytesAndReadsBack() throws {
        var learner = StepModelLearner()
        learner.add(session)
        let bytes = StepModelFile.encoded(learner.model)
        #expect(bytes == StepModelFile.encoded(learner.model))
        #expect(bytes.count < 8_192)
        let read = try StepModelFile.decode(Data(bytes), path: "m.json")
        #expect(read.counts == learner.counts && read.sessions == 1 && read.burstMs == 1_000 && read.smoothing == 20)
        #expect(StepModelFile.encoded(read) == bytes)
        // Cut short (a copy that stopped), it says so, not that its format is missing.
        #expect(throws: StepModelFile.Failure.notAModel(path: "cut.json", detail: "not valid JSON (cut short, or not written by DeckBench)")) {
            try StepModelFile.decode(Data(bytes.prefix(500)), path: "cut.json")
        }
    }

    @Test func anotherVersionOrAnotherFileIsRefusedClearly() {
        let older = Data(#"{"format":"deckbench-step-model","version":0,"histories":[]}"#.utf8)
        #expect(throws: StepModelFile.Failure.otherVersion(path: "old.json", version: 0)) { try StepModelFile.decode(older, path: "old.json") }
        #expect(StepModelFile.Failure.otherVersion(path: "old.json", version: 0).description.contains("learn it again with `deckbench learn`"))
        #expect(throws: StepModelFile.Failure.self) { try StepModelFile.decode(Data(#"{"rows":[]}"#.utf8), path: "x.json") }
        #expect(throws: StepModelFile.Failure.unreadable(path: "/no/such/model.json")) { try StepModelFile.read("/no/such/model.json") }
    }
}
