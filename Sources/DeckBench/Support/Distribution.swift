import Histogram

/// A distribution of non-negative integers (durations in ms, counts) that merges exactly across
/// files, threads and shards, and answers p50/p90/p99/max. Its answers are an HdrHistogram's with
/// three significant digits: values up to 2047 are exact, larger ones within 0.1 %.
///
/// A histogram holds 16 KiB or more whatever it counts, and a run keeps three distributions per
/// policy × network and worker. So a distribution keeps the histogram's counts in a layout of its
/// own: per value level (`HistogramBuckets`), as a map while few levels hold values, then in pages
/// of 64 levels, a byte a level (`SparseCounts`), beside the total and the exact largest and
/// smallest nonzero values. Percentiles and the CDF are read from the levels as the histogram
/// reads its counts; the histogram itself is made only to encode (`shard.json`), with the same
/// counts and extremes as one that recorded every value, so every answer and every encoding is
/// the same. Values from 2³² on, or more than 2³² − 1 values, go to a histogram of its own.
public struct Distribution: Sendable, Codable {
    /// Levels the map holds before the paged layout: a map of 128 levels is 2 KiB, the paged
    /// layout 736 bytes plus 64 a page of levels in use.
    private static let mapLimit = 128

    /// How many values each level holds, while the histogram is nil.
    private var levels = SparseCounts(size: HistogramBuckets.levels, mapLimit: mapLimit)
    /// Values recorded into `levels`, their largest, and their smallest but 0 (`.max` when none).
    private var total: UInt64 = 0
    private var largest: UInt64 = 0
    private var smallestNonZero = UInt64.max
    /// The histogram, once a value or the count is past what `levels` keeps: boxed, so that
    /// checking for it is a pointer test, and copied before a write while shared
    /// (`writableHistogram`).
    private var box: HistogramBox?

    public init() {}

