/// A map from `Int` keys to values for one replay (page numbers to page state, or keys packed from a
/// page and a request count to draws): open addressing with linear probing and a multiplicative
/// hash, keys and values side by side in one array. The standard `Dictionary`
/// hashes every key with seeded SipHash, which was the largest single cost of a replay. Pages are
/// never removed within a session; between sessions the whole map is cleared in O(1) by moving
/// to a new generation (an entry of an older generation is an empty slot), keeping its capacity.
struct IntMap<Value> {
    struct Entry {
        var key: Int
        var generation: UInt32
        var value: Value?
    }

    private(set) var entries: [Entry]
    private(set) var generation: UInt32 = 1
    private(set) var count = 0
    private(set) var mask: Int
    private(set) var shift: UInt64

    init(capacity: Int = 64) {
        let size = max(16, capacity.nextPowerOfTwo)
        entries = Array(repeating: Entry(key: 0, generation: 0, value: nil), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// - Complexity: O(1), but O(capacity) once every 2³² clears.
    mutating func removeAll() {
        count = 0
        guard generation < UInt32.max else {
            self = IntMap(capacity: entries.count)
            return
        }
        generation += 1
        checkInvariants()
    }

    @inline(__always)
    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    func find(_ key: Int) -> (slot: Int, found: Bool) {
        var index = slot(of: key)
        while entries[index].generation == generation {
            if entries[index].key == key { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    subscript(key: Int) -> Value? {
        @inline(__always) get {
            let (index, found) = find(key)
            return found ? entries[index].value : nil
        }
        set {
            guard let newValue else { return }
            updateValue(newValue, forKey: key)
        }
    }

    /// Stores `value` for `key`; returns the value it replaced, if any.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: Int) -> Value? {
        var (index, found) = find(key)
        if found {
            defer { entries[index].value = value }
            return entries[index].value
        }
        if (count + 1) * 4 > entries.count * 3 {
            grow()
            index = find(key).slot
        }
        entries[index] = Entry(key: key, generation: generation, value: value)
        count += 1
        checkInvariants(key: key)
        return nil
    }

    private mutating func grow() {
        var larger = IntMap(capacity: entries.count * 2)
        forEach { key, value in larger[key] = value }
        self = larger
        checkInvariants()
    }

    /// Every entry, in slot order (deterministic for the same insertions).
    func forEach(_ body: (Int, Value) -> Void) {
        for entry in entries where entry.generation == generation {
            if let value = entry.value { body(entry.key, value) }
        }
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        guard self > 1 else { return 1 }
        return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
