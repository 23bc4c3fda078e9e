/// The bootstrap buckets' totals of one policy × network, kept only for the buckets that hold a
/// session: a slot per bucket (2 KiB) says where its block of counts is, and blocks are appended as
/// buckets are first used. A run over a few hundred sessions keeps a few hundred blocks, not 1,024.
/// Each count keeps its totals in the narrowest of 16, 32 and 64 bits that holds every one of them,
/// widened when one does not fit: on a large corpus navigations and stalls fit in 16 bits a bucket
/// where bytes need 32 (18 KiB for the seven counts, where 32 bits each were 28 KiB). A block holds
/// its counts side by side, unaligned (`offsets`), so that a session's add reaches one array once. Reads see
/// whole numbers bucket by bucket (`dense`, `total`), so sums and files are the same whatever the
/// layout.
struct BucketTotals: Sendable {
    /// Counts a bucket keeps (`BootstrapReplicates.counts.count`).
    let width: Int
    /// Per bucket, 1 + the index of its block; 0 when it holds nothing yet.
    private(set) var slots: [UInt16]
    /// The blocks, in the order buckets were first used, `blockBytes` bytes each: count `c` at
    /// byte `offsets[c]` of its block, in `columnBytes[c]` bytes, little-endian as the machine is.
    private(set) var blocks: [UInt8] = []
    /// Bytes a total takes for each count: 2, 4 or 8.
    private(set) var columnBytes: [Int]
    /// Where each count sits in a block: the widths of the counts before it.
    private(set) var offsets: [Int]
    /// Bytes a block takes: the widths of every count.
    private(set) var blockBytes: Int
    /// Blocks made so far.
    private(set) var blockCount = 0

    init(buckets: Int, width: Int) {
        precondition(buckets < 1 << 16, "a slot holds a block index in 16 bits")
        self.width = width
        slots = Array(repeating: 0, count: buckets)
        columnBytes = Array(repeating: 2, count: width)
        offsets = (0 ..< width).map { $0 * 2 }
        blockBytes = width * 2
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
    /// first use. The totals are stored in one pass over the block; one that does not fit its width
    /// is stored after its count is widened, and the pass goes on (rare: a count widens at most
    /// twice).
    @inline(__always)
    mutating func add(_ bucket: Int, _ amount: (Int) -> Int) {
        var slot = Int(slots[bucket])
        if slot == 0 {
            blocks.reserveModestly(for: blockBytes, limit: buckets * blockBytes)
            // A byte at a time: `append(contentsOf: repeatElement(0, count:))` took the generic
            // sequence path.
            for _ in 0 ..< blockBytes { blocks.append(0) }
            blockCount += 1
            slot = blockCount
            slots[bucket] = UInt16(slot)
        }
        let block = slot - 1
        var from = 0
        while from < width {
            var unfit: (count: Int, total: Int)?
            let base = block * blockBytes
            blocks.withUnsafeMutableBytes { raw in
                for count in from ..< width {
                    let added = amount(count)
                    guard added != 0 else { continue }
                    let bytes = columnBytes[count]
                    let offset = base + offsets[count]
                    let sum = Self.load(UnsafeRawBufferPointer(raw), at: offset, bytes) + added
                    guard Self.fits(sum, in: bytes) else {
                        unfit = (count, sum)
                        return
                    }
                    Self.store(sum, raw, at: offset, bytes)
                }
            }
            guard let (count, sum) = unfit else { break }
            widen(count, toHold: sum)
            blocks.withUnsafeMutableBytes { raw in
                Self.store(sum, raw, at: block * blockBytes + offsets[count], columnBytes[count])
            }
            from = count + 1
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
    private static func load(_ raw: UnsafeRawBufferPointer, at offset: Int, _ bytes: Int) -> Int {
        switch bytes {
        case 2: Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
        case 4: Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        default: raw.loadUnaligned(fromByteOffset: offset, as: Int.self)
        }
    }

    @inline(__always)
    private static func store(_ total: Int, _ raw: UnsafeMutableRawBufferPointer, at offset: Int, _ bytes: Int) {
        switch bytes {
        case 2: raw.storeBytes(of: UInt16(total), toByteOffset: offset, as: UInt16.self)
        case 4: raw.storeBytes(of: UInt32(total), toByteOffset: offset, as: UInt32.self)
        default: raw.storeBytes(of: total, toByteOffset: offset, as: Int.self)
        }
    }

    @inline(__always)
    func total(block: Int, _ count: Int) -> Int {
        let bytes = columnBytes[count]
        let offset = block * blockBytes + offsets[count]
        return blocks.withUnsafeBytes { Self.load($0, at: offset, bytes) }
    }

    /// Rewrites the blocks with count `count` in totals wide enough for `total` (and every total
    /// it holds), the other counts as they were.
    private mutating func widen(_ count: Int, toHold total: Int) {
        let old = (0 ..< blockCount * width).map { self.total(block: $0 / width, $0 % width) }
        columnBytes[count] = Self.fits(total, in: 4) ? 4 : 8
        var offset = 0
        for c in 0 ..< width {
            offsets[c] = offset
            offset += columnBytes[c]
        }
        blockBytes = offset
        blocks = [UInt8](repeating: 0, count: blockCount * blockBytes)
        blocks.withUnsafeMutableBytes { raw in
            for (index, value) in old.enumerated() {
                let (block, c) = index.quotientAndRemainder(dividingBy: width)
                Self.store(value, raw, at: block * blockBytes + offsets[c], columnBytes[c])
            }
        }
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

    /// Bytes held: the slots and the blocks.
    var footprint: Int {
        slots.capacity * MemoryLayout<UInt16>.stride + blocks.capacity
    }
}

extension BucketTotals: Equatable {
    /// The same totals, whatever order the buckets were first used in and whatever their width.
    static func == (lhs: BucketTotals, rhs: BucketTotals) -> Bool {
        lhs.width == rhs.width && lhs.dense == rhs.dense
    }
}
