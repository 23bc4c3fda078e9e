import Testing
@testable import DeckBench

/// A limit on a metric that one run does not have (a baseline written before the metric existed)
/// cannot fail; `compare` says so instead of passing silently.
@Suite struct ComparisonLimitTests {
    @Test func aLimitOnAMetricMissingInTheBaselineIsReportedAsUnjudged() throws {
        let baseline = "policy,network,stall_rate\np,n,0.1000\n"
        let candidate = "policy,network,stall_rate,added_wait_ms\np,n,0.2000,500\n"
        let comparison = try Comparison(
            baseline: baseline, candidate: candidate,
            maxIncrease: try Comparison.Threshold.parse("added_wait_ms=5%,stall_rate=5%", side: .lower), maxDecrease: [])
        #expect(comparison.unjudgedLimits == ["added_wait_ms"])
        #expect(comparison.rows.first { $0.metric == "added_wait_ms" }?.status == .undefined)
        #expect(comparison.rows.first { $0.metric == "stall_rate" }?.status == .regression)
        let both = try Comparison(baseline: candidate, candidate: candidate,
                                  maxIncrease: try Comparison.Threshold.parse("added_wait_ms=5%", side: .lower), maxDecrease: [])
        #expect(both.unjudgedLimits.isEmpty)
    }
}
