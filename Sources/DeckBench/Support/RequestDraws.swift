/// Values kept per (page, n) for one session — draws for the n-th request of a page, shared by a
/// worker's replayers (`SessionCommons`), or where a page's history is (`ServerPages`, n = 0): the
/// pages near the session's first page and their first `nearRequests` values in a flat table
/// indexed by position (nearly every page of a real session), any other (page, n) in a map.
/// Cleared between sessions in O(1) by a new generation. The table is n-major: every page's first
/// value (most pages have no other) lies in one run of memory that stays cached, not one line a page.
struct RequestDraws<Value: BitwiseCopyable>: ~Copyable {
    struct Slot {
        var generation: UInt32
        var value: Value
    }

    static var nearPages: Int { 512 }
    static var nearRequests: Int { 8 }
    /// The highest `origin`: the table's last page is `Int.max` at most, so that `index` needs one
    /// comparison for the page (as `PageTable`'s).
    static var highestOrigin: Int { Int.max - (nearPages - 1) }
    let slots: UnsafeMutablePointer<Slot>
    private(set) var generation: UInt32 = 1
    private(set) var origin = 0
    private(set) var far = IntMap<Value>(capacity: 64)

    init() {
        slots = .allocate(capacity: Self.nearPages * Self.nearRequests)
        clear()
    }

    /// Zeroes every slot: generation 0 is never current, so each is empty.
    private func clear() {
        UnsafeMutableRawPointer(slots).initializeMemory(as: UInt8.self, repeating: 0,
                                                        count: Self.nearPages * Self.nearRequests * MemoryLayout<Slot>.stride)
    }

    deinit {
        slots.deallocate()
    }

    /// Forgets every value, for a session whose first page is `page` and whose pages are
    /// `first ... last`: the table's pages are those nearest `page` within the limits, centred on
    /// it unless a limit is nearer than half the table (as `PageTable`'s array). Where a value
    /// lives changes nothing else.
    mutating func reset(around page: Int, first: Int, last: Int) {
        forgetValues(around: page)
        if first <= last {
            let (high, overflow) = last.subtractingReportingOverflow(Self.nearPages - 1)
            origin = min(max(first, min(origin, overflow ? Int.min : high)), Self.highestOrigin)
        }
        checkInvariants()
    }

    /// Forgets every value, for a session whose first page is `page`.
    mutating func reset(around page: Int) {
        forgetValues(around: page)
        checkInvariants()
    }

    /// `reset`'s work before its check, which runs once whichever reset is called.
    @inline(__always)
    private mutating func forgetValues(around page: Int) {
        if generation == UInt32.max {
            clear()
            generation = 0
        }
        generation += 1
        let (low, overflow) = page.subtractingReportingOverflow(Self.nearPages / 2)
        origin = min(overflow ? Int.min : low, Self.highestOrigin)
        far.removeAll()
    }

    /// The slot of (page, n) in the flat table, if it has one.
    @inline(__always)
    private func index(page: Int, n: Int) -> Int? {
        // One unsigned comparison each, as in `PageTable.nearIndex`: below `origin` the wrapping
        // difference is past every slot, and a negative n is above every count.
        let offset = UInt(bitPattern: page) &- UInt(bitPattern: origin)
        guard offset < UInt(Self.nearPages), UInt(bitPattern: n) < UInt(Self.nearRequests) else { return nil }
        return n &* Self.nearPages &+ Int(bitPattern: offset)
    }

    /// The value of (page, n), drawn by `draw` on first use.
    @inline(__always)
    mutating func value(page: Int, n: Int, draw: () -> Value) -> Value {
        if let index = index(page: page, n: n) {
            if slots[index].generation == generation { return slots[index].value }
            let value = draw()
            slots[index] = Slot(generation: generation, value: value)
            checkInvariants(slot: index)
            return value
        }
        guard let key = Self.farKey(page: page, n: n) else { return draw() }
        if let value = far[key] { return value }
        let value = draw()
        far[key] = value
        return value
    }

    /// The value of (page, n), if one was stored.
    @inline(__always)
    func value(page: Int, n: Int) -> Value? {
        if let index = index(page: page, n: n) {
            return slots[index].generation == generation ? slots[index].value : nil
        }
        return Self.farKey(page: page, n: n).flatMap { far[$0] }
    }

    /// Stores `value` for (page, n); outside the range of keys it is not kept.
    @inline(__always)
    mutating func store(_ value: Value, page: Int, n: Int) {
        if let index = index(page: page, n: n) {
            slots[index] = Slot(generation: generation, value: value)
            checkInvariants(slot: index)
        } else if let key = Self.farKey(page: page, n: n) {
            far[key] = value
        }
    }

    /// Replaces the value of (page, n), which has one.
    @inline(__always)
    mutating func update(page: Int, n: Int, to value: Value) {
        if let index = index(page: page, n: n) {
            slots[index].value = value
        } else if let key = Self.farKey(page: page, n: n) {
            far[key] = value
        }
    }

    /// (page, n) as one map key, for n below 64 and pages within ±2⁴⁰ (every page of a real
    /// session); nil outside that range, where values are drawn each time, not remembered.
    @inline(__always)
    private static func farKey(page: Int, n: Int) -> Int? {
        n >= 0 && n < 64 && page.magnitude < 1 << 40 ? page << 6 | n : nil
    }
}
