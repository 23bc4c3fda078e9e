// The list's invariant checker: compiled into debug builds and run after every mutation when
// `InternalChecks.enabled` (`make test-checks`); an empty inline function in a release build.
#if DEBUG || DECKBENCH_INTERNAL_CHECKS
extension FlatList {
    /// Stops the process when the list's bookkeeping is broken: a count outside its storage.
    func checkInvariants() {
        guard InternalChecks.enabled else { return }
        precondition(capacity >= 1, "FlatList: capacity \(capacity)")
        precondition(count >= 0 && count <= capacity, "FlatList: count \(count) outside 0...\(capacity)")
    }
}
#else
extension FlatList {
    @inline(__always) func checkInvariants() {}
}
#endif
