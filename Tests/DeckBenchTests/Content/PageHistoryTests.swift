import Testing
@testable import DeckBench

@Suite struct PageHistoryTests {
    @Test func versionsAndItemsFollowTheChanges() {
        let history = PageHistory(initialItems: 4, changes: [
            (100, .insert(at: 0, id: 10)), (200, .delete(at: 2)), (300, .replace(at: 1, id: 11)),
        ])
        #expect(history.version(atUs: 99) == 0)
        #expect(history.version(atUs: 100) == 1)
        #expect(history.version(atUs: 1_000) == 3)
        #expect(history.items(version: 0) == [0, 1, 2, 3])
        #expect(history.items(version: 1) == [10, 0, 1, 2, 3])
        #expect(history.items(version: 2) == [10, 0, 2, 3])
        #expect(history.items(version: 3) == [10, 11, 2, 3])
        #expect(history.itemCount(version: 2) == 4)
        // v0 → v3: insert 10, remove 0, remove 1, insert 11.
        #expect(history.diffOperations(from: 0, to: 3) == 4)
        #expect(history.diffOperations(from: 2, to: 2) == 0)
    }

    @Test func newerPagesChangeMoreOften() {
        let model = ContentModel(items: 20, itemBytes: 100, churnPerHour: 60)
        var changes: [Int] = []
        for distance in 0 ..< 3 {
            var total = 0
            for session in 0 ..< 200 {
                var random = SeededGenerator(seed: 1, keys: UInt64(session), UInt64(distance))
                total += PageHistory(model: model, distance: distance, endUs: 3_600_000_000, random: &random).changeTimesUs.count
            }
            changes.append(total)
        }
        // 60, 30 and 15 changes per hour on average over 200 one-hour sessions.
        #expect(abs(changes[0] - 12_000) < 600)
        #expect(abs(changes[1] - 6_000) < 400)
        #expect(abs(changes[2] - 3_000) < 300)
    }

    @Test func noChurnMeansNoChanges() {
        var random = SeededGenerator(seed: 1)
        let history = PageHistory(model: ContentModel(churnPerHour: 0), distance: 0, endUs: 10_000_000_000, random: &random)
        #expect(history.changeTimesUs.isEmpty)
    }
}
