// The counts' invariant checker: compiled in with `-D DECKBENCH_INTERNAL_CHECKS` (`make test-checks`)
// and run after every mutation; an empty inline function otherwise, which costs nothing.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension SparseCounts {
    /// Stops the process when the layout is broken. Mapped: no more cells than the limit, every
    /// cell within the range, nothing of the paged layout. Paged: an empty map, an entry per page,
    /// the pages in use numbered 1 ... n once each with 64 bytes each, no count past the last cell,
    /// and the large map holding exactly the cells whose byte is 255. After an add (`cell`), the
    /// cell alone; the whole layout when it turns paged.
    func checkInvariants(cell: Int? = nil) {
        guard InternalChecks.enabled else { return }
        guard isPaged else {
            if let cell { return precondition(cell < size && map.count <= mapLimit && map.count(of: UInt32(cell)) > 0, "SparseCounts: cell \(cell) after an add") }
            precondition(map.count <= mapLimit && pages.isEmpty && bytes.isEmpty && large.count == 0, "SparseCounts: mapped layout")
            map.forEach { cell, _ in precondition(Int(cell) < size, "SparseCounts: cell \(cell) of \(size)") }
            return
        }
        precondition(map.count == 0, "SparseCounts: paged with cells left in the map")
        precondition(pages.count == (size + Self.pageCells - 1) / Self.pageCells, "SparseCounts: \(pages.count) pages for \(size) cells")
        if let cell {
            return precondition(cell < size && count(at: cell) > 0, "SparseCounts: cell \(cell) of \(size) holds nothing after an add")
        }
        let used = pages.filter { $0 != 0 }.map(Int.init).sorted()
        precondition(used == (0 ..< used.count).map { $0 + 1 }, "SparseCounts: pages in use not numbered 1 ... \(used.count)")
        precondition(bytes.count == used.count * Self.pageCells, "SparseCounts: \(bytes.count) bytes for \(used.count) pages")
        var inLarge = 0
        for (page, slot) in pages.enumerated() where slot != 0 {
            for offset in 0 ..< Self.pageCells {
                let byte = bytes[Int(slot - 1) * Self.pageCells + offset]
                precondition(byte == 0 || page * Self.pageCells + offset < size, "SparseCounts: a count past cell \(size)")
                if byte == Self.inLarge { inLarge += 1 }
            }
        }
        precondition(large.count == inLarge, "SparseCounts: large map and 255 bytes disagree")
    }
}
#else
extension SparseCounts {
    @inline(__always) func checkInvariants(cell: Int? = nil) {}
}
#endif
