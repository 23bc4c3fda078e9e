import DequeModule

/// The link's connections as slots: a request holds one from when it starts until it arrives or
/// the app gives up on it; while none is free, requests wait, the urgent ones (demand,
/// revalidation) first, then the prefetches, each first come, first served.
struct ConnectionSlots: ~Copyable {
    /// How many requests may hold a connection at once; 0 = no limit.
    let limit: Int
    private(set) var busy = 0
    private var urgent = Deque<Int>()
    private var prefetches = Deque<Int>()

    init(limit: Int) {
        self.limit = limit
    }

    mutating func reset() {
        busy = 0
        urgent.removeAll(keepingCapacity: true)
        prefetches.removeAll(keepingCapacity: true)
    }

    /// Whether a request would get a connection now.
    @inline(__always)
    var hasFree: Bool { limit == 0 || busy < limit }

    /// A request takes a free connection.
    @inline(__always)
    mutating func take() {
        // Wrapping, as in `release`: at most one a request in flight.
        busy &+= 1
    }

    /// Request `id` waits for a connection, with the urgent requests or with the prefetches.
    mutating func wait(_ id: Int, urgent isUrgent: Bool) {
        if isUrgent { urgent.append(id) } else { prefetches.append(id) }
    }

    /// The app needs prefetch `id` now: if it still waits, it joins the urgent requests (at their
    /// end), as a real app raises the priority of what the user is looking at.
    mutating func promote(_ id: Int) {
        guard let index = prefetches.firstIndex(of: id) else { return }
        prefetches.remove(at: index)
        urgent.append(id)
    }

    /// A connection is given back; the request that waited longest among the most urgent takes it
    /// (nil: none waits, and the connection stays free).
    @inline(__always)
    mutating func release() -> Int? {
        busy &-= 1
        guard let next = urgent.popFirst() ?? prefetches.popFirst() else { return nil }
        busy &+= 1
        return next
    }

    /// The requests waiting, the urgent first, in the order they will be served.
    var waiting: [Int] { Array(urgent) + Array(prefetches) }
}
