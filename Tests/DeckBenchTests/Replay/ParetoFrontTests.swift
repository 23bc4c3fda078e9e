import Testing
@testable import DeckBench

/// The `pareto` column on hand-made tables.
@Suite struct ParetoFrontTests {
    private func point(_ stalls: Int, _ bytes: Int, _ navigations: Int = 100) -> ParetoFront.Point {
        ParetoFront.Point(stalls: stalls, bytes: bytes, navigations: navigations)
    }

    /// Stall rate / bytes per navigation: A 10 % / 400, B 5 % / 600, C 12 % / 500 (beaten by A on
    /// both), D 5 % / 700 (beaten by B on bytes at an equal rate), E 2 % / 900, F 0 navigations.
    @Test func aHandMadeTable() {
        let points = [point(10, 40_000), point(5, 60_000), point(12, 50_000), point(5, 70_000), point(2, 90_000), point(0, 0, 0)]
        #expect(ParetoFront.membership(points) == [true, true, false, false, true, nil])
    }

    @Test func equalPointsAreBothOnTheFront() {
        #expect(ParetoFront.membership([point(5, 500), point(10, 1_000, 200), point(6, 400)]) == [true, true, true])
        #expect(ParetoFront.membership([point(5, 500)]) == [true])
    }

    /// Exact fractions: 1/3 against 333/1000 differ although both show as 0.3333 in the CSV.
    @Test func ratesAreComparedExactly() {
        let third = point(1, 900, 3)
        let almost = point(333, 300_000, 1_000)
        #expect(ParetoFront.membership([third, almost]) == [false, true])
    }

    /// summary.csv: one front per network, in the rows' order.
    @Test func theSummaryMarksEachNetworkApart() {
        func summary(_ stalls: Int, _ bytes: Int) -> MetricsSummary {
            var summary = MetricsSummary()
            var metrics = SessionMetrics()
            metrics.navigations = 100
            metrics.stalls = stalls
            metrics.bytes = bytes
            summary.add(metrics)
            return summary
        }
        let rows = SummaryTable().rows([PointSummary(policy: "a", network: "lte", summary: summary(10, 400)),
                                        PointSummary(policy: "b", network: "3g", summary: summary(10, 400)),
                                        PointSummary(policy: "b", network: "lte", summary: summary(20, 500)),
                                        PointSummary(policy: "a", network: "3g", summary: summary(20, 300))])
        #expect(rows.map { $0.last } == ["1", "1", "0", "1"])
    }
}
