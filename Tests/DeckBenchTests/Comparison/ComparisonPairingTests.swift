import Foundation
import Testing
@testable import DeckBench

/// What qualifies a paired comparison, through `Comparison` itself: runs with different bootstrap
/// counts judged on the replicates they share (and said), a bootstrap unit that differs between
/// the runs (said), the gateable tails judged with their widened standard error, or left
/// inconclusive with too few stalls in a run's tail.
@Suite struct ComparisonPairingTests {
    /// One policy × network's buckets: `navigations` navigations one a bucket in turn, the first
    /// `stalls` of them stalled for 100 ms plus `shift` plus a spread by index (so that replicates vary).
    private static func replicates(_ count: Int, navigations: Int, stalls: Int, shift: Int = 0) -> BootstrapReplicates {
        var replicates = BootstrapReplicates(replicates: count)
        for index in 0 ..< navigations {
            let bucket = (index * 37) % BootstrapReplicates.buckets
            replicates.recordStall(index < stalls ? 100 + shift + (index * 53) % 400 : 0, bucket: bucket)
        }
        return replicates
    }

    private static func file(_ replicates: BootstrapReplicates) throws -> BootstrapFile {
        var file = try JSONDecoder().decode(BootstrapFile.self, from: Data(#"{"format":1,"rows":[]}"#.utf8))
        file.rows = [BootstrapFile.Row(policy: "p", network: "lte", replicates: replicates)]
        return file
    }

    private static let summary = "policy,network,stall_ms_cvar99,stall_ms_stalled_p99\np,lte,200,400\n"

    private func compare(_ base: BootstrapReplicates, _ next: BootstrapReplicates, limits: String = "stall_ms_cvar99=10%",
                         units: (Comparison.Pairing.Unit, Comparison.Pairing.Unit) = (.session, .session)) throws -> Comparison {
        let pairing = Comparison.Pairing(baseline: try Self.file(base), candidate: try Self.file(next), baselineUnit: units.0,
                                         candidateUnit: units.1)
        return try Comparison(baseline: Self.summary, candidate: Self.summary,
                              maxIncrease: try Comparison.Threshold.parse(limits, side: .lower), maxDecrease: [], pairing: pairing)
    }

    private func row(_ comparison: Comparison, _ metric: String) throws -> Comparison.Row {
        try #require(comparison.rows.first { $0.metric == metric })
    }

    /// A baseline whose summary.csv predates a limited column judges nothing on it, though both
    /// bootstrap.json files could: no verdict, no interval, and the limit listed as unjudged (what
    /// `compare` says on stderr), while a column both summaries have is judged. (The same replicates
    /// give stall_ms_cvar99 an interval when both summaries have it: the test above.)
    @Test func aColumnTheBaselineSummaryPredatesIsNotJudgedOnItsReplicates() throws {
        let base = Self.replicates(200, navigations: 4_000, stalls: 200)
        let next = Self.replicates(200, navigations: 4_000, stalls: 210, shift: 3)
        let pairing = Comparison.Pairing(baseline: try Self.file(base), candidate: try Self.file(next))
        let older = "policy,network,stall_rate\np,lte,0.0500\n"
        let comparison = try Comparison(baseline: older, candidate: "policy,network,stall_rate,stall_ms_cvar99\np,lte,0.0525,200\n",
                                        maxIncrease: try Comparison.Threshold.parse("stall_ms_cvar99=10%,stall_rate=10%", side: .lower),
                                        maxDecrease: [], pairing: pairing)
        let predated = try row(comparison, "stall_ms_cvar99")
        #expect(predated.status == .undefined && predated.verdict == nil && predated.simultaneousInterval == nil && predated.changeInterval == nil)
        #expect(comparison.unjudgedLimits == ["stall_ms_cvar99"])
        #expect(try row(comparison, "stall_rate").verdict != nil)
        #expect(comparison.within + comparison.inconclusive + comparison.regressions == 1)
    }

    /// Replicate b weighs the buckets alike whatever the count, so a baseline of 200 replicates
    /// against a candidate of 100 is judged exactly as both at 100: the same compare.csv, and a
    /// caution naming the three counts. Equal counts say nothing.
    @Test func unequalReplicateCountsAreJudgedOnTheSharedOnesAndSaid() throws {
        let base = Self.replicates(200, navigations: 4_000, stalls: 200)
        let next = Self.replicates(100, navigations: 4_000, stalls: 210, shift: 3)
        let unequal = try compare(base, next)
        let equal = try compare(Self.replicates(100, navigations: 4_000, stalls: 200), next)
        #expect(unequal.replicatesJudged == 100 && equal.replicatesJudged == 100)
        #expect(try row(unequal, "stall_ms_cvar99").simultaneousInterval != nil, "judged on an interval, not on the point")
        #expect(unequal.csv == equal.csv)
        // (100 shared replicates are few: that caution is pinned in CompareCommandTests.)
        let few = { (cautions: [String]) in cautions.filter { !$0.hasPrefix("the intervals' reaches are read from") } }
        #expect(few(unequal.cautions) == ["the baseline has 200 bootstrap replicates and the candidate 100: the intervals are read from the 100 "
                + "they share (replicate b weighs the same sessions in both), so they are as noisy as a run of 100"])
        #expect(few(equal.cautions).isEmpty)
        // The other way round: the candidate has more.
        #expect(try compare(next, base).cautions.first?.hasPrefix("the baseline has 100 bootstrap replicates and the candidate 200") == true)
    }

