import Testing
@testable import DeckBench

/// The max-T critical values against a brute-force reading of their promise: the smallest c such
/// that, in at least `level` of the replicates, every row lies within c of its replicate mean, in
/// its own standard errors, on the side bounded.
@Suite struct SimultaneousIntervalsTests {
    /// Three rows over 50 replicates: two that move together, one of its own, plus a row that never
    /// varies and a few undefined values.
    private static func table() -> [[Double?]] {
        var random = SeededGenerator(seed: 41, keys: 7)
        func uniform() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        var rows: [[Double?]] = [[], [], [], []]
        for b in 0 ..< 50 {
            let shared = uniform() - 0.5
            rows[0].append(0.20 + 0.03 * shared + 0.005 * (uniform() - 0.5))
            rows[1].append(b % 17 == 3 ? nil : 31 + 40 * shared + 6 * (uniform() - 0.5))
            rows[2].append(0.9 + 0.01 * (uniform() - 0.5) * (uniform() - 0.5) * 4)
            rows[3].append(0.5)
        }
        return rows
    }

    /// The brute force: every candidate c (each row's deviation in each replicate), the smallest
    /// whose share of replicates with every defined, varying row within it reaches `level`.
    private static func bruteForce(_ rows: [[Double?]], level: Double, below: Bool) -> Double {
        let spread = rows.map(SimultaneousIntervals.meanAndStandardError)
        func deviation(_ r: Int, _ b: Int) -> Double? {
            guard spread[r].standardError > 0, let value = rows[r][b] else { return nil }
            let t = (value - spread[r].mean) / spread[r].standardError
            return below ? -t : t
        }
        let replicates = rows[0].count
        let candidates = (0 ..< rows.count).flatMap { r in (0 ..< replicates).compactMap { deviation(r, $0) } }.sorted()
        for c in candidates {
            let covered = (0 ..< replicates).filter { b in (0 ..< rows.count).allSatisfy { deviation($0, b).map { $0 <= c } ?? true } }
            if Double(covered.count) >= level * Double(replicates) { return c }
        }
        return candidates.last ?? 0
    }

    @Test func theCriticalValuesAreTheSmallestThatCoverTheLevel() {
        let rows = Self.table()
        for level in [0.8, 0.9, 0.95] {
            let intervals = SimultaneousIntervals(replicates: rows, level: level)
            #expect(intervals.lowerCritical == Self.bruteForce(rows, level: level, below: true), "level \(level)")
            #expect(intervals.upperCritical == Self.bruteForce(rows, level: level, below: false), "level \(level)")
        }
        let intervals = SimultaneousIntervals(replicates: rows, level: 0.95)
        #expect(intervals.standardErrors[3] == 0, "a row that never varies")
        #expect(intervals.bounds(3, around: 0.5) == (0.5, 0.5))
    }

    /// More rows cost width: together, the bounds reach further than any one row's alone, and no
    /// further than a Bonferroni split of the error would (here: no more than the largest single
    /// row's critical value at 1 − 0.05 / 3).
    @Test func rowsTogetherNeedWiderBoundsThanEachAlone() {
        let rows = Array(Self.table().prefix(3))
        let together = SimultaneousIntervals(replicates: rows, level: 0.95)
        for row in rows {
            let alone = SimultaneousIntervals(replicates: [row], level: 0.95)
            #expect(alone.lowerCritical <= together.lowerCritical)
            #expect(alone.upperCritical <= together.upperCritical)
        }
        let bonferroni = rows.map { SimultaneousIntervals(replicates: [$0], level: 1 - 0.05 / 3).lowerCritical }.max()!
        #expect(together.lowerCritical <= bonferroni)
    }
}
