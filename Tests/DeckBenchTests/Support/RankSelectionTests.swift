import Foundation
import Testing
@testable import DeckBench

/// `RankSelection` reads ranks near an end by one pass that keeps the few values beyond them, and
/// other ranks by quickselect: both must give what sorting gives, whatever the order, the ties and
/// the skew of the list.
@Suite struct RankSelectionTests {
    /// A list of `count` values from a fixed generator: skewed (most near 0, a long right tail),
    /// with ties (values rounded to a grid) when `ties`.
    static func list(_ count: Int, seed: UInt64, ties: Bool) -> [Double] {
        var random = SeededGenerator(seed: seed)
        return (0 ..< count).map { _ in
            let value = -1_000 * log(1 - random.unit())
            return ties ? (value / 50).rounded() * 50 : value
        }
    }

    @Test func endRanksAreWhatSortingGives() {
        for count in [RankSelection.passFrom, 100, 1_000, 4_001] {
            for ties in [false, true] {
                let values = Self.list(count, seed: UInt64(count), ties: ties)
                let sorted = values.sorted()
                // An interval's ranks (2.5 % and 97.5 %, nearest rank), the ends themselves, and the
                // last rank within a sixteenth of each end.
                let edge = count / 16 - 1
                let ranks = [0, edge, Int((0.025 * Double(count)).rounded(.up)) - 1, Int((0.975 * Double(count)).rounded(.up)) - 1,
                             count - 1 - edge, count - 1].sorted()
                #expect(RankSelection.values(values, at: ranks) == ranks.map { sorted[$0] }, "\(count) values, ties \(ties)")
                // Ascending and descending input: every value enters the kept few, or none after the first.
                #expect(RankSelection.values(sorted, at: ranks) == ranks.map { sorted[$0] })
                #expect(RankSelection.values(sorted.reversed(), at: ranks) == ranks.map { sorted[$0] })
            }
        }
    }

    @Test func middleRanksAndShortListsAreWhatSortingGives() {
        for count in [1, 2, 7, RankSelection.passFrom - 1, 1_000] {
            let values = Self.list(count, seed: 7 + UInt64(count), ties: true)
            let sorted = values.sorted()
            // The median and a rank one past the end's sixteenth take quickselect on long lists.
            let ranks = Array(Set([0, count / 16, count / 2, count - 1])).sorted()
            #expect(RankSelection.values(values, at: ranks) == ranks.map { sorted[$0] }, "\(count) values")
        }
    }

    @Test func allEqualValues() {
        let values = [Double](repeating: 3.5, count: 1_000)
        #expect(RankSelection.values(values, at: [24, 974]) == [3.5, 3.5])
        // Middle ranks take quickselect: the pivot's equals are one part of its split.
        #expect(RankSelection.values(values, at: [0, 499, 500, 999]) == [3.5, 3.5, 3.5, 3.5])
    }

    /// Two values, many times each, and a few others: the ranks at and beside the boundary between
    /// the two runs of equal values, which a pass's split into below, equal and above must keep.
    @Test func longRunsOfEqualValues() {
        var random = SeededGenerator(seed: 11)
        let values = (0 ..< 3_001).map { index -> Double in
            index % 100 == 0 ? Double(random.next() % 1_000) : (random.next() % 3 == 0 ? 7 : 2)
        }
        let sorted = values.sorted()
        let twos = sorted.lastIndex(of: 2)!
        let ranks = [300, twos - 1, twos, twos + 1, 1_500, 2_700].sorted()
        #expect(RankSelection.values(values, at: ranks) == ranks.map { sorted[$0] })
        #expect(sorted[twos] == 2 && sorted[twos + 1] == 7)
    }
}
