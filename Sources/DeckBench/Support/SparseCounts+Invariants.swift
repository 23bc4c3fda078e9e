// The counts' invariant checker: compiled in with `-D DECKBENCH_INTERNAL_CHECKS` (`make test-checks`)
// and run after every mutation; an empty inline function otherwise, which costs nothing.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension SparseCounts {
    /// Stops the process when the layout is broken. Mapped: no more cells than the limit, every
    /// cell within the range, nothing of the ranked layout. Ranked: an empty map, a bit per cell and
    /// none past the last, block ranks that count the bits before each block, a byte per set bit,
    /// none of them 0, and the large map holding exactly the cells whose byte is 255. After an add
    /// (`cell`), the cell alone and the sizes; the whole layout when it turns ranked.
    func checkInvariants(cell: Int? = nil) {
        guard InternalChecks.enabled else { return }
        guard isRanked else {
            if let cell { return precondition(cell < size && map.count <= mapLimit && map.count(of: UInt32(cell)) > 0, "SparseCounts: cell \(cell) after an add") }
            precondition(map.count <= mapLimit && present.isEmpty && bytes.isEmpty && large.count == 0, "SparseCounts: mapped layout")
            map.forEach { cell, _ in precondition(Int(cell) < size, "SparseCounts: cell \(cell) of \(size)") }
            return
        }
        precondition(map.count == 0, "SparseCounts: ranked with cells left in the map")
        let words = (size + 63) / 64
        precondition(present.count == words, "SparseCounts: \(present.count) words for \(size) cells")
        if let cell {
            return precondition(cell < size && count(at: cell) > 0, "SparseCounts: cell \(cell) of \(size) holds nothing after an add")
        }
        if size % 64 != 0 { precondition(present[words - 1] >> UInt64(size % 64) == 0, "SparseCounts: a cell past \(size)") }
        precondition(blockRanks.count == (words + Self.wordsPerBlock - 1) / Self.wordsPerBlock, "SparseCounts: block ranks")
        var before = 0
        for word in 0 ..< words {
            if word % Self.wordsPerBlock == 0 {
                precondition(Int(blockRanks[word / Self.wordsPerBlock]) == before, "SparseCounts: rank of block \(word / Self.wordsPerBlock)")
            }
            before += present[word].nonzeroBitCount
        }
        precondition(bytes.count == before, "SparseCounts: \(bytes.count) counts for \(before) cells")
        precondition(!bytes.contains(0), "SparseCounts: a cell marked present holds 0")
        precondition(large.count == bytes.count { $0 == Self.inLarge }, "SparseCounts: large map and 255 bytes disagree")
    }
}
#else
extension SparseCounts {
    @inline(__always) func checkInvariants(cell: Int? = nil) {}
}
#endif
