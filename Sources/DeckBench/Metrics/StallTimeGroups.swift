import CBootstrapKernel

/// `stall_ms` of every navigation of one policy × network, binned per group of sessions: what the
/// bootstrap intervals of its tail (`stall_ms_p99`, `stall_ms_stalled_p99`, `stall_ms_cvar99`) are
/// made from. A ratio of totals needs a
/// session's counts only (`BootstrapReplicates`); a percentile needs where each value lies, so
/// every stall is counted in a bin of its group.
///
/// A group is 8 of `BootstrapReplicates`' buckets (bucket / 8: 128 groups, sessions still sorted
/// by a hash of file name and id, blind to what they hold), weighted in a replicate by Poisson(1)
/// draws of their own. Bins are exact below 64 ms, then 32 per doubling (1.5 % to 3 % wide) up to
/// 2²⁰ ms (17 minutes; longer stalls fall in the last bin); a replicate's percentile is
/// interpolated within its bin. Zeros (navigations without a stall) are not binned: they are a
/// group's navigations less its binned stalls. Only the cells that hold a stall are kept
/// (`SparseCounts`): a map while they are few, then the 128 × 512 cells in pages of 64, a byte a
/// cell for each page that holds a stall (a map for the few that count 255 or more), per policy ×
/// network; counts are whole numbers, so they add up across workers and shards to
/// exactly what one run holds.
public struct StallTimeGroups: Sendable, Equatable {
    public static let groups = BootstrapReplicates.buckets / bucketsPerGroup
    static let bucketsPerGroup = 8
    /// Bits of a value below its leading one that its bin keeps: 2^subBits bins per doubling.
    private static let subBits = 5
    private static let perDoubling = 1 << subBits
    /// Values below this have a bin each.
    private static let exactBelow = 2 << subBits
    private static let largestBinnedBits = 20
    static let bins = exactBelow + (largestBinnedBits - subBits - 1) * perDoubling

    /// Bin-major: the count of bin `k` in group `g` is at cell `k * groups + g`.
    private var counts: SparseCounts
    /// Every value recorded per group, zeros included.
    private(set) var navigations: [Int]

    init(enabled: Bool) {
        counts = SparseCounts(size: enabled ? Self.bins * Self.groups : 0)
        navigations = enabled ? Array(repeating: 0, count: Self.groups) : []
    }

    public var isEmpty: Bool { navigations.isEmpty }

    /// Bytes held.
    var footprint: Int { counts.footprint + navigations.capacity * MemoryLayout<Int>.stride }

    /// Records `count` navigations of a session in `bucket` whose stall was `milliseconds` (0: none).
    /// Inlined into the replay's meter (once a stall).
    @inline(__always)
    mutating func record(_ milliseconds: Int, count: Int = 1, bucket: Int) {
        let group = bucket / Self.bucketsPerGroup
        navigations[group] += count
        guard milliseconds > 0 else { return }
        counts.add(UInt32(count), at: Self.bin(of: milliseconds) * Self.groups + group)
    }

    mutating func merge(_ other: StallTimeGroups) {
        guard !other.isEmpty else { return }
        guard !isEmpty else {
            self = other
            return
        }
        counts.merge(other.counts)
        for index in navigations.indices { navigations[index] += other.navigations[index] }
    }

    // MARK: Bins

    static func bin(of value: Int) -> Int {
        guard value >= exactBelow else { return value }
        let clamped = min(value, (1 << largestBinnedBits) - 1)
        let exponent = Int.bitWidth - 1 - clamped.leadingZeroBitCount
        return exactBelow + (exponent - subBits - 1) * perDoubling + ((clamped >> (exponent - subBits)) & (perDoubling - 1))
    }

    /// The values of bin `bin`: `lower ..< lower + width`.
    static func range(of bin: Int) -> (lower: Int, width: Int) {
        guard bin >= exactBelow else { return (bin, 1) }
        let exponent = subBits + 1 + (bin - exactBelow) / perDoubling
        return ((perDoubling + (bin - exactBelow) % perDoubling) << (exponent - subBits), 1 << (exponent - subBits))
    }

    // MARK: Replicates

