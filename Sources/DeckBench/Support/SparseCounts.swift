import CBootstrapKernel

/// Counts over a fixed range of cells, most of them zero: kept as a map of the cells that hold
/// something while they are few (up to `mapLimit`, `size / 64` unless told), then ranked: a bit
/// per cell says whether it holds something, and the counts of the cells that do sit in cell
/// order, a byte each (the few that reach 255 in a map of their own: a cell's byte 255 says its
/// count is there). Readers see cells in increasing order, whatever the layout.
///
/// The ranked layout costs a bit per cell, 4 bytes per 512 cells and a byte per used cell: for the
/// 65,536 stall bins of a policy × network on a large corpus, about 9 KiB plus a byte for each of
/// the few thousand bins that hold a stall, where a byte per cell would be 64 KiB.
struct SparseCounts: Sendable {
    /// Cells 0 ..< size.
    let size: Int
    /// Cells the map holds before the layout turns ranked.
    let mapLimit: Int
    private(set) var map = CountMap<UInt32, UInt32>()
    /// Ranked: bit `cell % 64` of word `cell / 64` is set when the cell holds something; empty
    /// while the map is in use.
    private(set) var present: [UInt64] = []
    /// Ranked: how many cells hold something before each block of `wordsPerBlock` words.
    private(set) var blockRanks: [UInt32] = []
    /// Ranked: the counts below 255 of the cells that hold something, in cell order.
    private(set) var bytes: [UInt8] = []
    /// Ranked: the counts of the cells whose byte is 255.
    private(set) var large = CountMap<UInt32, UInt32>()

    static var inLarge: UInt8 { 255 }
    static var wordsPerBlock: Int { 8 }

    init(size: Int, mapLimit: Int? = nil) {
        self.size = size
        self.mapLimit = mapLimit ?? size / 64
    }

    var isRanked: Bool { !present.isEmpty }

    /// Bytes held: the map's, or the ranked layout's.
    var footprint: Int {
        isRanked
            ? present.capacity * 8 + blockRanks.capacity * 4 + bytes.capacity + large.footprint
            : map.footprint
    }

    @inline(__always)
    mutating func add(_ count: UInt32, at cell: Int) {
        guard count > 0 else { return }
        defer { checkInvariants(cell: cell) }
        if isRanked { return addRanked(count, at: cell) }
        map.add(count, to: UInt32(cell))
        if map.count > mapLimit { rank() }
    }

    /// The index in `bytes` of `cell`, which holds something or is about to: the cells before it
    /// that hold something.
    @inline(__always)
    private func index(of cell: Int) -> Int {
        let word = cell >> 6
        let block = word / Self.wordsPerBlock
        let below = (UInt64(1) << UInt64(cell & 63)) &- 1
        let last = present[word] & below
        // The words before `word` in its block counted in C, on the processor's population count
        // when it has one: `nonzeroBitCount` here cost about 20 instructions a word (the baseline
        // x86-64 target has no popcnt), a third of what adding a stall cost.
        let before = present.withUnsafeBufferPointer { words in
            deckbench_bits_set(words.baseAddress, block * Self.wordsPerBlock, word, last)
        }
        return Int(blockRanks[block]) + before
    }

    @inline(__always)
    private mutating func addRanked(_ count: UInt32, at cell: Int) {
        let word = cell >> 6
        let bit = UInt64(1) << UInt64(cell & 63)
        let index = index(of: cell)
        if present[word] & bit == 0 {
            present[word] |= bit
            bytes.reserveModestly(for: 1, limit: size)
            bytes.insert(0, at: index)
            // Through a buffer and without overflow checks (a rank is at most `size`), so that the
            // loop runs on the vector unit: checked, it cost 350 instructions a new cell.
            blockRanks.withUnsafeMutableBufferPointer { ranks in
                for block in word / Self.wordsPerBlock + 1 ..< ranks.count { ranks[block] &+= 1 }
            }
        }
        let byte = bytes[index]
        if byte != Self.inLarge, count < UInt32(Self.inLarge - byte) {
            bytes[index] = byte + UInt8(count)
        } else {
            if byte != Self.inLarge {
                large.add(UInt32(byte), to: UInt32(cell))
                bytes[index] = Self.inLarge
            }
            large.add(count, to: UInt32(cell))
        }
    }

    /// From the map to the ranked layout, made in one pass over the map's cells in order.
    private mutating func rank() {
        let words = (size + 63) / 64
        present = Array(repeating: 0, count: words)
        blockRanks = Array(repeating: 0, count: (words + Self.wordsPerBlock - 1) / Self.wordsPerBlock)
        let sorted = map.sorted
        map = CountMap()
        bytes.reserveCapacity(sorted.count)
        for (cell, count) in sorted {
            present[Int(cell) >> 6] |= UInt64(1) << UInt64(cell & 63)
            if count < UInt32(Self.inLarge) {
                bytes.append(UInt8(count))
            } else {
                bytes.append(Self.inLarge)
                large.add(count, to: cell)
            }
        }
        var before: UInt32 = 0
        for word in 0 ..< words {
            if word % Self.wordsPerBlock == 0 { blockRanks[word / Self.wordsPerBlock] = before }
            before += UInt32(present[word].nonzeroBitCount)
        }
        checkInvariants()
    }

    /// The count of `cell`.
    func count(at cell: Int) -> UInt32 {
        guard isRanked else { return map.count(of: UInt32(cell)) }
        guard present[cell >> 6] & (UInt64(1) << UInt64(cell & 63)) != 0 else { return 0 }
        let byte = bytes[index(of: cell)]
        return byte == Self.inLarge ? large.count(of: UInt32(cell)) : UInt32(byte)
    }

    mutating func merge(_ other: SparseCounts) {
        other.forEachNonzero { cell, count in add(count, at: cell) }
    }

    /// Calls `body` with every cell that holds something and its count, in increasing cell order.
    func forEachNonzero(_ body: (Int, UInt32) -> Void) {
        if isRanked {
            var index = 0
            for (word, bits) in present.enumerated() {
                var rest = bits
                while rest != 0 {
                    let cell = word << 6 | rest.trailingZeroBitCount
                    rest &= rest &- 1
                    let byte = bytes[index]
                    index += 1
                    body(cell, byte == Self.inLarge ? large.count(of: UInt32(cell)) : UInt32(byte))
                }
            }
        } else {
            for (cell, count) in map.sorted where count != 0 { body(Int(cell), count) }
        }
    }

    /// Every cell's count.
    var dense: [UInt32] {
        var dense = [UInt32](repeating: 0, count: size)
        forEachNonzero { cell, count in dense[cell] = count }
        return dense
    }
}

extension SparseCounts: Equatable {
    static func == (lhs: SparseCounts, rhs: SparseCounts) -> Bool {
        lhs.size == rhs.size && lhs.dense == rhs.dense
    }
}
