// The table's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension RequestDraws {
    /// Stops the process when the table is broken: generation 0 current (it marks an empty slot),
    /// a slot of a later generation than the current one (checked over the whole table on a reset,
    /// for the slot written otherwise), a broken far map (in full on a reset; it checks each
    /// insert itself), or the origin above `highestOrigin`.
    func checkInvariants(slot: Int? = nil) {
        guard InternalChecks.enabled else { return }
        precondition(generation >= 1, "RequestDraws: generation 0 is current")
        precondition(origin <= Self.highestOrigin, "RequestDraws: origin \(origin) above \(Self.highestOrigin)")
        let slotCount = Self.nearPages * Self.nearRequests
        for index in (slot ?? 0) ..< (slot.map { $0 + 1 } ?? slotCount) {
            precondition(index >= 0 && index < slotCount && slots[index].generation <= generation,
                         "RequestDraws: slot \(index) of a later generation")
        }
        if slot == nil { far.checkInvariants() }
    }
}
#else
extension RequestDraws {
    @inline(__always) func checkInvariants(slot: Int? = nil) {}
}
#endif
