import Foundation

/// Finds a lasting change in one series of nights (one metric of one policy on one network, night
/// by night): what `history check` judges and the trend page marks.
///
/// Every night t with at least `minNights` nights from it to the end and `minBaseline` before it
/// is a candidate start. The change there is the level since t less the baseline: the baseline is
/// the mean of up to `baselineNights` nights before t, the level the smaller of the mean and the
/// median of the nights since t (the median keeps one wild night from making a change; the mean
/// keeps a start placed before the change from looking as large as one placed on it). Each
/// night's variance is its own interval's (a 95 % interval is 3.92 standard errors wide) plus the
/// nights' spread beyond their intervals, estimated from the baseline nights (their variance less
/// their mean own variance, never below 0; without intervals the spread is all there is). The
/// change's standard error adds the two sides' (the level's times π/2, a median's cost), and its
/// interval is the change ± z standard errors, z the normal quantile at 1 − (1 − `level`) / 2 /
/// starts tested (Bonferroni over the starts). The search returns the start whose interval's lower
/// end is the largest: an increase; to look for a decrease, negate the values.
public struct ChangePointSearch: Sendable {
    /// Nights a change must have held, counting its first.
    public var minNights: Int
    /// Nights needed before a start to know the baseline.
    public var minBaseline: Int
    /// At most this many nights before a start make its baseline.
    public var baselineNights: Int
    /// Starts among the last `window` nights only.
    public var window: Int
    /// The confidence of the intervals over all starts tested.
    public var level: Double

    public init(minNights: Int = 3, minBaseline: Int = 5, baselineNights: Int = 14, window: Int = 30, level: Double = 0.95) {
        self.minNights = max(1, minNights)
        self.minBaseline = max(2, minBaseline)
        self.baselineNights = max(self.minBaseline, baselineNights)
        self.window = max(1, window)
        self.level = level
    }

    /// One night's value and, where the run had one, its 95 % interval.
    public struct Night: Sendable, Hashable {
        public var value: Double
        public var low: Double?
        public var high: Double?

        public init(value: Double, low: Double? = nil, high: Double? = nil) {
            self.value = value
            self.low = low
            self.high = high
        }

        /// The night's own variance, from its interval (0 without one).
        var ownVariance: Double {
            guard let low, let high, high >= low else { return 0 }
            let standardError = (high - low) / 3.92
            return standardError * standardError
        }
    }

    /// A change: from night `start` (an index into the series) on, the level moved by `size` from
    /// `baseline`, with an interval at the search's level.
    public struct Change: Sendable, Hashable {
        public var start: Int
        public var size: Double
        public var low: Double
        public var high: Double
        public var baseline: Double
        /// Nights since the start, the start included.
        public var nights: Int
    }

    /// The fewest nights a series needs before any change in it can be judged: the baseline's
    /// nights, then `minNights` from the start.
    public var nightsNeeded: Int { minBaseline + minNights }

    /// The starts the search tests in a series of `count` nights.
    func starts(count: Int) -> Range<Int> {
        let first = max(minBaseline, count - window)
        let last = count - minNights
        return first <= last ? first ..< last + 1 : 0 ..< 0
    }

    /// The most certain increase in `nights`, or nil when the series is too short to have a start.
    public func largestIncrease(_ nights: [Night]) -> Change? {
        let starts = starts(count: nights.count)
        guard !starts.isEmpty else { return nil }
        let z = Self.upperQuantile((1 - level) / 2 / Double(starts.count))
        var best: Change?
        for start in starts {
            let baseline = Array(nights[max(0, start - baselineNights) ..< start])
            let after = Array(nights[start...])
            let baselineMean = Self.mean(baseline.map(\.value))
            let ownBefore = Self.mean(baseline.map(\.ownVariance))
            let spread = max(0, Self.variance(baseline.map(\.value)) - ownBefore)
            let values = after.map(\.value)
            let level = min(Self.mean(values), Self.median(values))
            let beforeVariance = (ownBefore + spread) / Double(baseline.count)
            let afterVariance = (Self.mean(after.map(\.ownVariance)) + spread) / Double(after.count) * Double.pi / 2
            let standardError = (beforeVariance + afterVariance).squareRoot()
            let size = level - baselineMean
            let change = Change(start: start, size: size, low: size - z * standardError, high: size + z * standardError,
                                baseline: baselineMean, nights: after.count)
            if best.map({ change.low > $0.low }) ?? true { best = change }
        }
        return best
    }

    /// Every change in `nights` whose interval excludes no change, up or down, by start: the most
    /// certain change in the whole series, then in the nights before it and in those from it on,
    /// and so on (binary segmentation), each search over every start of its part.
    public func changes(_ nights: [Night]) -> [Change] {
        var found: [Change] = []
        var whole = self
        func search(_ range: Range<Int>) {
            whole.window = range.count
            let part = Array(nights[range])
            // A decrease is an increase of the negated values; either counts when its interval excludes 0.
            let up = whole.largestIncrease(part).map { (change: $0, down: false) }
            let down = whole.largestIncrease(part.map(Self.negated)).map { (change: $0, down: true) }
            guard let best = [up, down].compactMap({ $0 }).filter({ $0.change.low > 0 }).max(by: { $0.change.low < $1.change.low })
            else { return }
            let change = best.down ? Self.negated(best.change) : best.change
            let start = range.lowerBound + change.start
            found.append(Change(start: start, size: change.size, low: change.low, high: change.high, baseline: change.baseline,
                                nights: range.upperBound - start))
            search(range.lowerBound ..< start)
            search(start ..< range.upperBound)
        }
        search(0 ..< nights.count)
        return found.sorted { $0.start < $1.start }
    }

    static func negated(_ night: Night) -> Night {
        Night(value: -night.value, low: night.high.map { -$0 }, high: night.low.map { -$0 })
    }

    /// A change found in negated values, in the values' own terms.
    static func negated(_ change: Change) -> Change {
        Change(start: change.start, size: -change.size, low: -change.high, high: -change.low, baseline: -change.baseline,
               nights: change.nights)
    }

    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The sample variance (n − 1); 0 for fewer than two values.
    static func variance(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = mean(values)
        return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// z with P(Z > z) = p for a standard normal Z.
    static func upperQuantile(_ p: Double) -> Double {
        RaceRule.upperQuantile(p)
    }
}