    /// A baseline that resampled users against a candidate that resampled sessions: said, either way
    /// round; the same unit on both sides says nothing.
    @Test func aBootstrapUnitThatDiffersIsSaid() throws {
        let base = Self.replicates(100, navigations: 4_000, stalls: 200)
        let many = { (cautions: [String]) in cautions.filter { !$0.hasPrefix("the intervals' reaches are read from") } }
        let users = try compare(base, base, units: (.user, .session))
        #expect(many(users.cautions).count == 1)
        #expect(many(users.cautions)[0].hasPrefix("the baseline resampled users and the candidate sessions (only one's recordings name users): "
                + "their replicates weigh different groups of sessions, so the change is not paired"))
        #expect(try compare(base, base, units: (.session, .user)).cautions[0].hasPrefix("the baseline resampled sessions and the candidate users"))
        #expect(many(try compare(base, base, units: (.user, .user)).cautions).isEmpty)
    }

    /// The tail mean's tail is the worst 1 % of navigations: on 4,000 navigations 40 of them, of
    /// which min(stalls, 40) stalled. 20 stalls is the fewest judged; 19 in either run leaves the
    /// row inconclusive with no interval, whatever its points, and says so.
    @Test func aTailMeanWithTooFewStallsIsInconclusive() throws {
        let enough = Self.replicates(100, navigations: 4_000, stalls: 20)
        let judged = try compare(enough, enough)
        #expect(try row(judged, "stall_ms_cvar99").simultaneousInterval != nil && !row(judged, "stall_ms_cvar99").tooFewStalls)
        for (base, next) in [(enough, Self.replicates(100, navigations: 4_000, stalls: 19)),
                             (Self.replicates(100, navigations: 4_000, stalls: 19), enough)] {
            let compared = try compare(base, next)
            let tail = try row(compared, "stall_ms_cvar99")
            #expect(tail.verdict == .inconclusive && tail.tooFewStalls && tail.simultaneousInterval == nil && tail.detectableChange == nil)
            #expect(compared.inconclusive == 1 && compared.regressions == 0)
            #expect(compared.cautions == ["1 tail row (stall_ms_cvar99 of p on lte): too few stalls to judge the tail (fewer than 20 in a "
                    + "run's tail), inconclusive"])
            #expect(compared.csv.contains(",stall_ms_cvar99,200,200,0,0.00,lower,10%,unchanged,"))
        }
        // Fewer than 1 % of navigations stalled: the tail holds all of them, 25 of 4,000 is enough.
        #expect(TailCalibration.observations(try #require(MetricSchema.standard.intervalColumns.first { $0.name == "stall_ms_cvar99" }),
                                             in: Self.replicates(100, navigations: 4_000, stalls: 25)) == 25)
    }

    /// A baseline written before stall times were kept (its bootstrap.json has no `stall_ms`) has
    /// no tail to count: its tails are judged on their point estimates (reports/README), so a tail
    /// mean that more than doubles is a regression, not "too few stalls"; both ways round.
    @Test func aTailAgainstABaselineWithoutStallTimesIsJudgedOnItsPoints() throws {
        let current = Self.replicates(100, navigations: 4_000, stalls: 200)
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(current)) as? [String: Any])
        #expect(object.removeValue(forKey: "stall_ms") != nil)
        let older = try JSONDecoder().decode(BootstrapReplicates.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.stallMs.isEmpty && !current.stallMs.isEmpty)
        let column = try #require(MetricSchema.standard.intervalColumns.first { $0.name == "stall_ms_cvar99" })
        #expect(TailCalibration.observations(column, in: older) == nil)
        for (base, next) in [(older, current), (current, older)] {
            let pairing = Comparison.Pairing(baseline: try Self.file(base), candidate: try Self.file(next))
            let compared = try Comparison(baseline: Self.summary, candidate: "policy,network,stall_ms_cvar99,stall_ms_stalled_p99\np,lte,500,400\n",
                                          maxIncrease: try Comparison.Threshold.parse("stall_ms_cvar99=10%", side: .lower), maxDecrease: [],
                                          pairing: pairing)
            let tail = try row(compared, "stall_ms_cvar99")
            #expect(!tail.tooFewStalls && tail.verdict == .regression && compared.regressions == 1)
            #expect(!compared.cautions.contains { $0.contains("too few stalls") })
        }
    }

    /// The stalled p99's tail is the worst 1 % of stalls: 2,000 stalls hold 20, judged; 1,999 hold
    /// 19.99, too few.
    @Test func aStalledPercentileNeedsAHundredTimesTheTailInStalls() throws {
        let limits = "stall_ms_stalled_p99=10%"
        let enough = try compare(Self.replicates(100, navigations: 4_000, stalls: 2_000), Self.replicates(100, navigations: 4_000, stalls: 2_000),
                                 limits: limits)
        #expect(try row(enough, "stall_ms_stalled_p99").simultaneousInterval != nil)
        let few = try compare(Self.replicates(100, navigations: 4_000, stalls: 2_000), Self.replicates(100, navigations: 4_000, stalls: 1_999),
                              limits: limits)
        #expect(try row(few, "stall_ms_stalled_p99").tooFewStalls)
    }

    /// A judged tail's standard error is the standard deviation of its paired changes, replicate by
    /// replicate, times its widening (1.10 for the tail mean, 1.05 for the stalled p99): worked out
    /// here from the replicates themselves.
    @Test func aTailsStandardErrorIsWidened() throws {
        // Every navigation stalls, so the stalled p99's tail holds 40 stalls: judged.
        let base = Self.replicates(100, navigations: 4_000, stalls: 4_000)
        let next = Self.replicates(100, navigations: 4_000, stalls: 4_000, shift: 5)
        for (metric, widening) in [("stall_ms_cvar99", 1.10), ("stall_ms_stalled_p99", 1.05)] {
            // An absolute limit: the excess is the change less a constant, its spread the change's.
            let compared = try compare(base, next, limits: metric + "=20")
            let column = try #require(MetricSchema.standard.intervalColumns.first { $0.name == metric })
            let weights = BootstrapWeights(replicates: 100)
            let a = try #require(ReplicateEstimates(base, weights: weights, columns: [column])).values(column)
            let b = try #require(ReplicateEstimates(next, weights: weights, columns: [column])).values(column)
            let changes = zip(a, b).map { $1! - $0! }
            let mean = changes.reduce(0, +) / 100
            let deviation = (changes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 99).squareRoot()
            let standardError = try #require(try row(compared, metric).standardError)
            #expect(deviation > 0)
            #expect(abs(standardError - widening * deviation) < 1e-9 * deviation, "\(metric)")
        }
        // The ratios and the p99 over all navigations keep their own: a widening of 1.
        let columns = MetricSchema.standard.intervalColumns
        #expect(columns.filter(TailCalibration.applies).map(\.name).sorted() == ["stall_ms_cvar99", "stall_ms_stalled_p99"])
        #expect(columns.filter { !TailCalibration.applies(to: $0) }.allSatisfy { TailCalibration.widening(of: $0) == 1 })
        #expect(columns.contains { $0.name == "stall_ms_p99" } && columns.contains { $0.name == "stall_rate" })
    }
}
