// The map's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension IntMap {
    /// Stops the process when the table is broken: a size that is not a power of two or a mask and
    /// shift that do not match it, a load past 3/4, a count that is not the current generation's
    /// entries, an entry of a later generation, or a key its probe does not reach where it lies
    /// (which also finds a key held twice). After an insert (`key`), the sizes and that key alone;
    /// the whole table after a clear or a growth (a whole pass per insert would make a session's
    /// inserts quadratic).
    func checkInvariants(key: Int? = nil) {
        guard InternalChecks.enabled else { return }
        let size = entries.count
        precondition(size >= 16 && size & (size - 1) == 0, "IntMap: \(size) slots")
        precondition(mask == size - 1 && shift == UInt64(64 - size.trailingZeroBitCount), "IntMap: mask or shift off the size")
        precondition(count * 4 <= size * 3, "IntMap: \(count) keys in \(size) slots")
        if let key {
            let found = find(key)
            return precondition(found.found && entries[found.slot].value != nil, "IntMap: key \(key) not found after its insert")
        }
        var live = 0
        for (slot, entry) in entries.enumerated() {
            precondition(entry.generation <= generation, "IntMap: slot \(slot) of a later generation")
            guard entry.generation == generation else { continue }
            live += 1
            precondition(entry.value != nil, "IntMap: slot \(slot) holds a key without a value")
            let found = find(entry.key)
            precondition(found.found && found.slot == slot, "IntMap: key \(entry.key) in slot \(slot) is not where its probe ends")
        }
        precondition(live == count, "IntMap: count \(count), \(live) entries held")
    }
}
#else
extension IntMap {
    @inline(__always) func checkInvariants(key: Int? = nil) {}
}
#endif
