import Foundation
import Testing
@testable import DeckBench

/// distributions.csv's bound per curve: a curve of many levels keeps at most `maxRows` of its own
/// levels, the grid's and the percentiles' among them.
@Suite struct DistributionsTableTests {
    /// 20,000 values over 1 … 200,000 ms, skewed to a long tail: thousands of levels.
    private func longCurve() -> Distribution {
        var distribution = Distribution()
        var random = SeededGenerator(seed: 5, keys: 1)
        for _ in 0 ..< 20_000 {
            let u = random.unit()
            distribution.record(Int(1 + 200_000 * u * u * u * u))
        }
        distribution.record(0, count: 30_000)
        return distribution
    }

    @Test func aLongCurveKeepsItsOwnLevelsAtTheGridAndTheEnds() {
        let distribution = longCurve()
        let steps = distribution.steps
        let total = distribution.count
        #expect(steps.count > 2_000)
        let kept = DistributionsTable.keptSteps(steps, total: total)
        #expect(kept.count <= DistributionsTable.maxRows)
        #expect(kept.first == steps.first && kept.last?.cumulativeCount == total)
        // Every kept row is a level of the curve, in order, with its exact cumulative count, and
        // counts what lies above the row before it.
        let levels = Dictionary(uniqueKeysWithValues: steps.map { ($0.value, $0.cumulativeCount) })
        #expect(kept.allSatisfy { levels[$0.value] == $0.cumulativeCount })
        #expect(kept.reduce(0) { $0 + $1.count } == total)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.value < $1.value })
        // Each 1/100 of the values: the first level reaching it is kept.
        for i in 1 ... 100 {
            let first = steps.first { $0.cumulativeCount * 100 >= i * total }!
            #expect(kept.contains { $0.value == first.value }, "grid point \(i)/100")
        }
        // The percentiles summary.csv reports are levels kept, by the nearest rank.
        for percentile in [50.0, 90.0, 99.0, 99.9] {
            #expect(kept.contains { $0.value == distribution.value(at: percentile) }, "p\(percentile)")
        }
        #expect(kept.last?.value == steps.last?.value)
    }

    @Test func aShortCurveIsWrittenWhole() {
        var distribution = Distribution()
        for value in 0 ..< DistributionsTable.maxRows { distribution.record(value, count: 1 + value % 3) }
        #expect(DistributionsTable.keptSteps(distribution.steps, total: distribution.count) == distribution.steps)
    }
}
