import Foundation

/// Finds a lasting change in one series of nights (one metric of one policy on one network, night
/// by night): what `history check` judges and the trend page marks.
///
/// **Where.** A start t needs `minBaseline` nights before it (in its part of the series: a declared
/// cause splits a series, see `HistoryCheck`) and lies among the last `window` nights. The change
/// is placed where splitting the part into two levels, before t and from t, leaves the least
/// squared deviation from them (the first such start on a tie): a start placed before the change
/// leaves a night of the old level among the new, one placed after it a new night among the old,
/// each costing about the step's square, so the step's own night wins unless the noise is as large
/// as half the step.
///
/// **Held.** The check judges a change only once it has held `minNights` nights, its first
/// included. A change placed on a more recent night is too recent to judge: the nights before it
/// are searched instead, so a change that began yesterday is neither failed early nor allowed to
/// lend its nights to a start placed before it.
///
/// **How large.** The change is the level since t less the baseline: the baseline the mean of the
/// nights before t, the level the smaller of the mean and the median of the nights since t (the
/// median keeps one wild night from making a change). Each night's variance is its own interval's
/// (a 95 % interval is 3.92 standard errors wide) plus the nights' spread beyond their intervals,
/// estimated from the baseline nights (their variance less their mean own variance, never below 0;
/// without intervals the spread is all there is). The change's standard error adds the two sides'
/// (the level's times π/2, a median's cost). Its interval is the change ± c standard errors, c the
/// quantile at 1 − (1 − `level`) / 2 / starts tested (Bonferroni over every start the search may
/// judge): the normal's when the nights' own intervals carry the variance, Student's t when the
/// spread estimated from the baseline nights does (degrees of freedom by Satterthwaite: n − 1 for
/// nights without intervals). The search looks for an increase; to look for a decrease, negate the
/// values.
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
        /// Nights of one draw (the same recordings and seed: the same users, the same network
        /// draws) share the error their intervals measure: between them it cancels, and copies of
        /// one night are one observation of it. nil: a draw of its own.
        public var draw: Int?

        public init(value: Double, low: Double? = nil, high: Double? = nil, draw: Int? = nil) {
            self.value = value
            self.low = low
            self.high = high
            self.draw = draw
        }

        /// The night's own variance, from its interval (0 without one).
        var ownVariance: Double {
            guard let low, let high, high >= low else { return 0 }
            let standardError = (high - low) / 3.92
            return standardError * standardError
        }
    }

    /// A change: from night `start` (an index into the series) on, the level moved by `size` from
    /// `baseline`, with an interval at the search's level: `size` ± `critical` × `standardError`.
    public struct Change: Sendable, Hashable {
        /// How the level moved: at once, or night by night.
        public enum Shape: Sendable, Hashable {
            /// A step: a new level from `start` on.
            case step
            /// A creep: a rise of `perNight` each night from `start` on; `size` is where it has
            /// come to by the last night.
            case creep(perNight: Double)
        }

        public var start: Int
        public var size: Double
        public var low: Double
        public var high: Double
        public var baseline: Double
        /// Nights since the start, the start included.
        public var nights: Int
        public var standardError: Double = 0
        /// The interval's half-width in standard errors (normal or t, Bonferroni over the starts).
        public var critical: Double = 0
        public var shape: Shape = .step
    }

    /// The nights a start needs before it in `part`: `minBaseline` in a series' first part; in a
    /// part that begins at a cause, 2 (the fewest a level and its spread can be taken from), so a
    /// change a few nights after new flags or a network's return is judged, on a wider interval,
    /// rather than folded for good into the cause's explained step.
    func baselineNeeded(_ part: Range<Int>) -> Int {
        part.lowerBound == 0 ? minBaseline : 2
    }

    /// The fewest nights a series needs before any change in it can be judged: the baseline's
    /// nights, then `minNights` from the start.
    public var nightsNeeded: Int { minBaseline + minNights }

    /// The starts the search may judge in a series of `count` nights: their number is the
    /// Bonferroni count.
    func starts(count: Int) -> Range<Int> {
        let first = max(minBaseline, count - window)
        let last = count - minNights
        return first <= last ? first ..< last + 1 : 0 ..< 0
    }

    /// The numbers of a step at `start`: the nights `start ..< end` against up to `baselineNights`
    /// before it, none before `floor`.
    struct Step {
        var change: Change
        var degreesOfFreedom: Double
    }

    func step(_ nights: [Night], start: Int, end: Int, floor: Int) -> Step {
        let first = max(floor, start - baselineNights)
        let baseline = nights[first ..< start]
        let after = nights[start ..< end]
        let baselineMean = Self.mean(baseline.map(\.value))
        let ownBefore = Self.mean(baseline.map(\.ownVariance))
        let spread = max(0, Self.variance(baseline.map(\.value)) - ownBefore * Self.unsharedShare(baseline))
        let values = after.map(\.value)
        let (before, since) = (Double(baseline.count), Double(after.count))
        // The level's side is a median: an error of a night's own costs π/2 there; one shared by
        // several nights moves the median as it moves them.
        let own = Self.ownVariance(nights, first ..< end, weight: { $0 < start ? 1 / before : -1 / since }, inflated: { $0 >= start })
        let variance = own + spread / before + spread / since * Double.pi / 2
        // Satterthwaite: only the spread is estimated, from the baseline's n − 1 degrees of freedom.
        let estimated = spread * (1 / before + Double.pi / 2 / since)
        let degrees = estimated > 0 ? variance * variance / (estimated * estimated / (before - 1)) : .infinity
        let size = min(Self.mean(values), Self.median(values)) - baselineMean
        let change = Change(start: start, size: size, low: size, high: size, baseline: baselineMean, nights: after.count,
                            standardError: variance.squareRoot())
        return Step(change: change, degreesOfFreedom: degrees)
    }

    /// `step`'s change with its interval, for `tested` starts.
    func judged(_ step: Step, tested: Int) -> Change {
        var change = step.change
        change.critical = StudentT.upperQuantile((1 - level) / 2 / Double(max(1, tested)), degreesOfFreedom: step.degreesOfFreedom)
        change.low = change.size - change.critical * change.standardError
        change.high = change.size + change.critical * change.standardError
        return change
    }

    /// Where an increase is most evident in `nights[part]` among starts from `first` (with at least
    /// `minBaseline` nights of the part before them) to `last`, nil when there is none: the split
    /// of the part into two levels that leaves the least squared deviation from them (the largest
    /// n₁n₂/(n₁+n₂) × (mean₂ − mean₁)², the level rising), each side all of its nights in the part,
    /// so that every start is weighed on the same nights.
    func locate(_ nights: [Night], part: Range<Int>, first: Int, last: Int) -> Step? {
        let first = max(first, part.lowerBound + baselineNeeded(part))
        guard first <= last else { return nil }
        var prefix = [0.0]
        for night in nights[part] { prefix.append(prefix[prefix.count - 1] + night.value) }
        let total = prefix[prefix.count - 1], count = Double(part.count)
        func gain(_ start: Int) -> Double {
            let before = Double(start - part.lowerBound), after = count - before
            let difference = (total - prefix[start - part.lowerBound]) / after - prefix[start - part.lowerBound] / before
            return difference > 0 ? before * after / count * difference * difference : 0
        }
        guard let start = (first ... last).max(by: { gain($0) < gain($1) }) else { return nil }
        return step(nights, start: start, end: part.upperBound, floor: part.lowerBound)
    }

    /// The increase `history check` judges in `nights[part]` (default: all of them), or nil: the
    /// most evident change among the starts in the window; one too recent to have held
    /// `minNights` leaves the nights before it to be searched. Its interval counts every start the
    /// search may judge in the whole series.
    public func judgedIncrease(_ nights: [Night], part: Range<Int>? = nil) -> Change? {
        let tested = starts(count: nights.count).count
        guard tested > 0 else { return nil }
        var part = part ?? 0 ..< nights.count
        while let located = locate(nights, part: part, first: nights.count - window, last: part.upperBound - 1) {
            if located.change.nights >= minNights { return judged(located, tested: tested) }
            part = part.lowerBound ..< located.change.start
        }
        return nil
    }

    /// The numbers of a creep from `start`: the nights `start ..< end` and up to `baselineNights`
    /// before it (none before `floor`) fitted by least squares to a level that holds until the
    /// night before `start` and rises by the same amount each night from `start` on (a hinge).
    /// The change is where the rise has come to by the last night, its weights on the nights
    /// those of the fitted slope times the creep's nights. The spread beyond the nights' own
    /// intervals is what the fit's residuals hold beyond their own share (their expectation is
    /// spread × (n − 2) plus each draw's own variance times what the fit leaves of it).
    func creep(_ nights: [Night], start: Int, end: Int, floor: Int) -> Step? {
        let first = max(floor, start - baselineNights)
        let count = end - first
        guard count >= 3, start > first else { return nil }
        let rises = (first ..< end).map { Double(max(0, $0 - start + 1)) }
        let riseMean = Self.mean(rises)
        let centred = rises.map { $0 - riseMean }
        let squares = centred.reduce(0) { $0 + $1 * $1 }
        guard squares > 0 else { return nil }
        let values = (first ..< end).map { nights[$0].value }
        let slope = zip(centred, values).reduce(0) { $0 + $1.0 * $1.1 } / squares
        let level = Self.mean(values) - slope * riseMean
        let reach = Double(end - start)
        let residuals = zip(rises, values).reduce(0) { sum, point in
            let residual = point.1 - level - slope * point.0
            return sum + residual * residual
        }
        var draws: [Int: (count: Double, centred: Double, variance: Double)] = [:]
        var ownLeft = 0.0
        let n = Double(count)
        for (offset, index) in (first ..< end).enumerated() {
            let night = nights[index]
            guard let draw = night.draw else {
                ownLeft += night.ownVariance * (1 - 1 / n - centred[offset] * centred[offset] / squares)
                continue
            }
            let held = draws[draw] ?? (0, 0, 0)
            draws[draw] = (held.count + 1, held.centred + centred[offset], held.variance + night.ownVariance)
        }
        for draw in draws.values {
            ownLeft += draw.variance / draw.count * (draw.count - draw.count * draw.count / n - draw.centred * draw.centred / squares)
        }
        let spread = max(0, (residuals - ownLeft) / (n - 2))
        let own = Self.ownVariance(nights, first ..< end, weight: { reach * centred[$0 - first] / squares })
        let spreadShare = reach * reach / squares
        let variance = own + spread * spreadShare
        let estimated = spread * spreadShare
        let degrees = estimated > 0 ? variance * variance / (estimated * estimated / (n - 2)) : .infinity
        // A wild night can tilt a fitted line; the median of the creep's nights cannot: on a
        // creep it lies halfway up, so (median − level) × 2m / (m + 1) is where it has come to.
        let since = Double(end - start)
        let fromMedian = (Self.median(Array(values[(start - first)...])) - level) * 2 * since / (since + 1)
        let size = min(slope * reach, fromMedian)
        let change = Change(start: start, size: size, low: size, high: size, baseline: level, nights: end - start,
                            standardError: variance.squareRoot(), shape: .creep(perNight: slope))
        return Step(change: change, degreesOfFreedom: degrees)
    }

    /// The rising creep `history check` judges in `nights[part]`, or nil: among the starts in the
    /// window that have held `minNights`, the hinge that explains most of the part's nights (the
    /// largest (Σ (rᵢ − r̄) vᵢ)² / Σ (rᵢ − r̄)², rᵢ the nights' rise), each weighed on all the part's
    /// nights; judged on up to `baselineNights` before it and all since. Its interval counts every
    /// start the search may judge in the whole series, as the step's does: each rule at the level.
    public func judgedCreep(_ nights: [Night], part: Range<Int>? = nil) -> Change? {
        let tested = starts(count: nights.count).count
        let part = part ?? 0 ..< nights.count
        let first = max(nights.count - window, part.lowerBound + baselineNeeded(part)), last = part.upperBound - minNights
        guard tested > 0, first <= last else { return nil }
        let values = nights[part].map(\.value)
        func gain(_ start: Int) -> Double {
            let rises = part.map { Double(max(0, $0 - start + 1)) }
            let riseMean = Self.mean(rises)
            let squares = rises.reduce(0) { $0 + ($1 - riseMean) * ($1 - riseMean) }
            let moment = zip(rises, values).reduce(0) { $0 + ($1.0 - riseMean) * $1.1 }
            return moment > 0 && squares > 0 ? moment * moment / squares : 0
        }
        guard let start = (first ... last).max(by: { gain($0) < gain($1) }), gain(start) > 0,
              gain(start) > bestStepGain(values, from: first - part.lowerBound),
              let located = creep(nights, start: start, end: part.upperBound, floor: part.lowerBound) else { return nil }
        return judged(located, tested: tested)
    }

    /// The most a step explains of `values` (the largest n₁n₂/n × (mean₂ − mean₁)², the level
    /// rising) among starts from `from` to the last night, recent ones included: a creep is said
    /// only where a rise night by night fits the nights better than any step, so a step that began
    /// yesterday is not judged early as a creep begun the night before it.
    private func bestStepGain(_ values: [Double], from: Int) -> Double {
        var prefix = [0.0]
        for value in values { prefix.append(prefix[prefix.count - 1] + value) }
        let total = prefix[values.count], count = Double(values.count)
        return (max(1, from) ..< values.count).reduce(0) { best, start in
            let before = Double(start), after = count - before
            let difference = (total - prefix[start]) / after - prefix[start] / before
            return difference > 0 ? max(best, before * after / count * difference * difference) : best
        }
    }

    /// The most certain increase in `nights` among the starts that have held `minNights`, judged
    /// as `judgedIncrease` judges one: the trend page's search within a part of a series.
    public func largestIncrease(_ nights: [Night]) -> Change? {
        let tested = starts(count: nights.count).count
        guard tested > 0, let located = locate(nights, part: 0 ..< nights.count, first: nights.count - window,
                                               last: nights.count - minNights) else { return nil }
        return judged(located, tested: tested)
    }

    /// The step at exactly `start` (a declared cause's night) in `nights[part]`, judged like any
    /// other: nil when it has not held `minNights` or has fewer than 2 nights before it.
    public func change(at start: Int, _ nights: [Night], part: Range<Int>, tested: Int) -> Change? {
        guard part.upperBound - start >= minNights, start - part.lowerBound >= 2 else { return nil }
        return judged(step(nights, start: start, end: part.upperBound, floor: part.lowerBound), tested: tested)
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
            var placed = change
            placed.start = start
            placed.nights = range.upperBound - start
            found.append(placed)
            search(range.lowerBound ..< start)
            search(start ..< range.upperBound)
        }
        search(0 ..< nights.count)
        return found.sorted { $0.start < $1.start }
    }

    /// The variance the nights' own errors give Σ weight(i) × value(i) over `range`: a night of a
    /// draw of its own adds its variance times its weight squared (times π/2 where `inflated`,
    /// the median's cost), the nights of one draw their mean variance times their weights' sum
    /// squared (one error, shared: it cancels where their weights do).
    static func ownVariance(_ nights: [Night], _ range: Range<Int>, weight: (Int) -> Double,
                            inflated: (Int) -> Bool = { _ in false }) -> Double {
        var draws: [Int: (weight: Double, variance: Double, count: Int, first: Int)] = [:]
        var total = 0.0
        for index in range {
            let night = nights[index], w = weight(index)
            guard let draw = night.draw else {
                total += night.ownVariance * w * w * (inflated(index) ? Double.pi / 2 : 1)
                continue
            }
            let held = draws[draw] ?? (0, 0, 0, index)
            draws[draw] = (held.weight + w, held.variance + night.ownVariance, held.count + 1, held.first)
        }
        for draw in draws.values {
            let inflation = draw.count == 1 && inflated(draw.first) ? Double.pi / 2 : 1
            total += draw.variance / Double(draw.count) * draw.weight * draw.weight * inflation
        }
        return total
    }

    /// The share of the nights' own variance their sample variance holds: 1 when each night is a
    /// draw of its own, less where nights share a draw ((n − Σ nᵢ² / n) / (n − 1), nᵢ the nights of
    /// each draw), 0 when all are of one draw (their values then differ by the spread alone).
    static func unsharedShare(_ nights: ArraySlice<Night>) -> Double {
        let n = Double(nights.count)
        guard n > 1 else { return 1 }
        var counts: [Int: Int] = [:]
        var single = 0
        for night in nights {
            if let draw = night.draw { counts[draw, default: 0] += 1 } else { single += 1 }
        }
        let squares = Double(single) + counts.values.reduce(0.0) { $0 + Double($1 * $1) }
        return (n - squares / n) / (n - 1)
    }

    static func negated(_ night: Night) -> Night {
        Night(value: -night.value, low: night.high.map { -$0 }, high: night.low.map { -$0 }, draw: night.draw)
    }

    /// A change found in negated values, in the values' own terms.
    static func negated(_ change: Change) -> Change {
        var shape = change.shape
        if case let .creep(perNight) = shape { shape = .creep(perNight: -perNight) }
        return Change(start: change.start, size: -change.size, low: -change.high, high: -change.low, baseline: -change.baseline,
                      nights: change.nights, standardError: change.standardError, critical: change.critical, shape: shape)
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

}
