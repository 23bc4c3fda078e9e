import Testing
@testable import DeckBench

@Suite struct RaceRuleTests {
    @Test func theQuantileIsTheNormalOne() {
        #expect(abs(RaceRule.upperQuantile(0.025) - 1.959964) < 1e-5)
        #expect(abs(RaceRule.upperQuantile(0.005) - 2.575829) < 1e-5)
        // Bonferroni over 255 × 7 comparisons: 0.05 / 3,570 in each tail.
        let rule = RaceRule(objective: .stallRate, budget: nil, comparisons: 255 * 7)
        #expect(abs(rule.z - RaceRule.upperQuantile(0.05 / 3_570)) < 1e-9)
        #expect(rule.z > 4.1 && rule.z < 4.2)
    }

    @Test func theStandardErrorIsTheSampleDeviation() {
        #expect(RaceRule.standardError([1]) == nil)
        #expect(RaceRule.standardError([2, 4, 4, 4, 5, 5, 7, 9])! == (32.0 / 7).squareRoot())
    }

    @Test func theLeaderIsTheBestWithinTheBudgetFewerBytesOnATie() {
        let rule = RaceRule(objective: .stallRate, budget: TuneBudget(bytesPerNavigation: 50_000), comparisons: 3)
        // Best overall is over the budget; of the two within, equal stall rates: the fewer bytes.
        let points: [(objective: Double?, bytes: Double?)] = [(0.10, 40_000), (0.01, 90_000), (0.05, 49_000), (0.05, 45_000), (nil, nil)]
        #expect(rule.leaderPosition(points) == 3)
        #expect(rule.leaderPosition([(0.01, 90_000)]) == nil)
        #expect(RaceRule(objective: .stallRate, budget: nil, comparisons: 1).leaderPosition(points) == 1)
        #expect(rule.withinBudget(50_000) && !rule.withinBudget(50_001) && !rule.withinBudget(nil))
    }

    @Test func parsesTheBudget() throws {
        #expect(try TuneBudget.parse("bytes_per_navigation=60000").get() == TuneBudget(bytesPerNavigation: 60_000))
        #expect(throws: TuneError.self) { try TuneBudget.parse("stall_rate=0.1").get() }
        #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation=-1").get() }
        #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation").get() }
    }
}
