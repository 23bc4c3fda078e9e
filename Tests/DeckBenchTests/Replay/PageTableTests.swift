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

    /// `sent` writes what reading a page and writing it back with its request would: the count
    /// grows from the n it returns, the request is in flight, a prefetch's mark is pending and
    /// counted once (a prefetch already open is not counted again), a demand leaves the mark and
    /// the data alone; in the array and in the map alike. `status` reads data and flight together.
    @Test(arguments: [0, 5_000, Int.max - 3])
    func aSentRequestIsCountedAndInFlight(start: Int) {
        let table = PageTable()
        table.reset(around: start)
        for page in [start &+ 2, start &+ 600] {
            #expect(table.sent(page, request: 7, prefetch: true) == 0)
            #expect(table[page].requestsMade == 1 && table[page].inFlight == 7 && table[page].prefetch == .pending)
            #expect(table.status(page) == (cached: false, inFlight: true))
            #expect(table.pendingPrefetches == (page == start &+ 2 ? 1 : 2))
            table[page].prefetch = .neededInFlight
            #expect(table.sent(page, request: 8, prefetch: true) == 1)
            #expect(table.pendingPrefetches == (page == start &+ 2 ? 1 : 2))
            table[page].version = 3
            table[page].inFlight = nil
            #expect(table.status(page) == (cached: true, inFlight: false))
            #expect(table.sent(page, request: 9, prefetch: false) == 2)
            #expect(table[page].requestsMade == 3 && table[page].inFlight == 9 && table[page].prefetch == .pending && table[page].version == 3)
            #expect(table.status(page) == (cached: true, inFlight: true))
        }
        #expect(table.cachedCount == 2 && table.pendingPrefetches == 2)
        table.reset(around: start)
        #expect(table[start &+ 2].requestsMade == 0 && table.status(start &+ 2) == (cached: false, inFlight: false))
    }
}
