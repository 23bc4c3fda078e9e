/// Hands a value to parallel workers that each touch a disjoint part of it (their own replayers,
/// their own slots of a results buffer). The discipline, not the compiler, makes this safe: every
/// use says which part each worker owns.
final class UncheckedSendable<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
