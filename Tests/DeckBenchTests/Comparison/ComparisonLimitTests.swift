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

    /// The verdict line says a limit judged nothing because the baseline predates its column, and
    /// `--strict` fails on it (a pinned release older than the column gates nothing until re-pinned).
    @Test func anUnjudgedLimitIsInTheVerdictLineAndFailsUnderStrict() throws {
        let baseline = "policy,network,stall_rate\np,n,0.1000\n"
        let candidate = "policy,network,stall_rate,added_wait_ms\np,n,0.1000,500\n"
        let limits = try Comparison.Threshold.parse("added_wait_ms=5%,stall_rate=5%", side: .lower)
        let comparison = try Comparison(baseline: baseline, candidate: candidate, maxIncrease: limits, maxDecrease: [])
        let lenient = ComparisonVerdict(comparison, limits: limits, strict: false)
        #expect(!lenient.fails)
        #expect(lenient.verdictLine == "PASS: 0 regressions, 0 inconclusive, 1 within; 1 limit judged nothing (added_wait_ms: the baseline "
            + "predates its column)", "\(lenient.verdictLine)")
        let strict = ComparisonVerdict(comparison, limits: limits, strict: true)
        #expect(strict.fails && strict.verdictLine.hasPrefix("FAIL (--strict): 0 regressions"), "\(strict.verdictLine)")
        let judged = try Comparison(baseline: candidate, candidate: candidate, maxIncrease: limits, maxDecrease: [])
        #expect(!ComparisonVerdict(judged, limits: limits, strict: true).fails)
    }
}
