// The map's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension CountMap {
    /// Stops the process when the table is broken: keys and counts of different lengths, a size
    /// that is not a power of two (8 or more) or a shift off it, a load past 3/4, a count that is
    /// not the keys held, or a key its probe does not reach where it lies. After an add (`slot`),
    /// the sizes and that slot's key alone; the whole table after a growth.
    func checkInvariants(slot added: Int? = nil) {
        guard InternalChecks.enabled else { return }
        let size = keys.count
        precondition(counts.count == size, "CountMap: \(size) keys, \(counts.count) counts")
        guard size > 0 else { return precondition(count == 0, "CountMap: \(count) keys held in no slot") }
        precondition(size >= 8 && size & (size - 1) == 0 && shift == UInt64(64 - size.trailingZeroBitCount), "CountMap: \(size) slots")
        precondition(count * 4 <= size * 3, "CountMap: \(count) keys in \(size) slots")
        var held = 0
        for slot in added.map({ [$0] }) ?? Array(0 ..< size) where keys[slot] != Key.max {
            held += 1
            var probe = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: keys[slot]) &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while probe != slot {
                precondition(keys[probe] != Key.max && keys[probe] != keys[slot], "CountMap: key \(keys[slot]) in slot \(slot) is not where its probe ends")
                probe = (probe + 1) & (size - 1)
            }
        }
        if added == nil { precondition(held == count, "CountMap: count \(count), \(held) keys held") }
    }
}
#else
extension CountMap {
    @inline(__always) func checkInvariants(slot: Int? = nil) {}
}
#endif
