extension Array {
    /// Makes room for `count` more elements before an append or insert, growing by a quarter (at
    /// least 16) instead of the standard doubling, and never past `limit` when that is enough: the
    /// sparse layouts of a replay point (`SparseCounts`, `BucketTotals`) grow to their final size
    /// one element or block at a time, and doubling would leave up to half of them unused.
    @inline(__always)
    mutating func reserveModestly(for count: Int, limit: Int = .max) {
        let needed = self.count + count
        guard needed > capacity else { return }
        let grown = Swift.max(needed, self.count + self.count / 4 + 16)
        reserveCapacity(needed <= limit ? Swift.min(grown, limit) : grown)
    }
}
