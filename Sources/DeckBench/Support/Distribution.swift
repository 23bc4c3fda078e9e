import Histogram

/// A distribution of non-negative integers (durations in ms, counts) that merges exactly across
/// files, threads and shards, and answers p50/p90/p99/max. Backed by HdrHistogram with three
/// significant digits: values up to 2048 are exact, larger ones within 0.1 %.
///
/// A histogram holds at least 16 KiB whatever it counts, and a run keeps four distributions per
/// policy × network and worker: while few distinct values are recorded (up to `sparseLimit`) they
/// are kept as a map of value to count instead, and the histogram is made from them when read.
/// Recording values one by one or as counts gives the same histogram, so every answer is the
/// same in both layouts.
public struct Distribution: Sendable, Codable {
    /// Distinct values kept as a map before the histogram takes over.
    static let sparseLimit = 256

    /// The recorded values and their counts, while the histogram is nil (values below
    /// `UInt64.max`, which the map reserves: a value that large is recorded in the histogram).
    private var values = CountMap<UInt64, UInt64>()
    /// Values recorded into the map.
    private var valuesTotal = 0
    /// The histogram, once the map has grown past `sparseLimit`: boxed, so that checking for it
    /// is a pointer test, and copied before a write while shared (`writableHistogram`).
    private var box: HistogramBox?

    public init() {}

    private static func emptyHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(numberOfSignificantValueDigits: .three)
    }

    /// The values as a histogram (made from the map while there is one).
    private var asHistogram: Histogram<UInt64> {
        if let box { return box.histogram }
        var histogram = Self.emptyHistogram()
        values.forEach { value, count in histogram.record(value, count: count) }
        return histogram
    }

    public var count: Int {
        if let box { return Int(box.histogram.totalCount) }
        return valuesTotal
    }

    public mutating func record(_ value: Int) {
        record(value, count: 1)
    }

    /// Records `value` `count` times.
    public mutating func record(_ value: Int, count: Int) {
        guard count > 0 else { return }
        let value = UInt64(Swift.max(0, value))
        if box == nil, value == UInt64.max || values.count >= Self.sparseLimit {
            box = HistogramBox(asHistogram)
            values = CountMap()
            valuesTotal = 0
        }
        if box != nil {
            writableHistogram().histogram.record(value, count: UInt64(count))
            return
        }
        values.add(UInt64(count), to: value)
        valuesTotal += count
    }

    public mutating func merge(_ other: Distribution) {
        if other.box == nil {
            other.values.forEach { value, count in record(Int(value), count: Int(count)) }
            return
        }
        var merged = asHistogram
        merged.add(other.asHistogram)
        box = HistogramBox(merged)
        values = CountMap()
        valuesTotal = 0
    }

    /// The value at `percentile` (0…100); 0 when nothing was recorded.
    public func value(at percentile: Double) -> Int {
        count == 0 ? 0 : Int(asHistogram.valueAtPercentile(percentile))
    }

    /// The largest recorded value, exactly; 0 when nothing was recorded.
    public var max: Int {
        if let box { return box.histogram.totalCount == 0 ? 0 : Int(box.histogram.maxRecorded) }
        var largest: UInt64 = 0
        values.forEach { value, _ in largest = Swift.max(largest, value) }
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
        asHistogram.recordedValues().map {
            Step(value: Int($0.value), count: Int($0.count), cumulativeCount: Int($0.totalCountToThisValue))
        }
    }

    /// The box, made this value's own before a write.
    private mutating func writableHistogram() -> HistogramBox {
        if !isKnownUniquelyReferenced(&box!) { box = HistogramBox(box!.histogram) }
        return box!
    }

    /// Bytes held (the map's or the histogram's), for the benchmark's bytes per replay point.
    var footprint: Int {
        box?.histogram.estimatedFootprintInBytes ?? values.footprint
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
