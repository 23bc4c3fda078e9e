/// Counts by key, for the few distinct keys of a sparse distribution or table: open addressing
/// with linear probing and a multiplicative hash (the standard `Dictionary` hashes each key with
/// seeded SipHash, several times the cost, and this runs for stalls in the replay loop). The key
/// `Key.max` is reserved to mark an empty slot.
struct CountMap<Key: FixedWidthInteger & UnsignedInteger & Sendable, Count: FixedWidthInteger & Sendable>: Sendable {
    private(set) var keys: [Key]
    private(set) var counts: [Count]
    /// Keys held.
    private(set) var count = 0
    private(set) var shift: UInt64

    init() {
        keys = []
        counts = []
        shift = 64
    }

    @inline(__always)
    private func slot(of key: Key) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Adds `amount` to the count of `key` (not `Key.max`).
    @inline(__always)
    mutating func add(_ amount: Count, to key: Key) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var index = slot(of: key)
        while true {
            let held = keys[index]
            if held == key {
                counts[index] += amount
                return checkInvariants(slot: index)
            }
            if held == Key.max {
                keys[index] = key
                counts[index] = amount
                count += 1
                return checkInvariants(slot: index)
            }
            index = (index + 1) & mask
        }
    }

    /// The count of `key`; 0 when it has none.
    func count(of key: Key) -> Count {
        guard !keys.isEmpty else { return 0 }
        let mask = keys.count - 1
        var index = slot(of: key)
        while true {
            let held = keys[index]
            if held == key { return counts[index] }
            if held == Key.max { return 0 }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let size = Swift.max(8, keys.count * 2)
        var larger = CountMap()
        larger.keys = Array(repeating: Key.max, count: size)
        larger.counts = Array(repeating: 0, count: size)
        larger.shift = UInt64(64 - size.trailingZeroBitCount)
        forEach { key, amount in larger.add(amount, to: key) }
        self = larger
        checkInvariants()
    }

    /// Every key and its count, in slot order (use `sorted` for a fixed order).
    func forEach(_ body: (Key, Count) -> Void) {
        for index in keys.indices where keys[index] != Key.max { body(keys[index], counts[index]) }
    }

    /// Every key and its count, by increasing key.
    var sorted: [(key: Key, count: Count)] {
        var pairs: [(key: Key, count: Count)] = []
        pairs.reserveCapacity(count)
        forEach { pairs.append(($0, $1)) }
        return pairs.sorted { $0.key < $1.key }
    }

    /// Bytes held.
    var footprint: Int { keys.capacity * MemoryLayout<Key>.stride + counts.capacity * MemoryLayout<Count>.stride }
}
