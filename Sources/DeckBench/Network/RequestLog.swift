/// Every request of one replayed session, by id (the order they were made). The replay reads and
/// updates requests on every network event; the log keeps them in storage of its own, so that an
/// update is a store, with no copy-on-write check. Cleared between sessions, keeping its storage.
final class RequestLog {
    private var storage: UnsafeMutablePointer<Request>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func removeAll() {
        storage.deinitialize(count: count)
        count = 0
    }

    /// Logs `request`; returns its id.
    @inline(__always)
    func append(_ request: Request) -> Int {
        if count == capacity { grow() }
        (storage + count).initialize(to: request)
        // Wrapping: below `capacity` before the append.
        count &+= 1
        return count &- 1
    }

    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<Request>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// Request `id`'s record, checked once and changed in place by `body`: where a step of the
    /// replay writes several of its fields, one check and one address instead of one per field.
    /// `body` must not append to the log (which may move the storage).
    @inline(__always)
    func update<Result>(_ id: Int, _ body: (inout Request) throws -> Result) rethrows -> Result {
        precondition(UInt(bitPattern: id) < UInt(bitPattern: count), "no request \(id)")
        return try body(&storage[id])
    }

    subscript(id: Int) -> Request {
        unsafeAddress {
            // One unsigned comparison: a negative id is above every count.
            precondition(UInt(bitPattern: id) < UInt(bitPattern: count), "no request \(id)")
            return UnsafePointer(storage + id)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: id) < UInt(bitPattern: count), "no request \(id)")
            return storage + id
        }
    }
}
