import Testing
@testable import DeckBench

/// Intervals on few units (`FewUnits`): widened by Student's t from 2 units to 29, as they are
/// from 30, absent below 2; on 10 or fewer said to be few, and none without spread or on a thin tail.
@Suite struct FewUnitsTests {
    /// √(n / (n − 1)) · t₀.₉₇₅,ₙ₋₁ / z₀.₉₇₅, with t from tables: t₂₈ = 2.048407, t₁₀ = 2.228139,
    /// t₉ = 2.262157, t₃ = 3.182446, t₁ = 12.706205; z = 1.959964.
    @Test func theFactorAtTheEdgesAndBelow() throws {
        let z = 1.959964
        #expect(abs(try #require(FewUnits.widening(units: 10)) - (10.0 / 9).squareRoot() * 2.262157 / z) < 1e-5)
        #expect(abs(try #require(FewUnits.widening(units: 11)) - (11.0 / 10).squareRoot() * 2.228139 / z) < 1e-5)
        #expect(abs(try #require(FewUnits.widening(units: 29)) - (29.0 / 28).squareRoot() * 2.048407 / z) < 1e-5)
        #expect(FewUnits.widening(units: 30) == 1)
        #expect(FewUnits.widening(units: 5_000) == 1)
        #expect(abs(try #require(FewUnits.widening(units: 4)) - (4.0 / 3).squareRoot() * 3.182446 / z) < 1e-5)
        #expect(abs(try #require(FewUnits.widening(units: 2)) - 2.0.squareRoot() * 12.706205 / z) < 1e-4)
        #expect(FewUnits.widening(units: 1) == nil)
        #expect(FewUnits.widening(units: 0) == nil)
        #expect(FewUnits.note(units: 11, unit: "user") == nil)
        #expect(FewUnits.note(units: 10, unit: "user")?.contains("10 users only") == true)
        #expect(FewUnits.note(units: 1, unit: "session")?.contains("no interval is given") == true)
    }

    /// The point ± factor times the farther end's distance, never inside the interval, within the range.
    @Test func widenReachesTheFartherEndsDistanceBothWays() {
        let wide = FewUnits.widen((low: 0.1, high: 0.4), around: 0.2, by: 2)
        #expect(abs(wide.low - (0.2 - 0.4)) < 1e-12 && abs(wide.high - 0.6) < 1e-12)
        let beside = FewUnits.widen((low: 0.3, high: 0.4), around: 0.2, by: 2)
        #expect(abs(beside.low - (-0.2)) < 1e-12 && abs(beside.high - 0.6) < 1e-12)
        let kept = FewUnits.widen((low: 0.1, high: 0.9), around: 0.5, by: 3, within: 0 ... 1)
        #expect(kept.low == 0 && kept.high == 1)
        #expect(FewUnits.widen((low: 0.1, high: 0.4), around: 0.2, by: 1) == (low: 0.1, high: 0.4))
    }

    /// On 10 units an interval of no width, or of a tail with fewer than 20 stalls in it, is not
    /// given; on 11 both are, widened; from 30 as the bootstrap made them.
    @Test func noIntervalWithoutSpreadOrOnAThinTailOnTenUnitsNotEleven() throws {
        let flat = (low: 0.25, high: 0.25), spread = (low: 0.2, high: 0.3)
        #expect(FewUnits.interval(flat, point: 0.25, units: 10) == nil)
        #expect(FewUnits.interval(flat, point: 0.25, units: 11).map { [$0.low, $0.high] } == [0.25, 0.25])
        #expect(FewUnits.interval(spread, point: 0.25, units: 10, tailObservations: 19.9) == nil)
        #expect(FewUnits.interval(spread, point: 0.25, units: 10, tailObservations: 20) != nil)
        let eleven = try #require(FewUnits.interval((low: 0.22, high: 0.3), point: 0.25, units: 11, tailObservations: 4))
        let factor = try #require(FewUnits.widening(units: 11))
        #expect(abs(eleven.low - (0.25 - factor * 0.05)) < 1e-12 && abs(eleven.high - (0.25 + factor * 0.05)) < 1e-12)
        #expect(FewUnits.interval(spread, point: 0.25, units: 30, tailObservations: 4).map { [$0.low, $0.high] } == [0.2, 0.3])
        #expect(FewUnits.interval(spread, point: 0.25, units: 1) == nil)
    }

    /// `units` sessions in buckets of their own, each with its own stall rate.
    private func replicates(units: Int) -> BootstrapReplicates {
        var replicates = BootstrapReplicates(replicates: 1_000)
        for unit in 0 ..< units {
            var metrics = SessionMetrics()
            metrics.navigations = 20 + unit
            metrics.stalls = unit % 4 + 1
            replicates.add(metrics, bucket: unit * 13)
        }
        return replicates
    }

    /// summary.csv's interval on 10 and 11 units is the point ± `widening(units:)` times the farther
    /// end of the bootstrap's percentiles, on 30 the percentiles as they were; on 1 there is none.
    @Test func summaryIntervalsAreWidenedBelowThirtyUnits() throws {
        let stallRate = IntervalColumn.of(.stallRate)[0]
        let weights = BootstrapWeights(replicates: 1_000)
        for units in [10, 11, 30] {
            let replicates = replicates(units: units)
            #expect(replicates.units == units)
            let raw = try #require(replicates.interval(\.stalls, over: \.navigations))
            let estimates = try #require(ReplicateEstimates(replicates, weights: weights, columns: [stallRate]))
            let interval = try #require(estimates.interval(stallRate))
            let factor = try #require(FewUnits.widening(units: units))
            let point = try #require(stallRate.pointFromReplicates(replicates))
            if units == 30 {
                #expect(interval.low == raw.low && interval.high == raw.high)
            } else {
                let reach = factor * max(point - raw.low, raw.high - point)
                #expect(abs(interval.low - (point - reach)) < 1e-12 && abs(interval.high - (point + reach)) < 1e-12, "\(units) units")
            }
        }
        let one = try #require(ReplicateEstimates(replicates(units: 1), weights: weights, columns: [stallRate]))
        #expect(one.interval(stallRate) == nil)
        #expect(Manifest.fewUnits([]) == nil)
    }
}
