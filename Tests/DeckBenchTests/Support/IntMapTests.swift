import Testing
@testable import DeckBench

@Suite struct IntMapTests {
    @Test func storesFindsGrowsAndClears() {
        var map = IntMap<Int>(capacity: 4)
        let keys = [0, -1, 1, 1_000_000_000_000, -1_000_000_000_000] + Array(stride(from: -500, to: 500, by: 7))
        for key in keys { map[key] = key * 2 }
        #expect(map.count == Set(keys).count)
        for key in keys { #expect(map[key] == key * 2) }
        #expect(map[3] == nil)
        map[0] = 42
        #expect(map[0] == 42)
        #expect(map.count == Set(keys).count)
        var seen = 0
        map.forEach { _, _ in seen += 1 }
        #expect(seen == map.count)
        map.removeAll()
        #expect(map.count == 0)
        #expect(map[1] == nil)
        map[1] = 5
        #expect(map[1] == 5)
    }
}
