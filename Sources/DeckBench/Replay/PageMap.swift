/// A map from page number to page state for one replay: open addressing with linear probing and a
/// multiplicative hash. The standard `Dictionary` hashes every key with seeded SipHash, which was
/// the largest single cost of a replay; pages are never removed within a session, and the whole
/// map is cleared between sessions, keeping its capacity.
struct PageMap<Value> {
    private static var empty: Int { Int.min }
    private var keys: [Int]
    private var values: [Value?]
    private(set) var count = 0
    private var mask: Int
    private var shift: UInt64

    init(capacity: Int = 64) {
        let size = max(16, capacity.nextPowerOfTwo)
        keys = Array(repeating: Self.empty, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// - Complexity: O(capacity), once per session.
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in keys.indices where keys[index] != Self.empty {
            keys[index] = Self.empty
            values[index] = nil
        }
        count = 0
    }

    @inline(__always)
    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func find(_ key: Int) -> Int {
        var index = slot(of: key)
        while keys[index] != key && keys[index] != Self.empty { index = (index + 1) & mask }
        return index
    }

    subscript(key: Int) -> Value? {
        get {
            let index = find(key)
            return keys[index] == key ? values[index] : nil
        }
        set {
            guard let newValue else { return }
            var index = find(key)
            if keys[index] != key {
                if (count + 1) * 4 > keys.count * 3 {
                    grow()
                    index = find(key)
                }
                keys[index] = key
                count += 1
            }
            values[index] = newValue
        }
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != Self.empty }
        self = PageMap(capacity: keys.count * 2)
        for (key, value) in old { self[key] = value }
    }

    /// Every entry, in slot order (deterministic for the same insertions).
    func forEach(_ body: (Int, Value) -> Void) {
        for index in keys.indices where keys[index] != Self.empty {
            if let value = values[index] { body(keys[index], value) }
        }
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        guard self > 1 else { return 1 }
        return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
