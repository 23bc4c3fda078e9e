/// The bootstrap buckets' totals of one policy × network, kept only for the buckets that hold a
/// session: a slot per bucket (4 KiB) says where its block of counts is, and blocks are appended as
/// buckets are first used. A run over a few hundred sessions keeps a few hundred blocks, not 1,024;
/// a large corpus reaches the dense size (57 KiB) and no more. Reads see the dense layout
/// (`dense`), bucket by bucket, so sums and files are the same as with a dense array.
struct BucketTotals: Sendable {
    /// Counts a bucket keeps (`BootstrapReplicates.counts.count`).
    let width: Int
    /// Per bucket, 1 + the index of its block in `blocks`; 0 when it holds nothing yet.
    private var slots: [Int32]
    /// Blocks of `width` counts, in the order their buckets were first used.
    private var blocks: [Int] = []

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
            blocks += block
            slots[bucket] = Int32(blocks.count / width)
        }
    }

    var buckets: Int { slots.count }

    /// The counts of `bucket`, to add to: its block, made on first use.
    @inline(__always)
    mutating func withBlock(_ bucket: Int, _ body: (UnsafeMutablePointer<Int>) -> Void) {
        var slot = Int(slots[bucket])
        if slot == 0 {
            blocks.append(contentsOf: repeatElement(0, count: width))
            slot = blocks.count / width
            slots[bucket] = Int32(slot)
        }
        blocks.withUnsafeMutableBufferPointer { body($0.baseAddress! + (slot - 1) * width) }
    }

    /// The counts of `bucket`; nil when it holds nothing.
    func block(_ bucket: Int) -> ArraySlice<Int>? {
        let slot = Int(slots[bucket])
        return slot == 0 ? nil : blocks[(slot - 1) * width ..< slot * width]
    }

    mutating func merge(_ other: BucketTotals) {
        for bucket in 0 ..< other.buckets {
            guard let theirs = other.block(bucket) else { continue }
            withBlock(bucket) { mine in
                for (index, count) in theirs.enumerated() { mine[index] += count }
            }
        }
    }

    /// Bucket-major, `width` counts a bucket, zeros where a bucket holds nothing.
    var dense: [Int] {
        var dense = [Int](repeating: 0, count: buckets * width)
        for bucket in 0 ..< buckets {
            guard let block = block(bucket) else { continue }
            dense.replaceSubrange(bucket * width ..< (bucket + 1) * width, with: block)
        }
        return dense
    }

    /// Bytes held: the slots and the blocks.
    var footprint: Int { slots.capacity * MemoryLayout<Int32>.stride + blocks.capacity * MemoryLayout<Int>.stride }
}

extension BucketTotals: Equatable {
    /// The same totals, whatever order the buckets were first used in.
    static func == (lhs: BucketTotals, rhs: BucketTotals) -> Bool {
        lhs.width == rhs.width && lhs.dense == rhs.dense
    }
}
