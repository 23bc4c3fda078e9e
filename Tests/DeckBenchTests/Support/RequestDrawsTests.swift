import Testing
@testable import DeckBench

@Suite struct RequestDrawsTests {
    /// The table's 512 pages go to the session's side of its start when a limit is nearer than
    /// 256: starting at its newest page 0 of -10,000 ... 0, pages -511 ... 0 are in the table and
    /// -600 in the map; centred on 0 when both limits are far, ±300 are in the map. Every value
    /// reads back wherever it lives, the n-th request's too, and a reset forgets them.
    @Test func theTableHoldsTheSessionsPagesNearestItsStart() {
        var draws = RequestDraws<Int>()
        draws.reset(around: 0, first: -10_000, last: 0)
        for (index, page) in [0, -5, -300, -511, -600].enumerated() { draws.store(index + 1, page: page, n: 0) }
        draws.store(9, page: -300, n: 3)
        #expect(draws.far.count == 1)
        #expect([0, -5, -300, -511, -600].map { draws.value(page: $0, n: 0) } == [1, 2, 3, 4, 5])
        #expect(draws.value(page: -300, n: 3) == 9 && draws.value(page: -300, n: 1) == nil)

        draws.reset(around: 0, first: -10_000, last: 10_000)
        #expect(draws.value(page: 0, n: 0) == nil && draws.far.count == 0)
        for page in [0, 255, -256, 300, -300] { draws.store(page, page: page, n: 0) }
        #expect(draws.far.count == 2)
        #expect([0, 255, -256, 300, -300].map { draws.value(page: $0, n: 0) } == [0, 255, -256, 300, -300])
    }
}
