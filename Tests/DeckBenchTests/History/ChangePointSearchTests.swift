import Foundation
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

    /// The check's error rates on simulated histories of 30 nights (the series above), at the limit
    /// of 0.5 points over 3 nights: how often a flat series, or one with a wild night (+5 points on
    /// a random night), fails; how often a step of 1.2 points on night 20 is caught, and on its
    /// night; after how many nights a creep of 0.3 points a night from night 20 is caught; and how
    /// often a flat series shows a change at a limit of 0 (the intervals' own error rate, ≤ 5 %).
    /// `DECKBENCH_HISTORY_RUNS` series a scenario (default 300; docs/NIGHTLY.md's table used 10,000).
    @Test func errorRatesOnSimulatedHistories() {
        let runs = Int(ProcessInfo.processInfo.environment["DECKBENCH_HISTORY_RUNS"] ?? "") ?? 300
        let search = ChangePointSearch()
        func fails(_ nights: [ChangePointSearch.Night]) -> ChangePointSearch.Change? {
            search.largestIncrease(nights).flatMap { $0.low > Self.limit ? $0 : nil }
        }
        var flat = 0, flatAtZero = 0, outlier = 0, step = 0, stepOnNight = 0, creepNights: [Int] = []
        for run in 0 ..< runs {
            let seed = UInt64(1_000 + run)
            if fails(Self.series(30, seed: seed)) != nil { flat += 1 }
            // At a limit of 0 a flat series fails only by the intervals' own error.
            if (search.largestIncrease(Self.series(30, seed: seed))?.low ?? 0) > 0 { flatAtZero += 1 }
            let wild = 5 + run % 25
            if fails(Self.series(30, seed: seed) { $0 == wild ? 0.05 : 0 }) != nil { outlier += 1 }
            if let change = fails(Self.series(30, seed: seed) { $0 >= 20 ? 0.012 : 0 }) {
                step += 1
                if change.start == 20 { stepOnNight += 1 }
            }
            let creep = { (night: Int) in night >= 20 ? 0.003 * Double(night - 19) : 0 }
            creepNights.append((21 ... 40).first { fails(Self.series($0, seed: seed, shift: creep)) != nil }.map { $0 - 20 } ?? 99)
        }
        let sorted = creepNights.sorted()
        print("| \(runs) series a scenario | flat: failed \(flat), at a limit of 0 \(flatAtZero) | one wild night: failed \(outlier) | step: caught \(step), on night 20 "
            + "\(stepOnNight) | creep: caught after median \(sorted[sorted.count / 2]), 95th percentile \(sorted[sorted.count * 95 / 100]), "
            + "most \(sorted.last!) nights |")
        #expect(flat * 100 <= runs * 2, "flat series failed \(flat) of \(runs)")
        #expect(outlier * 100 <= runs * 2, "series with a wild night failed \(outlier) of \(runs)")
        #expect(flatAtZero * 100 <= runs * 5, "flat series past 0: \(flatAtZero) of \(runs)")
        #expect(step * 100 >= runs * 99 && stepOnNight * 100 >= runs * 95)
        #expect(sorted[sorted.count * 95 / 100] <= 7)
    }
}
