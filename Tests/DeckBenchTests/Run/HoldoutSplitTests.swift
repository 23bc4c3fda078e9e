import Testing
@testable import DeckBench

@Suite struct HoldoutSplitTests {
    private let ids = (0 ..< 4_000).map { "session-\($0)" }

    @Test func holdsOutItsShareStablyByFileNameAndId() {
        let split = HoldoutSplit(fraction: 0.3, seed: 9)
        let heldOut = ids.count { split.place(file: "data/a.jsonl.zst", session: $0).heldOut }
        #expect(heldOut > 1_100 && heldOut < 1_300)
        // The folder does not matter, the file's name and the seed do.
        #expect(ids.allSatisfy { split.place(file: "data/a.jsonl.zst", session: $0) == split.place(file: "/elsewhere/a.jsonl.zst", session: $0) })
        let other = HoldoutSplit(fraction: 0.3, seed: 10)
        #expect(ids.contains { split.place(file: "a", session: $0).heldOut != other.place(file: "a", session: $0).heldOut })
        #expect(ids.allSatisfy { !HoldoutSplit(fraction: 0, seed: 9).place(file: "a", session: $0).heldOut })
    }

    @Test func theRoundsBlocksPartitionTheSearchedSessions() {
        let split = HoldoutSplit(fraction: 0.3, seed: 9)
        var starts = [0.0]
        starts += TuneRun.blockEnds.dropLast()
        let blocks = zip(starts, TuneRun.blockEnds).map { HoldoutSplit.Side.searched(from: $0, to: $1) }
        for id in ids {
            let sides = blocks.count { split.contains($0, file: "f", session: id) }
            #expect(sides + (split.contains(.heldOut, file: "f", session: id) ? 1 : 0) == 1)
        }
        // Blocks double: the last holds about half of the searched sessions, the first about 1/64.
        let sizes = blocks.map { side in ids.count { split.contains(side, file: "f", session: $0) } }
        #expect(sizes.last! > 1_200 && sizes.last! < 1_600)
        #expect(sizes.first! > 20 && sizes.first! < 70)
    }
}
