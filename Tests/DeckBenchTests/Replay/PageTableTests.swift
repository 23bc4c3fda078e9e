import Testing
@testable import DeckBench

@Suite struct PageTableTests {
    /// Pages near the session's start live in the array, others in the map: both behave the same,
    /// and a reset forgets both. From `Int.max - 3`, `start &+ 4` is `Int.min`: below the array's
    /// origin, though its wrapping distance from it is under 512.
    @Test(arguments: [0, 5_000, -1_000_000_000_000, Int.max - 3, Int.min + 3])
    func nearAndFarPagesBehaveTheSame(start: Int) {
        let table = PageTable()
        table.reset(around: start)
        let pages = [start, start &+ 1, start &- 1, start &+ 600, start &- 600, start &+ 511, start &- 512, start &+ 100_000, start &+ 4]
        for (n, page) in pages.enumerated() {
            var state = table[page]
            #expect(state.version == nil && state.inFlight == nil && table.isMissing(page))
            state.version = n
            state.prefetch = .pending
            table[page] = state
        }
        for (n, page) in pages.enumerated() {
            #expect(table[page].version == n)
            #expect(table.isCached(page) && !table.isMissing(page))
        }
        #expect(table.cachedCount == pages.count)
        #expect(table.pendingPrefetches == pages.count)
        table[start &+ 600].version = nil
        table[start].prefetch = .useful
        #expect(table.cachedCount == pages.count - 1)
        #expect(table.pendingPrefetches == pages.count - 1)
        #expect(Set(table.cachedPages) == Set(pages).subtracting([start &+ 600]))

        table.reset(around: start &- 3)
        #expect(table.cachedCount == 0 && table.pendingPrefetches == 0)
        for page in pages { #expect(table.isMissing(page) && table[page].requestsMade == 0) }
    }
}
