/// The line where each session id of a file was first seen, keyed by the id's 64-bit stable hash
/// (`StableHash`): 16 bytes a slot, open addressing with linear probing on the hash's low bits,
/// which are already well mixed, grown to twice the slots at three quarters full. The standard
/// dictionary hashed each key once more with seeded SipHash, on its lookup and its insertion and
/// again on every growth: about 800 instructions a session.
struct SessionIDLines {
    /// The key of each slot, meaningful where its line is not 0.
    private var keys: [UInt64]
    /// The line of each slot's id (lines count from 1); 0 for an empty slot.
    private var lines: [Int]
    private(set) var count = 0

    init(capacity: Int = 64) {
        var slots = 16
        while slots < capacity { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        lines = Array(repeating: 0, count: slots)
    }

    /// The line first recorded for `key`; when there is none, `line` (≥ 1) is recorded for it and
    /// nil returned.
    mutating func firstLine(of key: UInt64, recording line: Int) -> Int? {
        precondition(line > 0, "a line number counts from 1")
        var slot = self.slot(of: key)
        if lines[slot] != 0 { return lines[slot] }
        if (count + 1) * 4 > lines.count * 3 {
            grow()
            slot = self.slot(of: key)
        }
        keys[slot] = key
        lines[slot] = line
        count += 1
        return nil
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func slot(of key: UInt64) -> Int {
        let mask = lines.count - 1
        var slot = Int(truncatingIfNeeded: key) & mask
        while lines[slot] != 0, keys[slot] != key { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func grow() {
        let (oldKeys, oldLines) = (keys, lines)
        keys = Array(repeating: 0, count: oldLines.count * 2)
        lines = Array(repeating: 0, count: oldLines.count * 2)
        for (key, line) in zip(oldKeys, oldLines) where line != 0 {
            let slot = slot(of: key)
            keys[slot] = key
            lines[slot] = line
        }
    }
}
