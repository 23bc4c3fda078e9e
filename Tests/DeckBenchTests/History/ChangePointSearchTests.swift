import Testing
@testable import DeckBench

/// The change-point search on hand-made series: a stall rate of 3 % measured each night with a
/// 95 % interval ±0.8 points wide and a night-to-night spread of 0.2 points, judged against a
/// limit of 0.5 points (absolute) over at least 3 nights.
@Suite struct ChangePointSearchTests {
    static let limit = 0.005

    /// `count` nights of 3 % plus `shift(night)`, with seeded noise.
    static func series(_ count: Int, seed: UInt64, shift: (Int) -> Double = { _ in 0 }) -> [ChangePointSearch.Night] {
        var random = SeededGenerator(seed: seed, keys: 9)
        return (0 ..< count).map { night in
            let value = 0.03 + shift(night) + 0.002 * random.standardNormal()
            return ChangePointSearch.Night(value: value, low: value - 0.004, high: value + 0.004)
        }
    }

    @Test func aStepIsFoundOnItsNight() throws {
        for seed: UInt64 in 1 ... 20 {
            let nights = Self.series(30, seed: seed) { $0 >= 20 ? 0.012 : 0 }
            let change = try #require(ChangePointSearch().largestIncrease(nights))
            #expect(change.start == 20, "seed \(seed): found at \(change.start)")
            #expect(change.low > Self.limit && change.low < 0.012 && change.high > 0.012, "seed \(seed): \(change)")
        }
    }

    @Test func aFlatNoisySeriesHasNoChangePastTheLimit() {
        for seed: UInt64 in 1 ... 200 {
            let change = ChangePointSearch().largestIncrease(Self.series(30, seed: seed))
            #expect(change.map { $0.low <= Self.limit } ?? true, "seed \(seed): \(String(describing: change))")
        }
    }

    /// A creep of 0.3 points a night from night 20: each night alone is within the limit of the
    /// night before, and the search still finds it by its 7th night (20 seeded series: 18 by the
    /// 6th, 2 on the 7th).
    @Test func aCreepIsFoundWithinSevenNights() {
        for seed: UInt64 in 1 ... 20 {
            let creep = { (night: Int) in night >= 20 ? 0.003 * Double(night - 19) : 0 }
            let found = (21 ... 30).first { count in
                (ChangePointSearch().largestIncrease(Self.series(count, seed: seed, shift: creep))?.low ?? 0) > Self.limit
            }
            // `found` nights in all: the creep's nights are those from night 20 (the 21st).
            #expect(found.map { $0 - 20 <= 7 } ?? false, "seed \(seed): found with \(String(describing: found)) nights")
        }
    }

    /// One wild night (+5 points) at the end, or in the middle, is no lasting change.
    @Test func oneOutlierNightIsNoChange() {
        for seed: UInt64 in 1 ... 50 {
            for outlier in [29, 24] {
                let nights = Self.series(30, seed: seed) { $0 == outlier ? 0.05 : 0 }
                let change = ChangePointSearch().largestIncrease(nights)
                #expect(change.map { $0.low <= Self.limit } ?? true, "seed \(seed), night \(outlier): \(String(describing: change))")
            }
        }
    }

    /// Worked by hand: baseline nights 1, 1, 1, 1, 1 (no spread, no intervals), then 4, 4, 4: the
    /// change from night 5 is 3 with no uncertainty; a start at 6 has baseline (1·5 + 4)/6 = 1.5 and
    /// a level of 4, a change of 2.5; the search keeps the start at 5.
    @Test func aNoiselessStepByHand() throws {
        let nights = [1, 1, 1, 1, 1, 4, 4, 4].map { ChangePointSearch.Night(value: $0) }
        let change = try #require(ChangePointSearch(minNights: 2, minBaseline: 5).largestIncrease(nights))
        #expect(change.start == 5)
        #expect(change.size == 3)
        #expect(change.baseline == 1)
        #expect(change.nights == 3)
    }

    @Test func tooFewNightsHaveNoStart() {
        #expect(ChangePointSearch().largestIncrease(Self.series(7, seed: 1)) == nil)
    }
}
