import Testing
@testable import DeckBench

@Suite struct ListDifferenceTests {
    private func reference(_ old: [Int], _ new: [Int]) -> Int {
        let difference = new.difference(from: old)
        return difference.insertions.count + difference.removals.count
    }

    @Test func smallCasesAreWorkedOutByHand() {
        #expect(ListDifference.operationCount(from: [], to: []) == 0)
        #expect(ListDifference.operationCount(from: [1, 2, 3], to: [1, 2, 3]) == 0)
        #expect(ListDifference.operationCount(from: [], to: [1, 2]) == 2)
        #expect(ListDifference.operationCount(from: [1, 2], to: []) == 2)
        // A replaced item is one removal and one insertion; a move is a removal and an insertion too.
        #expect(ListDifference.operationCount(from: [1, 2, 3], to: [1, 9, 3]) == 2)
        #expect(ListDifference.operationCount(from: [1, 2, 3, 4], to: [2, 3, 4, 1]) == 2)
        // Myers' paper's example: ABCABBA → CBABAC takes 5.
        #expect(ListDifference.operationCount(from: [1, 2, 3, 1, 2, 2, 1], to: [3, 2, 1, 2, 1, 3]) == 5)
    }

    /// Random lists (page-like: unique ids with edits; and lists with many repeats) agree with
    /// the standard library's `difference(from:)`.
    @Test func agreesWithTheStandardLibraryOnRandomLists() {
        var random = SeededGenerator(seed: 77)
        for round in 0 ..< 1_000 {
            let alphabet = round % 2 == 0 ? 1_000 : 4
            let count = Int(random.next() % 40)
            let old = (0 ..< count).map { _ in Int(random.next() % UInt64(alphabet)) }
            var new = old
            for _ in 0 ..< Int(random.next() % 8) {
                switch random.next() % 3 {
                case 0: new.insert(Int(random.next() % UInt64(alphabet)), at: Int(random.next() % UInt64(new.count + 1)))
                case 1: if !new.isEmpty { new.remove(at: Int(random.next() % UInt64(new.count))) }
                default: if !new.isEmpty { new[Int(random.next() % UInt64(new.count))] = Int(random.next() % UInt64(alphabet)) }
                }
            }
            #expect(ListDifference.operationCount(from: old, to: new) == reference(old, new), "\(old) → \(new)")
            let unrelated = (0 ..< Int(random.next() % 30)).map { _ in Int(random.next() % UInt64(alphabet)) }
            #expect(ListDifference.operationCount(from: old, to: unrelated) == reference(old, unrelated))
        }
    }
}
