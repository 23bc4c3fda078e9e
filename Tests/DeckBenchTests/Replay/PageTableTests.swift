import Testing
@testable import DeckBench

@Suite struct PageTableTests {
    /// A session's start, its limits, and how many of the pages the test touches the map holds.
    struct Limits: Sendable {
        var start: Int, first: Int, last: Int, inMap: Int
        init(_ start: Int, _ first: Int, _ last: Int, inMap: Int) {
            (self.start, self.first, self.last, self.inMap) = (start, first, last, inMap)
        }
    }

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

    /// A session that starts near a limit gets the array's 512 slots on the side where its pages
    /// are; centred when both limits are far. Pages ±5, ±300, ±511 and ±600 from the start, those
    /// within the limits: starting at its newest page 0 of -10,000 ... 0, the slots hold -511 ... 0
    /// and only -600 is in the map (centred, -300, -511 and -600 would be); at its oldest, 0 ...
    /// 511 and only 600; centred, -256 ... 255 and the six beyond; near Int.max, the slots end at
    /// Int.max. Every page reads and counts the same wherever it lives, and a reset forgets both.
    @Test(arguments: [Limits(0, -10_000, 0, inMap: 1), Limits(0, 0, 10_000, inMap: 1), Limits(0, -10_000, 10_000, inMap: 6),
                      Limits(5, 0, 9, inMap: 0), Limits(Int.min + 3, Int.min, Int.min + 3, inMap: 0),
                      Limits(Int.max - 3, Int.max - 700, Int.max, inMap: 2)])
    func theArrayHoldsTheSessionsPagesNearestItsStart(_ limits: Limits) {
        let (start, first, last, inMap) = (limits.start, limits.first, limits.last, limits.inMap)
        let table = PageTable()
        table.reset(around: start, first: first, last: last)
        let pages = Set([0, 5, -5, 300, -300, 511, -511, 600, -600].map { start &+ $0 }.filter { $0 >= first && $0 <= last })
        for page in pages { table[page].version = 1 }
        for page in pages { #expect(table[page].version == 1 && table.isCached(page)) }
        #expect(table.cachedCount == pages.count)
        #expect(table.far.count == inMap)
        table.reset(around: start, first: first, last: last)
        #expect(table.cachedCount == 0 && table.far.count == 0)
        for page in pages { #expect(table.isMissing(page)) }
    }

    /// `sent` writes what reading a page and writing it back with its request would: the count
    /// grows from the n it returns, the request is in flight, a prefetch's mark is pending and
    /// counted once (a prefetch already open is not counted again), a demand leaves the mark and
    /// the data alone; in the array and in the map alike. `status` reads data and flight together;
    /// `dropped` takes the data and the mark, keeping the count and the request in flight.
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
        // Dropped: the data, its origin and the mark go; an open prefetch is said once.
        table[start &+ 600].dataFromPrefetch = true
        let (first, again, other) = (table.dropped(start &+ 600), table.dropped(start &+ 600), table.dropped(start &+ 2))
        #expect(first && !again && other)
        for page in [start &+ 2, start &+ 600] {
            #expect(table[page].version == nil && !table[page].dataFromPrefetch && table[page].prefetch == .none)
            #expect(table[page].requestsMade == 3 && table[page].inFlight == 9)
        }
        #expect(table.cachedCount == 0 && table.pendingPrefetches == 0)
        table.reset(around: start)
        #expect(table[start &+ 2].requestsMade == 0 && table.status(start &+ 2) == (cached: false, inFlight: false))
    }
}