    /// The Poisson(1) weights of every group, replicate-major (`replicates` × `groups`), from
    /// generators of their own (keys past the buckets').
    public static func weightTable(replicates: Int) -> [Double] {
        var table = [Double](repeating: 0, count: replicates * groups)
        for group in 0 ..< groups {
            let weights = BootstrapReplicates.weights(bucket: BootstrapReplicates.buckets + group, replicates: replicates)
            for replicate in 0 ..< replicates { table[replicate * groups + group] = Double(weights[replicate]) }
        }
        return table
    }

    /// What every tail statistic of the replicates is read from (`cumulativeRows()`), made once for
    /// all of a row's tail columns.
    struct CumulativeRows {
        /// The bins that hold a stall, in increasing order.
        var used: [Int]
        /// `atOrAbove[i × groups + g]`: group g's stalls in bins used[i...]; one row of zeros past the end.
        var atOrAbove: [Double]
        /// The same for their milliseconds, each bin's stalls taken at its middle.
        var valueAtOrAbove: [Double]
    }

    /// The bins that hold a stall, and per group the stalls and their milliseconds at or above each.
    func cumulativeRows() -> CumulativeRows {
        let groups = Self.groups
        var used: [Int] = []
        var rows: [Double] = []
        counts.forEachNonzero { cell, count in
            let bin = cell / groups
            if used.last != bin {
                used.append(bin)
                rows.append(contentsOf: repeatElement(0, count: groups))
            }
            rows[(used.count - 1) * groups + cell % groups] = Double(count)
        }
        var atOrAbove = [Double](repeating: 0, count: (used.count + 1) * groups)
        var valueAtOrAbove = [Double](repeating: 0, count: (used.count + 1) * groups)
        // Through buffers: the arrays' uniqueness and bounds checked once, not once a cell (the
        // same additions in the same order).
        rows.withUnsafeBufferPointer { rows in
            atOrAbove.withUnsafeMutableBufferPointer { atOrAbove in
                valueAtOrAbove.withUnsafeMutableBufferPointer { valueAtOrAbove in
                    for index in used.indices.reversed() {
                        let middle = Self.middle(of: used[index])
                        let (row, next) = (index * groups, (index + 1) * groups)
                        for group in 0 ..< groups {
                            let count = rows[row + group]
                            atOrAbove[row + group] = atOrAbove[next + group] + count
                            valueAtOrAbove[row + group] = valueAtOrAbove[next + group] + middle * count
                        }
                    }
                }
            }
        }
        return CumulativeRows(used: used, atOrAbove: atOrAbove, valueAtOrAbove: valueAtOrAbove)
    }

    /// The mean of the values of `bin`, taken as spread evenly over its whole milliseconds.
    static func middle(of bin: Int) -> Double {
        let (lower, width) = range(of: bin)
        return width == 1 ? Double(lower) : Double(lower) - 0.5 + Double(width) / 2
    }

    /// The `percentile` (0–100) of every replicate, over all navigations or (`stalledOnly`) over
    /// the stalled ones; nil for a replicate without any. The rank is HdrHistogram's (the value at
    /// or above `percentile` % of the values, at least the first), interpolated within a bin
    /// (`rank - below - 0.5` of its `count`: the middle of the rank's share, which is unbiased for
    /// values spread evenly in the bin). `weights` is `weightTable(replicates:)`.
    ///
    /// The bin is found by a binary search over the bins that hold anything, on each group's count
    /// at or above a bin (made once): a replicate costs a few weighted sums over the groups, not
    /// one per bin.
    public func replicatePercentiles(_ percentile: Double, stalledOnly: Bool = false, weights: [Double]) -> [Double?] {
        replicatePercentiles(percentile, stalledOnly: stalledOnly, weights: weights, rows: nil)
    }

