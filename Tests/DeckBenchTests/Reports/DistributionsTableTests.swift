import Foundation
import Testing
@testable import DeckBench

/// distributions.csv's bound per curve: a curve of many levels keeps at most `maxRows` (102) of its own
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
        // Each 1/50 of the values: the first level reaching it is kept.
        for i in 1 ... 50 {
            let first = steps.first { $0.cumulativeCount * 50 >= i * total }!
            #expect(kept.contains { $0.value == first.value }, "grid point \(i)/50")
        }
        // The tail past 0.9, ten points a decade: 0.92057 (j = 11) … 0.999999 (j = 60); with
        // 50,000 values the points past 1 − 1/50,000 all fall on the last level.
        for j in 11 ... 60 {
            let first = steps.first { Double(total - $0.cumulativeCount) <= Double(total) * pow(10, -Double(j) / 10) }!
            #expect(kept.contains { $0.value == first.value }, "tail point j = \(j)")
        }
        #expect(kept.count < 50 + 50 + 2, "the two grids share levels on this curve")
        // The percentiles summary.csv reports are levels kept, by the nearest rank.
        for percentile in [50.0, 90.0, 99.0, 99.9] {
            #expect(kept.contains { $0.value == distribution.value(at: percentile) }, "p\(percentile)")
        }
        #expect(kept.last?.value == steps.last?.value)
    }

    /// 102 levels (50 of the even grid, 50 of the tail, the first and the last) are written whole;
    /// one level more and the curve is thinned to the grids' levels.
    @Test func aCurveOfAtMost102LevelsIsWrittenWholeAndOneMoreIsThinned() {
        #expect(DistributionsTable.maxRows == 102)
        var whole = Distribution()
        for value in 0 ..< 102 { whole.record(value, count: 1 + value % 3) }
        #expect(DistributionsTable.keptSteps(whole.steps, total: whole.count) == whole.steps)
        var thinned = Distribution()
        for value in 0 ..< 103 { thinned.record(value, count: 1 + value % 3) }
        let kept = DistributionsTable.keptSteps(thinned.steps, total: thinned.count)
        #expect(kept.count < 103 && kept.first?.value == 0 && kept.last?.value == 102)
        #expect(kept.reduce(0) { $0 + $1.count } == thinned.count)
    }
}
