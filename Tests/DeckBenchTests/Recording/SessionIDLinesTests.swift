import Testing
@testable import DeckBench

/// The first line of each session id: the first recording wins, keys that share their low bits
/// (one slot's worth) probe past each other, and every line survives the growths, as a dictionary
/// would keep them.
@Suite struct SessionIDLinesTests {
    @Test func theFirstLineRecordedIsTheOneAnsweredEvenForKeysSharingTheirLowBits() {
        var lines = SessionIDLines(capacity: 16)
        // Sixteen slots: these keys all start at slot 5, and 40 of them force two growths.
        let keys = (0 ..< 40).map { UInt64($0) << 32 | 5 }
        for (index, key) in keys.enumerated() {
            #expect(lines.firstLine(of: key, recording: index + 1) == nil)
        }
        for (index, key) in keys.enumerated() {
            #expect(lines.firstLine(of: key, recording: 1_000) == index + 1)
        }
        #expect(lines.count == 40)
        // Key 0 is a key like any other: a slot is empty by its line, not its key.
        #expect(lines.firstLine(of: 0, recording: 7) == nil)
        #expect(lines.firstLine(of: 0, recording: 8) == 7)
    }

    @Test func manyKeysAnswerAsADictionary() {
        var lines = SessionIDLines()
        var reference: [UInt64: Int] = [:]
        var random = SeededGenerator(seed: 3)
        var seen: [UInt64] = []
        for line in 1 ... 60_000 {
            // A fifth of the keys are repeats of earlier ones.
            let key = line % 5 == 0 ? seen[Int(random.next() % UInt64(seen.count))] : random.next()
            seen.append(key)
            let expected = reference[key]
            if expected == nil { reference[key] = line }
            #expect(lines.firstLine(of: key, recording: line) == expected)
        }
        #expect(lines.count == reference.count)
    }
}
