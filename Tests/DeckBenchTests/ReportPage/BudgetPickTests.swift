import Testing
@testable import DeckBench

/// The heatmap's outline follows tune's choice: the fewest bytes among the cells within delta of
/// the lowest stall rate, paired.
@Suite struct BudgetPickTests {
    /// Forty replicates. B is the lowest (3.0 %); A (3.02 %, 40 kB) moves with B, its difference
    /// 0.0002 ± 0.00002 replicate to replicate: confirmed within 0.1 points, and cheaper, so A is
    /// picked. C (3.05 %, 30 kB) swings ±0.006 against B: neither within nor worse, unresolved.
    @Test func theFewestBytesWithinDeltaOfTheLowest() throws {
        let spread = (0 ..< 40).map { Double($0 % 5 - 2) }
        let b = spread.map { Optional(0.030 + $0 * 0.001) }
        let a = spread.map { Optional(0.0302 + $0 * 0.001 + $0 * 0.00001) }
        let c = spread.enumerated().map { Optional(0.0305 + $1 * 0.001 + ($0 % 2 == 0 ? 0.006 : -0.006)) }
        let cells = [(policy: "A", rate: 0.0302, bytes: 40_000.0), ("B", 0.030, 50_000), ("C", 0.0305, 30_000)]
        let pick = try #require(BudgetPick(cells, delta: 0.001) { ["A": a, "B": b, "C": c][$0] })
        #expect(pick.best == "B" && pick.pick == "A" && pick.zone == 2 && pick.unresolved == 1)
        // Without replicates the lowest is picked, and nothing is judged.
        let bare = try #require(BudgetPick(cells, delta: 0.001) { _ in nil })
        #expect(bare.pick == "B" && bare.unresolved == nil)
        #expect(BudgetPick([], delta: 0.001) { _ in nil } == nil)
    }
}
