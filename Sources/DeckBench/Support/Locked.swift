import Foundation

/// A value shared between threads, reached only under its lock: the counters, caches and
/// progress state that workers share. (`Synchronization.Mutex` does this from macOS 15; the
/// package still supports macOS 13.)
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
