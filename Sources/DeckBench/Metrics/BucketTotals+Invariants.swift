// The totals' invariant checker: compiled in with `-D DECKBENCH_INTERNAL_CHECKS` (`make test-checks`)
// and run after every mutation; an empty inline function otherwise, which costs nothing.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension BucketTotals {
    /// Stops the process when the layout is broken: a column of a width other than 2, 4 or 8 bytes
    /// or of other than one total per block, or slots that do not name each block exactly once.
    /// After an add, the columns and the added bucket's slot (the slots in full after a widening
    /// or a merge: a full check after each session's add would cost a pass over 1,024 slots).
    func checkInvariants(bucket: Int? = nil) {
        guard InternalChecks.enabled else { return }
        precondition(columns.count == width && columnBytes.count == width, "BucketTotals: \(columns.count) columns for \(width) counts")
        for count in 0 ..< width {
            precondition([2, 4, 8].contains(columnBytes[count]), "BucketTotals: column \(count) of \(columnBytes[count]) bytes")
            precondition(columns[count].count == blockCount * columnBytes[count], "BucketTotals: column \(count) holds \(columns[count].count) bytes for \(blockCount) blocks")
        }
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
