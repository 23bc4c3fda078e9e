/// The bootstrap buckets' totals of one policy × network, kept only for the buckets that hold a
/// session: a slot per bucket (2 KiB) says where its block of counts is, and blocks are appended as
/// buckets are first used. A run over a few hundred sessions keeps a few hundred blocks, not 1,024.
/// Each count keeps its totals in a column of its own, in the narrowest of 16, 32 and 64 bits that
/// holds every one of them, widened when one does not fit: on a large corpus navigations and stalls
/// fit in 16 bits a bucket where bytes need 32 (18 KiB of columns for the seven counts, where 32
/// bits each were 28 KiB). Reads see whole numbers bucket by bucket (`dense`, `total`), so sums and
/// files are the same whatever the layout.
struct BucketTotals: Sendable {
    /// Counts a bucket keeps (`BootstrapReplicates.counts.count`).
    let width: Int
    /// Per bucket, 1 + the index of its block; 0 when it holds nothing yet.
    private(set) var slots: [UInt16]
    /// Per count, its totals by block (in the order buckets were first used), `columnBytes[c]`
    /// bytes each, little-endian as the machine is.
    private(set) var columns: [[UInt8]]
    /// Bytes a total takes in each column: 2, 4 or 8.
    private(set) var columnBytes: [Int]
    /// Blocks made so far.
    private(set) var blockCount = 0

    init(buckets: Int, width: Int) {
        precondition(buckets < 1 << 16, "a slot holds a block index in 16 bits")
        self.width = width
        slots = Array(repeating: 0, count: buckets)
        columns = Array(repeating: [], count: width)
        columnBytes = Array(repeating: 2, count: width)
    }

    /// From the dense layout (bucket-major, `width` counts a bucket); buckets of zeros keep no block.
    init(dense: [Int], buckets: Int, width: Int) {
        self.init(buckets: buckets, width: width)
        for bucket in 0 ..< buckets {
            let block = dense[bucket * width ..< (bucket + 1) * width]
            guard block.contains(where: { $0 != 0 }) else { continue }
            add(bucket) { block[block.startIndex + $0] }
        }
    }

    var buckets: Int { slots.count }

    /// Adds `amount(c)` to count `c` of `bucket`, for every count; the bucket's block is made on
    /// first use.
    @inline(__always)
    mutating func add(_ bucket: Int, _ amount: (Int) -> Int) {
        var slot = Int(slots[bucket])
        if slot == 0 {
            for count in 0 ..< width {
                let bytes = columnBytes[count]
                columns[count].reserveModestly(for: bytes, limit: buckets * bytes)
                // A byte at a time: `append(contentsOf: repeatElement(0, count:))` took the
                // generic sequence path, about 95 instructions a new block's count.
                for _ in 0 ..< bytes { columns[count].append(0) }
            }
            blockCount += 1
            slot = blockCount
            slots[bucket] = UInt16(slot)
        }
        let block = slot - 1
        for count in 0 ..< width {
            let added = amount(count)
            guard added != 0 else { continue }
            let sum = total(block: block, count) + added
            if !Self.fits(sum, in: columnBytes[count]) { widen(count, toHold: sum) }
            store(sum, block: block, count)
        }
        checkInvariants(bucket: bucket)
    }

    static func fits(_ total: Int, in bytes: Int) -> Bool {
        switch bytes {
        case 2: UInt16(exactly: total) != nil
        case 4: UInt32(exactly: total) != nil
        default: true
        }
    }

    @inline(__always)
    func total(block: Int, _ count: Int) -> Int {
        let bytes = columnBytes[count]
        return columns[count].withUnsafeBytes { column in
            switch bytes {
            case 2: Int(column.load(fromByteOffset: block * 2, as: UInt16.self))
            case 4: Int(column.load(fromByteOffset: block * 4, as: UInt32.self))
            default: column.load(fromByteOffset: block * 8, as: Int.self)
            }
        }
    }

    @inline(__always)
    private mutating func store(_ total: Int, block: Int, _ count: Int) {
        let bytes = columnBytes[count]
        columns[count].withUnsafeMutableBytes { column in
            switch bytes {
            case 2: column.storeBytes(of: UInt16(total), toByteOffset: block * 2, as: UInt16.self)
            case 4: column.storeBytes(of: UInt32(total), toByteOffset: block * 4, as: UInt32.self)
            default: column.storeBytes(of: total, toByteOffset: block * 8, as: Int.self)
            }
        }
    }

    /// Rewrites column `count` in totals wide enough for `total` (and every total it holds).
    private mutating func widen(_ count: Int, toHold total: Int) {
        let old = (0 ..< blockCount).map { self.total(block: $0, count) }
        columnBytes[count] = Self.fits(total, in: 4) ? 4 : 8
        columns[count] = [UInt8](repeating: 0, count: blockCount * columnBytes[count])
        for (block, value) in old.enumerated() { store(value, block: block, count) }
        checkInvariants()
    }

    /// Whether `bucket` holds anything.
    func holds(_ bucket: Int) -> Bool { slots[bucket] != 0 }

    /// Count `count` of `bucket` (0 when it holds nothing).
    @inline(__always)
    func total(_ bucket: Int, _ count: Int) -> Int {
        let slot = Int(slots[bucket])
        guard slot != 0 else { return 0 }
        return total(block: slot - 1, count)
    }

    mutating func merge(_ other: BucketTotals) {
        for bucket in 0 ..< other.buckets where other.holds(bucket) {
            add(bucket) { other.total(bucket, $0) }
        }
        checkInvariants()
    }

    /// Bucket-major, `width` counts a bucket, zeros where a bucket holds nothing.
    var dense: [Int] {
        var dense = [Int](repeating: 0, count: buckets * width)
        for bucket in 0 ..< buckets where holds(bucket) {
            for count in 0 ..< width { dense[bucket * width + count] = total(bucket, count) }
        }
        return dense
    }

    /// Bytes a total of count `count` takes now: 2, 4 or 8.
    func bytesPerTotal(_ count: Int) -> Int { columnBytes[count] }

    /// Whether some count keeps its totals in 64 bits.
    var isWide: Bool { columnBytes.contains(8) }

    /// Bytes held: the slots and the columns.
    var footprint: Int {
        slots.capacity * MemoryLayout<UInt16>.stride + columns.reduce(0) { $0 + $1.capacity }
    }
}

extension BucketTotals: Equatable {
    /// The same totals, whatever order the buckets were first used in and whatever their width.
    static func == (lhs: BucketTotals, rhs: BucketTotals) -> Bool {
        lhs.width == rhs.width && lhs.dense == rhs.dense
    }
}
