// The totals' invariant checker: compiled in with `-D DECKBENCH_INTERNAL_CHECKS` (`make test-checks`)
// and run after every mutation; an empty inline function otherwise, which costs nothing.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension BucketTotals {
    /// Stops the process when the layout is broken: a count of a width other than 2, 4 or 8
    /// bytes, counts not side by side in a block, blocks of other than their width, or slots that
    /// do not name each block exactly once. After an add, the layout and the added bucket's slot
    /// (the slots in full after a widening or a merge: a full check after each session's add would
    /// cost a pass over 1,024 slots).
    func checkInvariants(bucket: Int? = nil) {
        guard InternalChecks.enabled else { return }
        precondition(columnBytes.count == width && offsets.count == width, "BucketTotals: \(columnBytes.count) widths for \(width) counts")
        var offset = 0
        for count in 0 ..< width {
            precondition([2, 4, 8].contains(columnBytes[count]), "BucketTotals: count \(count) of \(columnBytes[count]) bytes")
            precondition(offsets[count] == offset, "BucketTotals: count \(count) at byte \(offsets[count]) of a block, not \(offset)")
            offset += columnBytes[count]
        }
        precondition(blockBytes == offset && blocks.count == blockCount * blockBytes, "BucketTotals: \(blocks.count) bytes for \(blockCount) blocks of \(blockBytes)")
        if let bucket {
            return precondition(slots[bucket] != 0 && Int(slots[bucket]) <= blockCount, "BucketTotals: bucket \(bucket) names no block")
        }
        var named = [Bool](repeating: false, count: blockCount)
        for slot in slots where slot != 0 {
            precondition(Int(slot) <= blockCount && !named[Int(slot) - 1], "BucketTotals: block \(slot - 1) named twice or past \(blockCount)")
            named[Int(slot) - 1] = true
        }
        precondition(!named.contains(false), "BucketTotals: a block no bucket names")
    }
}
#else
extension BucketTotals {
    @inline(__always) func checkInvariants(bucket: Int? = nil) {}
}
#endif
