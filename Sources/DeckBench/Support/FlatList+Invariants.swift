// The list's invariant checker: compiled in with `-D DECKBENCH_INTERNAL_CHECKS` (`make test-checks`)
// and run after every mutation; an empty inline function otherwise, which costs nothing.
#if DECKBENCH_INTERNAL_CHECKS
extension FlatList {
    /// Stops the process when the list's bookkeeping is broken: a count outside its storage.
    func checkInvariants() {
        precondition(capacity >= 1, "FlatList: capacity \(capacity)")
        precondition(count >= 0 && count <= capacity, "FlatList: count \(count) outside 0...\(capacity)")
    }
}
#else
extension FlatList {
    @inline(__always) func checkInvariants() {}
}
#endif
