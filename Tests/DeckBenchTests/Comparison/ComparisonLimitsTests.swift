import Testing
@testable import DeckBench

/// A metric's limit is read on the flag of its direction: a rise limits a metric better lower, a
/// fall one better higher.
@Suite struct ComparisonLimitsTests {
    @Test func aLimitIsFoundOnItsDirectionsFlag() {
        let rise = Comparison.Threshold(metric: "stall_rate", amount: 10, relative: true)
        let fall = Comparison.Threshold(metric: "coverage", amount: 0.05, relative: false)
        let limits = Comparison.Limits(maxIncrease: [rise], maxDecrease: [fall], planted: [:])
        #expect(limits.limit("stall_rate", better: .lower) == rise)
        #expect(limits.limit("stall_rate", better: .higher) == nil)
        #expect(limits.limit("coverage", better: .higher) == fall)
        #expect(limits.all == [rise, fall])
    }
}
