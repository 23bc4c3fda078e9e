import Foundation
import Testing
@testable import DeckBench

/// The stall times behind `stall_ms_p99`'s interval.
@Suite struct StallTimeGroupsTests {
    @Test func everyValueFallsInTheBinThatHoldsIt() {
        var previous = 0
        for value in Array(1 ..< 5_000) + [65_535, 65_536, 1_000_000, (1 << 20) - 1] {
            let bin = StallTimeGroups.bin(of: value)
            let (lower, width) = StallTimeGroups.range(of: bin)
            #expect(lower <= value && value < lower + width, "\(value) in bin \(bin): \(lower) ..< \(lower + width)")
            #expect(bin >= previous)
            previous = bin
            // Exact below 64, then no wider than 1/32 of the bin's lowest value.
            #expect(value < 64 ? width == 1 : width * 32 <= lower)
        }
        #expect(StallTimeGroups.bin(of: (1 << 20) - 1) == StallTimeGroups.bins - 1)
        #expect(StallTimeGroups.bin(of: 50_000_000) == StallTimeGroups.bins - 1)
    }

    /// The weighted sums run in lanes (fused on AVX2 and FMA); on whole numbers that is the sum of
    /// one chain, to the bit.
    @Test func theWeightedSumInLanesIsTheSumInOrder() {
        var random = SeededGenerator(seed: 11, keys: 3)
        for round in 0 ..< 200 {
            let weights = (0 ..< StallTimeGroups.groups).map { _ in Double(random.next() % 9) }
            let limit: UInt64 = round % 2 == 0 ? 1_000 : 1 << 40
            let counts = (0 ..< StallTimeGroups.groups).map { _ in Double(random.next() % limit) }
            var inOrder = 0.0
            for group in 0 ..< StallTimeGroups.groups { inOrder += weights[group] * counts[group] }
            let inLanes = weights.withUnsafeBufferPointer { w in
                counts.withUnsafeBufferPointer { c in StallTimeGroups.weightedSum(w.baseAddress!, c.baseAddress!) }
            }
            #expect(inLanes.bitPattern == inOrder.bitPattern, "round \(round)")
        }
    }

    /// One bucket holds every navigation: each replicate weighs all of them alike (or leaves them
    /// out), so every replicate's p99 is the data's, within its bin, like HdrHistogram's.
    @Test func aReplicateOfOneGroupGivesTheDataItsPercentile() {
        var groups = StallTimeGroups(enabled: true)
        var distribution = Distribution()
        for index in 0 ..< 1_000 {
            let milliseconds = index % 10 == 0 ? 100 + index * 3 : 0
            groups.record(milliseconds, bucket: 5)
            distribution.record(milliseconds)
        }
        let exact = distribution.value(at: 99)
        let values = groups.replicatePercentiles(99, weights: StallTimeGroups.weightTable(replicates: 100)).compactMap { $0 }
        #expect(values.count > 50 && values.count < 100, "replicates that weigh the group 0 have no value")
        let (lower, width) = StallTimeGroups.range(of: StallTimeGroups.bin(of: exact))
        #expect(values.allSatisfy { Double(lower) <= $0 && $0 <= Double(lower + width) })
        // Fewer than 1 % stalls: the p99 is 0 in every replicate.
        var rare = StallTimeGroups(enabled: true)
        rare.record(0, count: 999, bucket: 1)
        rare.record(500, bucket: 1)
        #expect(rare.replicatePercentiles(99, weights: StallTimeGroups.weightTable(replicates: 20)).compactMap { $0 }.allSatisfy { $0 == 0 })
    }

    @Test func halvesMergeIntoTheWholeAndSurviveJSON() throws {
        var whole = StallTimeGroups(enabled: true)
        var halves = [StallTimeGroups(enabled: true), StallTimeGroups(enabled: true)]
        for index in 0 ..< 400 {
            let bucket = BootstrapReplicates.bucket(file: "f", session: "s\(index)")
            let milliseconds = index % 3 == 0 ? index * 7 : 0
            whole.record(milliseconds, bucket: bucket)
            halves[index % 2].record(milliseconds, bucket: bucket)
        }
        halves[0].merge(halves[1])
        #expect(halves[0] == whole)
        let decoded = try JSONDecoder().decode(StallTimeGroups.self, from: JSONEncoder().encode(whole))
        #expect(decoded == whole)
        var off = StallTimeGroups(enabled: false)
        off.merge(whole)
        #expect(off == whole)
    }

