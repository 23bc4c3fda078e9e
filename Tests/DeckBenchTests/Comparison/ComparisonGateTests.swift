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

    /// One row of stall_rate judged on `replicates` (baseline, candidate) pairs against `limit`, its
    /// points `old` and `new` as summary.csv gives them.
    private func judged(old: String, new: String, limit: String, replicates: [(Double, Double)], better: Metric.Better = .lower,
                        planted: Double = 0) throws -> Comparison.Row {
        let threshold = try #require(try Comparison.Threshold.parse("stall_rate=" + limit, side: .lower).first)
        var comparison = try comparison("p,lte,\(old),0.5,0.5\n", "p,lte,\(new),0.5,0.5\n", increase: "stall_rate=" + limit)
        let index = try #require(comparison.rows.firstIndex { $0.metric == "stall_rate" })
        let gated = try #require(Comparison.GatedRow(row: index, better: better, limit: threshold, old: Double(old), new: Double(new),
                                                     pairs: replicates.map { $0 }, planted: planted))
        comparison.judge([gated])
        return comparison.rows[index]
    }

    /// Forty replicates of worsenings 0.000, 0.001 … 0.039 around a point worsening of 0.0195: the
    /// replicates' mean is 0.0195 and their standard deviation s = 0.001 × √(40 × 41 / 12) =
    /// 0.011690. With one row, the lower critical value is the 38th smallest of (0.0195 − w) / s
    /// (nearest rank of 95 % of 40), reached at w = 0.002: 1.4970; the upper one the same by
    /// symmetry. So the interval of the worsening is the point ± 0.017500.
    @Test func eachVerdictFromHandMadeReplicates() throws {
        let spread = (0 ..< 40).map { Double($0) / 1_000 }
        // Straddling: 0.0195 ± 0.0175 = 0.0020 … 0.0370 holds the limit 0.01.
        let straddling = try judged(old: "1", new: "1.0195", limit: "0.01", replicates: spread.map { (1, 1 + $0) })
        #expect(straddling.verdict == .inconclusive)
        #expect(straddling.status == .worse, "past the limit at the point, but not confirmed")
        let interval = try #require(straddling.simultaneousInterval)
        #expect(abs(interval.low - 0.0020) < 1e-6 && abs(interval.high - 0.0370) < 1e-6)
        // The smallest worsening confirmed half the time: the limit plus 1.4970 × s.
        #expect(abs(straddling.detectableChange! - 0.0275) < 1e-6)
        // Wholly past: the same spread around 0.0495, 0.0320 … 0.0670, all above 0.01.
        let past = try judged(old: "1", new: "1.0495", limit: "0.01", replicates: spread.map { (1, 1.03 + $0) })
        #expect(past.verdict == .regression && past.status == .regression)
        // Wholly within: a tenth of the spread around 0.00195, −0.00380 … 0.00370, all below 0.01.
        let inside = try judged(old: "1", new: "1.00195", limit: "0.01", replicates: spread.map { (1, 1 + $0 / 10) })
        #expect(inside.verdict == .within)
        let narrow = try #require(inside.simultaneousInterval)
        #expect(abs(narrow.low - 0.00020) < 1e-6 && abs(narrow.high - 0.00370) < 1e-6)
        // A metric better higher worsens by falling: the same numbers mirrored are a regression.
        let fallen = try judged(old: "1", new: "0.9505", limit: "0.01", replicates: spread.map { (1, 0.97 - $0) }, better: .higher)
        #expect(fallen.verdict == .regression)
        #expect(fallen.simultaneousInterval!.high < -0.01)
    }

    /// Skewed replicates, so that the two critical values differ: twenty replicates of worsenings
    /// 0 (fifteen), 0.01 (four) and 0.05 (one), mean 0.0045, s = √(0.002495 / 19) = 0.0114593.
    /// The 19th smallest (nearest rank of 95 % of 20) of −t is 0.0045 / s, of t 0.0055 / s: the
    /// interval of the worsening is its point − 0.0045 … + 0.0055, and the detectable change the limit
    /// plus the lower reach, 0.01 + 0.0045 = 0.0145 (the upper reach would give 0.0155).
    @Test func skewedReplicatesReachFurtherAboveAndTheDetectableChangeUsesTheLowerReach() throws {
        let skewed = [Double](repeating: 0, count: 15) + [0.01, 0.01, 0.01, 0.01, 0.05]
        let risen = try judged(old: "1", new: "1.002", limit: "0.01", replicates: skewed.map { (1, 1 + $0) })
        let worsening = try #require(risen.simultaneousInterval)
        #expect(abs(worsening.low - -0.0025) < 1e-9 && abs(worsening.high - 0.0075) < 1e-9)
        #expect(risen.verdict == .within)
        #expect(abs(try #require(risen.detectableChange) - 0.0145) < 1e-9)
        #expect(abs(try #require(risen.standardError) - (0.002495 / 19).squareRoot()) < 1e-12)
    }

    /// A metric better higher: the same skewed worsenings as falls, 1 − w. The change is minus the
    /// worsening, so its interval is −(0.002 + 0.0055) … −(0.002 − 0.0045) = −0.0075 … +0.0025: the
    /// low end from the upper reach, the high end from the lower one, low ≤ high; the detectable
    /// worsening is the same 0.0145. Past the limit, −0.0495 ± spread: both ends below −0.01.
    @Test func aMetricBetterHigherHasBothEndsOfItsIntervalRight() throws {
        let skewed = [Double](repeating: 0, count: 15) + [0.01, 0.01, 0.01, 0.01, 0.05]
        let fell = try judged(old: "1", new: "0.998", limit: "0.01", replicates: skewed.map { (1, 1 - $0) }, better: .higher)
        let change = try #require(fell.simultaneousInterval)
        #expect(change.low <= change.high)
        #expect(abs(change.low - -0.0075) < 1e-9 && abs(change.high - 0.0025) < 1e-9)
        #expect(fell.verdict == .within)
        #expect(abs(try #require(fell.detectableChange) - 0.0145) < 1e-9)
        let spread = (0 ..< 40).map { Double($0) / 1_000 }
        let fallen = try judged(old: "1", new: "0.9505", limit: "0.01", replicates: spread.map { (1, 0.97 - $0) }, better: .higher)
        let interval = try #require(fallen.simultaneousInterval)
        #expect(abs(interval.low - -0.0670) < 1e-6 && abs(interval.high - -0.0320) < 1e-6)
        #expect(fallen.verdict == .regression)
    }

    /// A planted worsening of k × the limit shifts the point and every replicate by k × the allowed
    /// worsening, the spread kept: the within row above (0.00020 … 0.00370 against 0.01) planted
    /// at 1× is 0.01020 … 0.01370, a regression, its detectable change unmoved; at 0.5× it is
    /// 0.00520 … 0.00870, still within. A relative limit of 1 % on a baseline of 1 allows the same.
    @Test func aPlantedWorseningShiftsThePointAndEveryReplicate() throws {
        let spread = (0 ..< 40).map { Double($0) / 10_000 }
        let inside = try judged(old: "1", new: "1.00195", limit: "0.01", replicates: spread.map { (1, 1 + $0) })
        for (limit, planted, verdict, low) in [("0.01", 1.0, Comparison.Row.Verdict.regression, 0.01020), ("0.01", 0.5, .within, 0.00520),
                                               ("1%", 1.0, .regression, 0.01020)] {
            let shifted = try judged(old: "1", new: "1.00195", limit: limit, replicates: spread.map { (1, 1 + $0) }, planted: planted)
            #expect(shifted.verdict == verdict)
            let interval = try #require(shifted.simultaneousInterval)
            #expect(abs(interval.low - low) < 1e-6 && abs(interval.high - (low + 0.0035)) < 1e-6)
            #expect(abs(shifted.detectableChange! - inside.detectableChange!) < 1e-12)
        }
    }

    /// A replicate whose baseline is 0 allows no rise under a relative limit: its whole rise is
    /// excess. Here 36 replicates barely move from a baseline of 0.1 (a limit of 5 % allows
    /// 0.005) and 4 rise from 0 to 0.02. Without those four the excess would be −0.005 ± 0.0001,
    /// within; with them its replicates are 0.02 four times and about −0.005 otherwise (mean
    /// −0.0025, s ≈ 0.0079), and the interval reaches above 0: inconclusive. The zeros decide.
    @Test func replicatesWithABaselineOfZeroCountUnderARelativeLimit() throws {
        let moving = (0 ..< 36).map { (0.1, 0.1 + Double($0 % 3 - 1) / 10_000) }
        let fromZero = [(Double, Double)](repeating: (0, 0.02), count: 4)
        let withZeros = try judged(old: "0.1", new: "0.1", limit: "5%", replicates: moving + fromZero)
        #expect(withZeros.verdict == .inconclusive)
        #expect(withZeros.simultaneousInterval!.high > 0.005)
        let withoutZeros = try judged(old: "0.1", new: "0.1", limit: "5%", replicates: moving)
        #expect(withoutZeros.verdict == .within)
        // Zero in every replicate of the baseline: each replicate's rise crosses the limit.
        let risen = try judged(old: "0", new: "0.1195", limit: "5%", replicates: (0 ..< 40).map { (0, 0.1 + Double($0) / 1_000) })
        #expect(risen.verdict == .regression)
        // Zero on both sides everywhere: nothing varies and nothing rose, judged exactly: within.
        let still = try judged(old: "0", new: "0", limit: "5%", replicates: [(Double, Double)](repeating: (0, 0), count: 40))
        #expect(still.verdict == .within)
        #expect(still.simultaneousInterval.map { $0.low == 0 && $0.high == 0 } == true)
    }

    /// Rows without an interval are judged on their points: regression or within, never inconclusive.
    @Test func rowsWithoutAnIntervalAreJudgedOnThePoint() throws {
        let compared = try comparison("p,lte,0.1,0.5,0.5\nq,lte,0.1,0.5,0.5\n", "p,lte,0.2,0.5,0.5\nq,lte,0.101,0.5,0.5\n",
                                      increase: "stall_rate=5%")
        #expect(compared.rows.filter { $0.metric == "stall_rate" }.map(\.verdict) == [.regression, .within])
        #expect(compared.rows.filter { $0.metric == "coverage" }.allSatisfy { $0.verdict == nil }, "no limit, no verdict")
        #expect(compared.regressions == 1 && compared.within == 1 && compared.inconclusive == 0)
    }
}
