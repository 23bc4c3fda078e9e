import Histogram

/// A distribution of non-negative integers (durations in ms, counts) that merges exactly across
/// files, threads and shards, and answers p50/p90/p99/max. Backed by HdrHistogram with three
/// significant digits: values up to 2048 are exact, larger ones within 0.1 %.
public struct Distribution: Sendable, Equatable, Codable {
    private var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    public init() {}

    public var count: Int { Int(histogram.totalCount) }

    public mutating func record(_ value: Int) {
        histogram.record(UInt64(Swift.max(0, value)))
    }

    /// Records `value` `count` times.
    public mutating func record(_ value: Int, count: Int) {
        guard count > 0 else { return }
        histogram.record(UInt64(Swift.max(0, value)), count: UInt64(count))
    }

    public mutating func merge(_ other: Distribution) {
        histogram.add(other.histogram)
    }

    /// The value at `percentile` (0…100); 0 when nothing was recorded.
    public func value(at percentile: Double) -> Int {
        count == 0 ? 0 : Int(histogram.valueAtPercentile(percentile))
    }

    /// The largest recorded value, exactly; 0 when nothing was recorded.
    public var max: Int { count == 0 ? 0 : Int(histogram.maxRecorded) }

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
        histogram.recordedValues().map {
            Step(value: Int($0.value), count: Int($0.count), cumulativeCount: Int($0.totalCountToThisValue))
        }
    }
}

extension Distribution {
    private enum CodingKeys: String, CodingKey {
        case histogram
    }

    public init(from decoder: any Decoder) throws {
        histogram = try decoder.container(keyedBy: CodingKeys.self).decode(Histogram<UInt64>.self, forKey: .histogram)
    }

    /// Encodes the histogram as a new one holding the same values: its size then depends on the
    /// values only, not on the order in which parts were merged (which worker replayed which
    /// session), so `shard.json` is the same bytes for every `--jobs`.
    public func encode(to encoder: any Encoder) throws {
        var canonical = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        canonical.add(histogram)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(canonical, forKey: .histogram)
    }
}