    /// `replicatePercentiles` from `rows` (`cumulativeRows()`, made here when nil).
    func replicatePercentiles(_ percentile: Double, stalledOnly: Bool, weights: [Double], rows: CumulativeRows?) -> [Double?] {
        guard !isEmpty else { return [] }
        let groups = Self.groups
        let replicates = weights.count / groups
        let rows = rows ?? cumulativeRows()
        let (used, atOrAbove) = (rows.used, rows.atOrAbove)
        let navigations = navigations.map(Double.init)
        // Where the previous replicate's rank fell: the next one's is nearly always within a bin
        // or two of it.
        var hint = used.count / 2
        return atOrAbove.withUnsafeBufferPointer { atOrAbove in
            weights.withUnsafeBufferPointer { weights in
                (0 ..< replicates).map { replicate -> Double? in
                    let w = weights.baseAddress! + replicate * groups
                    func weighted(_ row: UnsafePointer<Double>) -> Double { Self.weightedSum(w, row) }
                    func above(_ index: Int) -> Double { weighted(atOrAbove.baseAddress! + index * groups) }
                    let nonzero = above(0)
                    let total = stalledOnly ? nonzero : navigations.withUnsafeBufferPointer { weighted($0.baseAddress!) }
                    guard total > 0 else { return nil }
                    let rank = max(1, (percentile.nextDown * total / 100).rounded(.up)) - (total - nonzero)
                    guard rank > 0 else { return 0 }
                    // The weight strictly above the rank; the rank's bin is the last whose count at or
                    // above it exceeds that.
                    let beyond = nonzero - rank
                    let found = Self.lastIndex(below: used.count, near: hint, first: nonzero, above: above, exceeds: beyond)
                    hint = found.index
                    let low = found.index
                    let fromBin = found.atIndex
                    let count = fromBin - found.atNext
                    let (lower, width) = Self.range(of: used[low])
                    // The values of a bin taken as spread evenly over its whole milliseconds: the
                    // rank's share of the bin's count, at the middle of its own part.
                    return width == 1 ? Double(lower) : Double(lower) - 0.5 + Double(width) * (fromBin - beyond - 0.5) / count
                }
            }
        }
    }

    /// The mean of the worst `share` of every replicate's navigations, zeros included (CVaR): whole
    /// bins from the top, each at its middle, then the fraction of the boundary bin the share
    /// reaches into; nil for a replicate without navigations. A share larger than the stalled
    /// navigations takes them all and zeros for the rest. The boundary is found by the same binary
    /// search as `replicatePercentiles`.
    public func replicateTailMeans(_ share: Double, weights: [Double]) -> [Double?] {
        replicateTailMeans(share, weights: weights, rows: nil)
    }

    /// `replicateTailMeans` from `rows` (`cumulativeRows()`, made here when nil).
    func replicateTailMeans(_ share: Double, weights: [Double], rows: CumulativeRows?) -> [Double?] {
        guard !isEmpty else { return [] }
        let groups = Self.groups
        let replicates = weights.count / groups
        let rows = rows ?? cumulativeRows()
        let (used, atOrAbove, valueAtOrAbove) = (rows.used, rows.atOrAbove, rows.valueAtOrAbove)
        let navigations = navigations.map(Double.init)
        var hint = used.count / 2
        return atOrAbove.withUnsafeBufferPointer { atOrAbove in
            valueAtOrAbove.withUnsafeBufferPointer { valueAtOrAbove in
                weights.withUnsafeBufferPointer { weights in
                    (0 ..< replicates).map { replicate -> Double? in
                        let w = weights.baseAddress! + replicate * groups
                        func weighted(_ row: UnsafePointer<Double>) -> Double { Self.weightedSum(w, row) }
                        func above(_ index: Int) -> Double { weighted(atOrAbove.baseAddress! + index * groups) }
                        let total = navigations.withUnsafeBufferPointer { weighted($0.baseAddress!) }
                        guard total > 0 else { return nil }
                        let wanted = share * total
                        let first = used.isEmpty ? 0 : above(0)
                        guard !used.isEmpty, first > wanted else {
                            return used.isEmpty ? 0 : weighted(valueAtOrAbove.baseAddress!) / wanted
                        }
                        // The boundary bin: the last whose count at or above it exceeds the share.
                        let found = Self.lastIndex(below: used.count, near: hint, first: first, above: above, exceeds: wanted)
                        hint = found.index
                        let boundary = found.index
                        let whole = found.atNext
                        let sum = weighted(valueAtOrAbove.baseAddress! + (boundary + 1) * groups) + (wanted - whole) * Self.middle(of: used[boundary])
                        return sum / wanted
                    }
                }
            }
        }
    }

