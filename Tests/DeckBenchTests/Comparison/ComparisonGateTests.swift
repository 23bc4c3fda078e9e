import Testing
@testable import DeckBench

/// The gate's rules: a limit on the wrong side or on an unknown metric is refused, a policy or
/// network the candidate lacks is a regression, a limit that judges nothing is reported, and a
/// rise from a baseline of 0 crosses any relative limit, on the point and on the interval.
@Suite struct ComparisonGateTests {
    private static let header = "policy,network,stall_rate,coverage,prefetch_accuracy\n"

    private func comparison(_ baseline: String, _ candidate: String, increase: String? = nil, decrease: String? = nil,
                            allowMissing: Bool = false) throws -> Comparison {
        try Comparison(baseline: Self.header + baseline, candidate: Self.header + candidate,
                       maxIncrease: try increase.map { try Comparison.Threshold.parse($0, side: .lower) } ?? [],
                       maxDecrease: try decrease.map { try Comparison.Threshold.parse($0, side: .higher) } ?? [],
                       allowMissing: allowMissing)
    }

    @Test func aLimitOnTheWrongSideIsRefusedWithTheRightFlag() {
        #expect(throws: ThresholdError.wrongSide(flag: "--max-increase", metric: "coverage", better: .higher)) {
            try Comparison.Threshold.parse("coverage=1%", side: .lower)
        }
        #expect(throws: ThresholdError.wrongSide(flag: "--max-decrease", metric: "stall_rate", better: .lower)) {
            try Comparison.Threshold.parse("coverage=1%,stall_rate=1%", side: .higher)
        }
        #expect(ThresholdError.wrongSide(flag: "--max-increase", metric: "coverage", better: .higher).description
            == "--max-increase coverage: coverage is better higher, so it cannot regress by rising: use --max-decrease coverage=...")
    }

    @Test func anUnknownMetricIsNamedWithTheValidOnes() {
        let valid = MetricSchema.standard.comparedColumns.map(\.name)
        #expect(throws: ThresholdError.unknownMetric(flag: "--max-increase", metric: "stall_rat", valid: valid)) {
            try Comparison.Threshold.parse("stall_rat=5%", side: .lower)
        }
        let message = ThresholdError.unknownMetric(flag: "--max-increase", metric: "stall_rat", valid: valid).description
        #expect(message.hasPrefix("--max-increase: unknown metric \"stall_rat\" (did you mean stall_rate?); compare judges: stall_rate, "))
        #expect(!ThresholdError.unknownMetric(flag: "--max-increase", metric: "speed", valid: valid).description.contains("did you mean"))
        #expect(throws: ThresholdError.malformed(flag: "--max-increase", text: "=5%", pair: "=5%")) {
            try Comparison.Threshold.parse("=5%", side: .lower)
        }
        #expect(throws: ThresholdError.badAmount(flag: "--max-increase", metric: "stall_rate", amount: "five")) {
            try Comparison.Threshold.parse("stall_rate=five", side: .lower)
        }
    }

    @Test func aPolicyOrNetworkTheCandidateLacksIsARegression() throws {
        let baseline = "p,lte,0.1,0.5,0.5\nq,lte,0.1,0.5,0.5\np,3g,0.1,0.5,0.5\n"
        let candidate = "p,lte,0.1,0.5,0.5\n"
        let strict = try comparison(baseline, candidate, increase: "stall_rate=5%")
        #expect(strict.regressions == 2)
        #expect(strict.rows.filter(strict.isRegression).map { "\($0.policy)@\($0.network)" } == ["q@lte", "p@3g"])
        let allowed = try comparison(baseline, candidate, increase: "stall_rate=5%", allowMissing: true)
        #expect(allowed.regressions == 0)
        #expect(allowed.rows.contains { $0.status == .missingInCandidate })
        // A policy new in the candidate is listed, never a regression.
        #expect(try comparison(candidate, baseline).regressions == 0)
    }

    /// prefetch_accuracy has no value for a policy that never prefetches: a limit on it, with
    /// only such a policy in both runs, could never fail.
    @Test func aLimitThatJudgesNoRowIsReported() throws {
        let judgedNothing = try comparison("ondemand,lte,0.9,0,\n", "ondemand,lte,0.95,0,\n", decrease: "prefetch_accuracy=1%")
        #expect(judgedNothing.limitsJudgingNothing == ["prefetch_accuracy"])
        #expect(judgedNothing.unjudgedLimits.isEmpty)
        // No policy × network in common: every limit judges nothing.
        let disjoint = try comparison("p,lte,0.1,0.5,0.5\n", "q,lte,0.1,0.5,0.5\n", increase: "stall_rate=5%", allowMissing: true)
        #expect(disjoint.limitsJudgingNothing == ["stall_rate"])
        let judged = try comparison("p,lte,0.1,0.5,0.5\n", "p,lte,0.1,0.5,0.5\n", increase: "stall_rate=5%")
        #expect(judged.limitsJudgingNothing.isEmpty)
    }

    /// Any rise from 0 crosses a relative limit: there is no "5 % of 0".
    @Test func aRiseFromZeroCrossesARelativeLimitOnThePoint() throws {
        let risen = try comparison("p,lte,0,0.5,0.5\n", "p,lte,0.2,0.5,0.5\n", increase: "stall_rate=5%")
        #expect(risen.rows.first { $0.metric == "stall_rate" }?.status == .regression)
        let same = try comparison("p,lte,0,0.5,0.5\n", "p,lte,0,0.5,0.5\n", increase: "stall_rate=5%")
        #expect(same.rows.first { $0.metric == "stall_rate" }?.status == .unchanged)
        let absolute = try comparison("p,lte,0,0.5,0.5\n", "p,lte,0.2,0.5,0.5\n", increase: "stall_rate=0.5")
        #expect(absolute.rows.first { $0.metric == "stall_rate" }?.status == .worse)
    }

    private func row(status: Comparison.Row.Status) -> Comparison.Row {
        Comparison.Row(policy: "p", network: "lte", metric: "stall_rate", baseline: "1", candidate: "1.03", threshold: "0.01", status: status)
    }

    /// Forty replicates: the 95 % nearest-rank bounds are the 2nd and the 39th value (0.025 × 40
    /// is a hair above 1 in binary, so the lower rank is 2).
    @Test func theIntervalJudgesOnItsLowerBound() {
        let baseline = [Double?](repeating: 1, count: 40)
        let limit = Comparison.Threshold(metric: "stall_rate", amount: 0.01, relative: false)
        // Worsenings 0.000 … 0.039: the interval holds values within the limit, so it passes
        // although the point (the row's status) said regression.
        var straddling = row(status: .regression)
        Comparison.judgeOnInterval(&straddling, better: .lower, limit: limit, baseline: baseline,
                                   candidate: (0 ..< 40).map { 1 + Double($0) / 1_000 })
        #expect(straddling.status == .worse)
        #expect(abs(straddling.changeInterval!.low - 0.001) < 1e-12 && abs(straddling.changeInterval!.high - 0.038) < 1e-12)
        // Worsenings 0.020 … 0.059: the whole interval is past 0.01.
        var past = row(status: .worse)
        Comparison.judgeOnInterval(&past, better: .lower, limit: limit, baseline: baseline,
                                   candidate: (0 ..< 40).map { 1.02 + Double($0) / 1_000 })
        #expect(past.status == .regression)
        // A metric better higher worsens by falling.
        var fallen = row(status: .worse)
        Comparison.judgeOnInterval(&fallen, better: .higher, limit: limit, baseline: baseline,
                                   candidate: (0 ..< 40).map { 0.98 - Double($0) / 1_000 })
        #expect(fallen.status == .regression)
        // Better in every replicate: no status change to judge.
        var better = row(status: .better)
        Comparison.judgeOnInterval(&better, better: .lower, limit: limit, baseline: baseline,
                                   candidate: (0 ..< 40).map { 0.9 + Double($0) / 1_000 })
        #expect(better.status == .better)
    }

    @Test func aRiseFromZeroCrossesARelativeLimitOnTheInterval() {
        let limit = Comparison.Threshold(metric: "stall_rate", amount: 5, relative: true)
        // Zero in every replicate of the baseline: each replicate's rise crosses the limit.
        var fromZero = row(status: .regression)
        Comparison.judgeOnInterval(&fromZero, better: .lower, limit: limit, baseline: [Double?](repeating: 0, count: 40),
                                   candidate: (0 ..< 40).map { 0.1 + Double($0) / 1_000 })
        #expect(fromZero.status == .regression)
        // Zero in the baseline's replicates and in the candidate's: no worsening.
        var still = row(status: .worse)
        Comparison.judgeOnInterval(&still, better: .lower, limit: limit, baseline: [Double?](repeating: 0, count: 40),
                                   candidate: [Double?](repeating: 0, count: 40))
        #expect(still.status == .worse)
    }
}
