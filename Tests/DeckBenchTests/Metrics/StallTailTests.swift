import Testing
@testable import DeckBench

/// The gateable tails of `stall_ms`: the p99 of stalled navigations and the mean of the worst 1 %
/// of all navigations (CVaR), at the point (`Distribution`) and per replicate (`StallTimeGroups`),
/// on stalls worked out by hand.
@Suite struct StallTailTests {
    /// Every group weighed once: one replicate that is the data itself.
    private static let unitWeights = [Double](repeating: 1, count: StallTimeGroups.groups)

    /// 196 navigations without a stall and stalls of 10, 20, 30 and 50 ms (all below 64: bins of
    /// one millisecond, exact), spread over three groups.
    private static func fourStalls() -> (StallTimeGroups, Distribution) {
        var groups = StallTimeGroups(enabled: true)
        var distribution = Distribution()
        for (index, milliseconds) in [10, 20, 30, 50].enumerated() {
            groups.record(milliseconds, bucket: 8 * index)
            distribution.record(milliseconds)
        }
        groups.record(0, count: 196, bucket: 100)
        distribution.record(0, count: 196)
        return (groups, distribution)
    }

    @Test func theTailMeanTakesWholeValuesFromTheTopThenAFraction() {
        let (groups, distribution) = Self.fourStalls()
        // 1 % of 200 is 2 navigations: 50 and 30, mean 40.
        #expect(distribution.tailMean(0.01) == 40)
        #expect(groups.replicateTailMeans(0.01, weights: Self.unitWeights) == [40])
        // 5 % is 10: the four stalls and six zeros, (50 + 30 + 20 + 10) / 10 = 11.
        #expect(distribution.tailMean(0.05) == 11)
        #expect(groups.replicateTailMeans(0.05, weights: Self.unitWeights) == [11])
        // 0.75 % is 1.5 navigations: 50 and half of 30, (50 + 15) / 1.5.
        #expect(abs(distribution.tailMean(0.0075)! - 65 / 1.5) < 1e-9)
        #expect(abs(groups.replicateTailMeans(0.0075, weights: Self.unitWeights)[0]! - 65 / 1.5) < 1e-9)
        // Nothing recorded: undefined; navigations without a stall: 0.
        #expect(Distribution().tailMean(0.01) == nil)
        var calm = StallTimeGroups(enabled: true)
        calm.record(0, count: 50, bucket: 3)
        #expect(calm.replicateTailMeans(0.01, weights: Self.unitWeights) == [0])
    }

    /// Unlike the p99 over all navigations, the tail mean does not jump when the stall rate crosses
    /// 1 %: one 300 ms stall in 101 navigations (0.99 %) against one in 99 (1.01 %).
    @Test func theTailMeanMovesSmoothlyWhereTheP99Jumps() {
        func distribution(navigations: Int) -> Distribution {
            var values = Distribution()
            values.record(300)
            values.record(0, count: navigations - 1)
            return values
        }
        let below = distribution(navigations: 101), above = distribution(navigations: 99)
        #expect(below.value(at: 99) == 0 && above.value(at: 99) == 300)
        // 1.01 navigations' worth of the top: 300 / 1.01; 0.99 of one: 300.
        #expect(abs(below.tailMean(0.01)! - 300 / 1.01) < 1e-9)
        #expect(above.tailMean(0.01) == 300)
    }

    @Test func theStalledP99RanksOnlyTheStalls() {
        let (groups, distribution) = Self.fourStalls()
        // Over all 200 navigations the 99th percentile's rank is 198: the second stall, 20 ms.
        #expect(groups.replicatePercentiles(99, weights: Self.unitWeights) == [20])
        #expect(distribution.value(at: 99) == 20)
        // Over the 4 stalls its rank is ⌈3.96⌉ = 4: 50 ms; the median's is 2: 20 ms.
        #expect(groups.replicatePercentiles(99, stalledOnly: true, weights: Self.unitWeights) == [50])
        #expect(groups.replicatePercentiles(50, stalledOnly: true, weights: Self.unitWeights) == [20])
        var calm = StallTimeGroups(enabled: true)
        calm.record(0, count: 50, bucket: 3)
        #expect(calm.replicatePercentiles(99, stalledOnly: true, weights: Self.unitWeights) == [nil], "no stall: undefined")
    }

    /// A stall in a wide bin counts at the bin's middle: 1,000 ms lies in the bin 992 … 1,007
    /// (512 … 1,023 in 32 bins of 16 ms), whose values, spread evenly over 991.5 … 1,007.5,
    /// average 999.5.
    @Test func aWideBinCountsAtItsMiddle() {
        var groups = StallTimeGroups(enabled: true)
        groups.record(1_000, bucket: 0)
        groups.record(0, count: 99, bucket: 0)
        #expect(StallTimeGroups.range(of: StallTimeGroups.bin(of: 1_000)) == (992, 16))
        #expect(groups.replicateTailMeans(0.01, weights: Self.unitWeights) == [999.5])
    }

    /// The summary columns and their intervals: `stall_ms_cvar99` and `stall_ms_stalled_p99` each
    /// have one, in summary.csv and in compare.
    @Test func bothTailsHaveIntervalColumns() {
        let names = MetricSchema.standard.intervalColumns.map(\.name)
        #expect(names.contains("stall_ms_stalled_p99") && names.contains("stall_ms_cvar99") && names.contains("stall_ms_p99"))
        let compared = MetricSchema.standard.comparedColumns.map(\.name)
        #expect(compared.contains("stall_ms_cvar99"))
        var summary = MetricsSummary()
        summary.stallMsPerStall.record(300)
        summary.navigationsWithoutStall = 99
        let cvar = IntervalColumn.of(.stallMsCvar99)[0]
        #expect(cvar.point(summary) == 300)
        #expect(cvar.format(300) == "300.0000")
        let stalled = IntervalColumn.of(.stallMsStalled)[0]
        #expect(stalled.name == "stall_ms_stalled_p99" && stalled.point(summary) == 300)
    }
}