    /// The last index in 0 ..< count whose `above` exceeds `threshold` (0 when none past 0 does),
    /// for an `above` that does not grow with the index and whose value at 0 is `first`; with
    /// `above` at that index and at the next (`above(count)` is read when it is the next).
    ///
    /// Searched outward from `hint` (the previous replicate's answer), doubling the step, then
    /// halving: about four weighted sums where a binary search over the used bins from the
    /// middle took nine, and the answer's two values kept from the search instead of read again.
    /// Any search finds the same index, since the sums are exact.
    static func lastIndex(below count: Int, near hint: Int, first: Double, above: (Int) -> Double,
                          exceeds threshold: Double) -> (index: Int, atIndex: Double, atNext: Double) {
        // `low` holds (taken for 0, as the binary search took it), `high` does not (`count`: past
        // the last index); each with its value once read.
        var low = 0, lowValue = first
        var high = count, highValue: Double? = nil
        let start = Swift.min(Swift.max(hint, 0), count - 1)
        if start > 0 {
            let value = above(start)
            if value > threshold {
                (low, lowValue) = (start, value)
                var step = 1
                while low + step < high {
                    let probe = low + step, probeValue = above(probe)
                    guard probeValue > threshold else {
                        (high, highValue) = (probe, probeValue)
                        break
                    }
                    (low, lowValue) = (probe, probeValue)
                    step *= 2
                }
            } else {
                (high, highValue) = (start, value)
                var step = 1
                while high - step > low {
                    let probe = high - step, probeValue = above(probe)
                    guard !(probeValue > threshold) else {
                        (low, lowValue) = (probe, probeValue)
                        break
                    }
                    (high, highValue) = (probe, probeValue)
                    step *= 2
                }
            }
        }
        while high - low > 1 {
            let middle = (low + high) / 2, value = above(middle)
            if value > threshold { (low, lowValue) = (middle, value) } else { (high, highValue) = (middle, value) }
        }
        return (low, lowValue, highValue ?? above(high))
    }
}

extension StallTimeGroups {
    /// Σ weights[g] × counts[g] over the `groups` groups. Every weight and count is a whole number,
    /// so every partial sum is exact (below 2⁵³) and the order of the additions does not change the
    /// result: independent sums run side by side on the vector units (fused on AVX2 and FMA)
    /// instead of one chain of dependent additions.
    @inline(__always)
    static func weightedSum(_ weights: UnsafePointer<Double>, _ counts: UnsafePointer<Double>) -> Double {
        deckbench_dot(weights, counts, groups)
    }
}

extension StallTimeGroups: Codable {
    private enum CodingKeys: String, CodingKey {
        case navigations, counts
    }

    /// Only the cells that hold something, flat, as one string (`IntegerListText`): cell
    /// (bin × groups + group), count, cell, count, …
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(navigations, forKey: .navigations)
        var sparse: [Int] = []
        // Two appends, not an array literal a cell (an array made and appended for every cell).
        counts.forEachNonzero { cell, count in
            sparse.append(cell)
            sparse.append(Int(count))
        }
        try container.encode(IntegerListText.text(sparse), forKey: .counts)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        navigations = try container.decode([Int].self, forKey: .navigations)
        counts = SparseCounts(size: navigations.isEmpty ? 0 : Self.bins * Self.groups)
        guard navigations.isEmpty || navigations.count == Self.groups else {
            throw DecodingError.dataCorruptedError(forKey: .navigations, in: container, debugDescription: "expected \(Self.groups) groups")
        }
        let sparse = try IntegerListText.decode(container, forKey: .counts)
        guard sparse.count % 2 == 0 else {
            throw DecodingError.dataCorruptedError(forKey: .counts, in: container, debugDescription: "cells and counts come in pairs")
        }
        for index in stride(from: 0, to: sparse.count, by: 2) {
            guard (0 ..< counts.size).contains(sparse[index]), let count = UInt32(exactly: sparse[index + 1]) else {
                throw DecodingError.dataCorruptedError(forKey: .counts, in: container, debugDescription: "a cell out of range")
            }
            counts.add(count, at: sparse[index])
        }
    }
}

extension StallTimeGroups {
    /// The bytes `JSONEncoder` with sorted keys makes of `encode(to:)`, written directly.
    func appendJSON(to bytes: inout [UInt8]) {
        var sparse: [Int] = []
        // Two appends, not an array literal a cell (an array made and appended for every cell).
        counts.forEachNonzero { cell, count in
            sparse.append(cell)
            sparse.append(Int(count))
        }
        bytes += Array(#"{"counts":""#.utf8)
        IntegerListText.append(sparse, to: &bytes)
        bytes += Array(#"","navigations":["#.utf8)
        IntegerListText.append(navigations, to: &bytes)
        bytes += Array("]}".utf8)
    }
}
