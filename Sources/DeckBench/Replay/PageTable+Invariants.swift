// The table's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension PageTable {
    /// Stops the process when the table's bookkeeping is broken: a touched slot listed twice, out
    /// of the array or not marked touched; the cached list not exactly the pages holding data (each
    /// once); the count of open prefetches not the pages whose prefetch is open; the array's origin
    /// above `highestOrigin`. After a reset (`wholeArray`), also every slot of the array back to an
    /// empty page, untouched.
    func checkInvariants(wholeArray: Bool = false) {
        guard InternalChecks.enabled else { return }
        precondition(origin <= Self.highestOrigin, "PageTable: origin \(origin) above \(Self.highestOrigin)")
        var listed = Set<Int>()
        var withData = Set<Int>()
        var open = 0
        for position in 0 ..< touched.count {
            let index = touched[position]
            precondition(index >= 0 && index < Self.nearCount, "PageTable: touched slot \(index) outside 0..<\(Self.nearCount)")
            precondition(listed.insert(index).inserted, "PageTable: slot \(index) listed as touched twice")
            precondition(near[index].touched, "PageTable: slot \(index) listed as touched but not marked")
            if near[index].version != nil { withData.insert(origin &+ index) }
            if near[index].prefetch.isOpen { open += 1 }
        }
        // The map's own checker holds its count to its entries; an empty map (most sessions) is
        // not walked after every mutation.
        if far.count > 0 {
            far.forEach { page, state in
                precondition(page < origin || UInt(bitPattern: page) &- UInt(bitPattern: origin) >= UInt(Self.nearCount),
                             "PageTable: page \(page) in the map, but it has a slot")
                if state.version != nil { withData.insert(page) }
                if state.prefetch.isOpen { open += 1 }
            }
        }
        var cachedPages = Set<Int>()
        for index in 0 ..< cached.count {
            precondition(cachedPages.insert(cached[index]).inserted, "PageTable: page \(cached[index]) cached twice")
        }
        precondition(cachedPages == withData, "PageTable: cached list \(cachedPages.sorted()), pages with data \(withData.sorted())")
        precondition(open == pendingPrefetches, "PageTable: \(pendingPrefetches) open prefetches counted, \(open) held")
        guard wholeArray else { return }
        for index in 0 ..< Self.nearCount {
            let page = near[index]
            precondition(!page.touched && page.version == nil && page.inFlight == nil && page.prefetch == .none,
                         "PageTable: slot \(index) not empty after a reset")
        }
    }
}
#else
extension PageTable {
    @inline(__always) func checkInvariants(wholeArray: Bool = false) {}
}
#endif
