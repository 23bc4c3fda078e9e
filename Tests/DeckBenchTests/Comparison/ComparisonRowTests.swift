import Testing
@testable import DeckBench

/// A row holds each side's text, the metric's direction, its limit and its verdict; the numbers,
/// the change, the status and the point's crossing of the limit are read from them.
@Suite struct ComparisonRowTests {
    private static let point = ReplayPoint(policy: "staged", network: "lte")

    private func row(_ baseline: String, _ candidate: String, better: Comparison.Better = .lower,
                     limit: Comparison.Threshold? = nil) -> Comparison.Row {
        Comparison.Row(Self.point, metric: "stall_rate", better: better, baseline: baseline, candidate: candidate, limit: limit)
    }

    /// 0.20 → 0.25: +0.05, +25 % of 0.20; worse for a metric better lower, better for one better higher.
    @Test func theChangeIsReadFromTheTexts() throws {
        let rose = row("0.20", "0.25")
        #expect(rose.baselineValue == 0.2 && rose.candidateValue == 0.25)
        let change = try #require(rose.change), percent = try #require(rose.changePercent)
        #expect(abs(change - 0.05) < 1e-12 && abs(percent - 25) < 1e-9)
        #expect(rose.status == .worse && row("0.20", "0.25", better: .higher).status == .better)
        #expect(row("0.10", "0.1").status == .unchanged, "numbers compared, not texts")
    }

    /// From a baseline of 0 the change has no percentage; an empty side has no change at all.
    @Test func aZeroOrEmptySideHasNoShare() {
        #expect(row("0", "3").change == 3 && row("0", "3").changePercent == nil)
        #expect(row("", "3").change == nil && row("", "3").status == .undefined)
    }

    /// 10 % of 0.20 allows 0.02: 0.20 → 0.23 is past it, 0.20 → 0.21 is not; an absolute 0.05
    /// allows 0.23; a relative limit on a baseline of 0 allows no rise at all.
    @Test func thePointIsPastItsLimitByItsOwnRule() {
        let tenPercent = Comparison.Threshold(metric: "stall_rate", amount: 10, relative: true)
        let absolute = Comparison.Threshold(metric: "stall_rate", amount: 0.05, relative: false)
        #expect(row("0.20", "0.23", limit: tenPercent).isPastLimitAtPoint)
        #expect(!row("0.20", "0.21", limit: tenPercent).isPastLimitAtPoint)
        #expect(!row("0.20", "0.23", limit: absolute).isPastLimitAtPoint)
        #expect(row("0", "0.01", limit: tenPercent).isPastLimitAtPoint)
        #expect(!row("0.20", "0.10", limit: tenPercent).isPastLimitAtPoint, "an improvement never crosses")
        #expect(!row("0.20", "0.30").isPastLimitAtPoint, "no limit, nothing to cross")
        #expect(row("0.20", "0.23", limit: tenPercent).threshold == "10%" && row("0.20", "0.23").threshold == "")
    }

    /// A regression verdict is the status whatever the point says (an interval judged it, or a
    /// planted worsening did); any other verdict leaves the point's direction.
    @Test func theVerdictDecidesARegression() {
        var better = row("0.20", "0.19")
        better.verdict = .regression
        #expect(better.status == .regression)
        var tail = row("0.20", "0.30")
        tail.verdict = .inconclusive
        #expect(tail.status == .worse)
    }

    /// A row one run lacks says which, whatever its verdict; it has no metric nor direction.
    @Test func aMissingRowSaysWhichRunLacksIt() {
        var missing = Comparison.Row(Self.point, missingIn: .candidate)
        missing.verdict = .regression
        #expect(missing.status == .missingInCandidate && missing.better == nil && missing.metric.isEmpty)
        #expect(Comparison.Row(Self.point, missingIn: .baseline).status == .missingInBaseline)
    }
}
