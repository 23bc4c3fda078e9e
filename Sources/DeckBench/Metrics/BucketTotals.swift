/// The bootstrap buckets' totals of one policy × network, kept only for the buckets that hold a
/// session: a slot per bucket (4 KiB) says where its block of counts is, and blocks are appended as
/// buckets are first used. A run over a few hundred sessions keeps a few hundred blocks, not 1,024.
/// Totals are kept in 32 bits while every one fits (a large corpus then holds 28 KiB of blocks),
/// and in 64 from the first that does not. Reads see whole numbers bucket by bucket (`dense`,
/// `total`), so sums and files are the same whatever the layout.
struct BucketTotals: Sendable {
    /// Counts a bucket keeps (`BootstrapReplicates.counts.count`).
    let width: Int
    /// Per bucket, 1 + the index of its block; 0 when it holds nothing yet.
    private var slots: [Int32]
    /// Blocks of `width` counts, in the order their buckets were first used, while every total
    /// fits in 32 bits.
    private var narrow: [UInt32] = []
    /// The same blocks once one total does not fit (`narrow` is then empty).
    private var wide: [Int]?

    init(buckets: Int, width: Int) {
        self.width = width
        slots = Array(repeating: 0, count: buckets)
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

    private var blockCount: Int { (wide?.count ?? narrow.count) / width }

    /// Adds `amount(c)` to count `c` of `bucket`, for every count; the bucket's block is made on
    /// first use.
    @inline(__always)
    mutating func add(_ bucket: Int, _ amount: (Int) -> Int) {
        var slot = Int(slots[bucket])
        if slot == 0 {
            if wide != nil {
                wide!.append(contentsOf: repeatElement(0, count: width))
            } else {
                narrow.append(contentsOf: repeatElement(0, count: width))
            }
            slot = blockCount
            slots[bucket] = Int32(slot)
        }
        let base = (slot - 1) * width
        if wide == nil {
            let fits = narrow.withUnsafeBufferPointer { blocks in
                (0 ..< width).allSatisfy { UInt32(exactly: Int(blocks[base + $0]) + amount($0)) != nil }
            }
            if fits {
                narrow.withUnsafeMutableBufferPointer { blocks in
                    for count in 0 ..< width { blocks[base + count] = UInt32(Int(blocks[base + count]) + amount(count)) }
                }
                return
            }
            wide = narrow.map(Int.init)
            narrow = []
        }
        wide!.withUnsafeMutableBufferPointer { blocks in
            for count in 0 ..< width { blocks[base + count] += amount(count) }
        }
    }

    /// Whether `bucket` holds anything.
    func holds(_ bucket: Int) -> Bool { slots[bucket] != 0 }

    /// Count `count` of `bucket` (0 when it holds nothing).
    @inline(__always)
    func total(_ bucket: Int, _ count: Int) -> Int {
        let slot = Int(slots[bucket])
        guard slot != 0 else { return 0 }
        let index = (slot - 1) * width + count
        return wide.map { $0[index] } ?? Int(narrow[index])
    }

    mutating func merge(_ other: BucketTotals) {
        for bucket in 0 ..< other.buckets where other.holds(bucket) {
            add(bucket) { other.total(bucket, $0) }
        }
    }

    /// Bucket-major, `width` counts a bucket, zeros where a bucket holds nothing.
    var dense: [Int] {
        var dense = [Int](repeating: 0, count: buckets * width)
        for bucket in 0 ..< buckets where holds(bucket) {
            for count in 0 ..< width { dense[bucket * width + count] = total(bucket, count) }
        }
        return dense
    }

    /// Whether totals are kept in 64 bits.
    var isWide: Bool { wide != nil }

    /// Bytes held: the slots and the blocks.
    var footprint: Int {
        slots.capacity * MemoryLayout<Int32>.stride + narrow.capacity * MemoryLayout<UInt32>.stride
            + (wide?.capacity ?? 0) * MemoryLayout<Int>.stride
    }
}

extension BucketTotals: Equatable {
    /// The same totals, whatever order the buckets were first used in and whatever their width.
    static func == (lhs: BucketTotals, rhs: BucketTotals) -> Bool {
        lhs.width == rhs.width && lhs.dense == rhs.dense
    }
}