    private static func emptyHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(numberOfSignificantValueDigits: .three)
    }

    /// The values as a histogram (made from the levels while there is no box), for encoding and
    /// for merging with a boxed one: each level's count recorded at a value of the level, the
    /// largest and the smallest nonzero value at themselves, so that its extremes are exact.
    private var asHistogram: Histogram<UInt64> {
        if let box { return box.histogram }
        var histogram = Self.emptyHistogram()
        guard total > 0 else { return histogram }
        let largestLevel = HistogramBuckets.level(of: largest)
        let smallestLevel = smallestNonZero == .max ? -1 : HistogramBuckets.level(of: smallestNonZero)
        // The largest first: the histogram grows to its size once.
        if largest > 0 { histogram.record(largest) }
        levels.forEachNonzero { level, count in
            let rest = UInt64(count) - (level == largestLevel && largest > 0 ? 1 : 0)
            guard rest > 0 else { return }
            histogram.record(level == smallestLevel ? smallestNonZero : HistogramBuckets.lowestValue(of: level), count: rest)
        }
        return histogram
    }

    public var count: Int {
        if let box { return Int(box.histogram.totalCount) }
        return Int(total)
    }

    public mutating func record(_ value: Int) {
        record(value, count: 1)
    }

    /// Records `value` `count` times. Inlined into the replay's meter up to the levels (once a
    /// stall); a value or a count past them goes to the histogram out of line.
    @inline(__always)
    public mutating func record(_ value: Int, count: Int) {
        guard count > 0 else { return }
        let value = UInt64(Swift.max(0, value))
        guard box == nil, value < 1 << 32, total + UInt64(count) <= UInt64(UInt32.max) else {
            return recordInHistogram(value, count: count)
        }
        levels.add(UInt32(count), at: HistogramBuckets.level(of: value))
        total += UInt64(count)
        largest = Swift.max(largest, value)
        if value > 0 { smallestNonZero = Swift.min(smallestNonZero, value) }
    }

    /// Records `value` `count` times in the histogram, made from the levels first if there is none.
    @inline(never)
    private mutating func recordInHistogram(_ value: UInt64, count: Int) {
        if box == nil { moveToHistogram(asHistogram) }
        writableHistogram().histogram.record(value, count: UInt64(count))
    }

    public mutating func merge(_ other: Distribution) {
        if box == nil, other.box == nil, total + other.total <= UInt64(UInt32.max) {
            levels.merge(other.levels)
            total += other.total
            largest = Swift.max(largest, other.largest)
            smallestNonZero = Swift.min(smallestNonZero, other.smallestNonZero)
            return
        }
        var merged = asHistogram
        merged.add(other.asHistogram)
        moveToHistogram(merged)
    }

    /// From the levels to `histogram`, which holds their values.
    private mutating func moveToHistogram(_ histogram: Histogram<UInt64>) {
        box = HistogramBox(histogram)
        levels = SparseCounts(size: HistogramBuckets.levels, mapLimit: Self.mapLimit)
        total = 0
        largest = 0
        smallestNonZero = .max
    }

    /// The value at `percentile` (0…100); 0 when nothing was recorded.
    ///
    /// Read from the levels as HdrHistogram's `valueAtPercentile` reads its counts (the first
    /// level whose cumulative count reaches the percentile's share, rounded up; its highest
    /// value, kept between the exact extremes), without making the histogram.
    public func value(at percentile: Double) -> Int {
        guard count > 0 else { return 0 }
        if let box { return Int(box.histogram.valueAtPercentile(percentile)) }
        let lowest = levels.count(at: 0) > 0 ? 0 : smallestNonZero
        guard percentile != 0 else { return Int(lowest) }
        guard percentile < 100 else { return Int(largest) }
        let share = Swift.min(Swift.max(percentile.nextDown, 0), 100) * Double(total) / 100
        let wanted = Swift.max(1, UInt64(share.rounded(.up)))
        var reached: UInt64 = 0
        var found: UInt64?
        levels.forEachNonzero { level, count in
            guard found == nil else { return }
            reached += UInt64(count)
            if reached >= wanted { found = HistogramBuckets.lowestValue(of: level + 1) - 1 }
        }
        return Int(Swift.max(Swift.min(found ?? 0, largest), lowest))
    }

    /// The mean of the largest `share` (0 < share ≤ 1) of the values, a fraction of a value counted
    /// at the boundary (the conditional value at risk, CVaR, at 1 − share); nil when nothing was
    /// recorded. Each level counts at its highest value (exact up to 2047), the top one at most the
    /// exact largest value. Unlike a percentile it moves smoothly: when fewer than `share` of the
    /// values are nonzero it is their sum over share × count, not a jump from 0.
    public func tailMean(_ share: Double) -> Double? {
        guard count > 0 else { return nil }
        let wanted = share * Double(count)
        var remaining = wanted
        var sum = 0.0
        for step in steps.reversed() where remaining > 0 {
            let taken = Swift.min(Double(step.count), remaining)
            sum += taken * Double(Swift.min(step.value, max))
            remaining -= taken
        }
        return sum / wanted
    }

    /// The largest recorded value, exactly; 0 when nothing was recorded.
    public var max: Int {
        if let box { return box.histogram.totalCount == 0 ? 0 : Int(box.histogram.maxRecorded) }
        return Int(largest)
    }

    /// One recorded value level of the distribution and the share of values at or below it.
    public struct Step: Sendable, Hashable {
        /// The highest value of the level (HdrHistogram's bucket), exact up to 2047.
        public var value: Int
        public var count: Int
        /// Values at or below `value`, counted.
        public var cumulativeCount: Int
    }

    /// Every recorded level in increasing order: a CDF, straight from the histogram.
    public var steps: [Step] {
        guard box == nil else {
            return asHistogram.recordedValues().map {
                Step(value: Int($0.value), count: Int($0.count), cumulativeCount: Int($0.totalCountToThisValue))
            }
        }
        var steps: [Step] = []
        var cumulative = 0
        levels.forEachNonzero { level, count in
            cumulative += Int(count)
            steps.append(Step(value: Int(HistogramBuckets.lowestValue(of: level + 1) - 1), count: Int(count), cumulativeCount: cumulative))
        }
        return steps
    }

    /// The box, made this value's own before a write.
    private mutating func writableHistogram() -> HistogramBox {
        if !isKnownUniquelyReferenced(&box!) { box = HistogramBox(box!.histogram) }
        return box!
    }

    /// Bytes held (the levels' or the histogram's), for the benchmark's bytes per replay point.
    var footprint: Int {
        box?.histogram.estimatedFootprintInBytes ?? levels.footprint
    }
}

extension Distribution: Equatable {
    /// The same values recorded, whichever layout holds them.
    public static func == (lhs: Distribution, rhs: Distribution) -> Bool {
        lhs.count == rhs.count && lhs.max == rhs.max && lhs.steps == rhs.steps
    }
}

extension Distribution {
    private enum CodingKeys: String, CodingKey {
        case histogram
    }

    public init(from decoder: any Decoder) throws {
        box = HistogramBox(try decoder.container(keyedBy: CodingKeys.self).decode(Histogram<UInt64>.self, forKey: .histogram))
    }

    /// Encodes the histogram as a new one holding the same values: its size then depends on the
    /// values only, not on the order in which parts were merged (which worker replayed which
    /// session), so `shard.json` is the same bytes for every `--jobs`.
    public func encode(to encoder: any Encoder) throws {
        var canonical = Self.emptyHistogram()
        canonical.add(asHistogram)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(canonical, forKey: .histogram)
    }
}

/// A histogram held by reference, for `Distribution`.
private final class HistogramBox: @unchecked Sendable {
    var histogram: Histogram<UInt64>

    init(_ histogram: Histogram<UInt64>) {
        self.histogram = histogram
    }
}