    /// How many of `populations` seeded synthetic populations of `sessions` sessions have their
    /// true p99 stall inside the 95 % interval (200 replicates). Navigations are 1 to 40 per
    /// session and each stalls with a probability drawn per session from 0 to 0.3 (0.15 on
    /// average); a stall lasts ⌊E⌋ ms, E exponential with mean 500 ms. P(stall ≥ k ms) is then
    /// 0.15 e^(−k/500), so the true p99, the least k with P(X > k) ≤ 1 %, is ⌈500 ln 15⌉ − 1 = 1,354 ms.
    private func covered(populations: Int, sessions: Int, seed: UInt64) -> Int {
        let weights = StallTimeGroups.weightTable(replicates: 200)
        let truth = (500 * log(15.0)).rounded(.up) - 1
        var covered = 0
        for population in 0 ..< populations {
            var random = SeededGenerator(seed: seed, keys: UInt64(population))
            var groups = StallTimeGroups(enabled: true)
            for index in 0 ..< sessions {
                let bucket = BootstrapReplicates.bucket(file: "population-\(population)", session: "s\(index)")
                let probability = 0.3 * random.unit()
                for _ in 0 ..< 1 + Int(random.next() % 40) {
                    let stalled = random.unit() < probability
                    groups.record(stalled ? Int(-500 * log(1 - random.unit())) : 0, bucket: bucket)
                }
            }
            let values = groups.replicatePercentiles(99, weights: weights).compactMap { $0 }
            if let interval = BootstrapReplicates.percentiles(values), interval.low <= truth, truth <= interval.high { covered += 1 }
        }
        return covered
    }

    /// 200 populations of 400 sessions (about 8,200 navigations, 82 above the p99): at least 90 %
    /// covered (185 when written; the percentile bootstrap of a tail quantile runs a little short
    /// of 95 % on samples this size).
    @Test func intervalsCoverTheTrueP99() {
        let count = covered(populations: 200, sessions: 400, seed: 91)
        #expect(count >= 180, "covered \(count) of 200")
    }

    /// The replicates' rank bins are searched outward from the previous replicate's: whatever the
    /// hint (before the first index, at either end, past the last), the last index whose sum
    /// exceeds the threshold, with its sum and the next one's (the row of zeros past the end).
    @Test func theSearchFromAHintFindsTheLastIndexAboveTheThreshold() {
        // Sums at or above each of five bins, the last with stalls above 0; 0 past the end.
        let sums: [Double] = [10, 8, 8, 5, 3, 0]
        // threshold → (index, its sum, the next sum), worked out by hand.
        let cases: [(threshold: Double, index: Int, at: Double, next: Double)] = [
            (9, 0, 10, 8),   // only the first exceeds 9
            (7, 2, 8, 5),    // a run of equal sums: the last of them
            (8, 0, 10, 8),   // equal to the threshold does not exceed it
            (4, 3, 5, 3),
            (2, 4, 3, 0),    // the last bin: the next sum is the row of zeros
            (10, 0, 10, 8),  // none exceeds: 0, as the binary search gave
        ]
        for (threshold, index, at, next) in cases {
            for hint in -1 ... 7 {
                var read: [Int] = []
                let found = StallTimeGroups.lastIndex(below: 5, near: hint, first: sums[0], above: { index in
                    read.append(index)
                    return sums[index]
                }, exceeds: threshold)
                #expect(found.index == index && found.atIndex == at && found.atNext == next,
                        "threshold \(threshold), hint \(hint): \(found)")
                #expect(read.allSatisfy { (1 ... 5).contains($0) }, "index 0 is given, nothing past the zeros is read: \(read)")
            }
        }
    }
}
