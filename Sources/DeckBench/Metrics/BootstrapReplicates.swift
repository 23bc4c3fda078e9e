import CBootstrapKernel

/// What the summary's confidence intervals are made from, for one policy × network: the totals of
/// the counts behind each interval, kept per bucket of sessions. A session falls in one of
/// `buckets` buckets by a hash of its file name and id; a bootstrap replicate weighs every bucket
/// by a Poisson(1) draw (the Poisson bootstrap), and a ratio of two counts over `replicates`
/// replicates gives its interval by the percentile method.
///
/// Sessions are the independent units (navigations within one are not), unless the recording
/// names their user (the session line's `user` key): then users are, and a user's sessions share a
/// bucket whatever their files, so that resampling a bucket resamples whole users. Buckets formed
/// by a hash are blind to what the sessions hold: resampling buckets resamples sessions
/// in groups, which estimates the spread of a total or a ratio of totals the same way once there
/// are hundreds of buckets, and exactly as resampling sessions while there are fewer sessions than
/// buckets (one session a bucket). Keeping buckets instead of a running total per replicate costs
/// the replay 7 additions a session instead of 7 × `replicates`, and per policy × network 2 KiB
/// plus 14 to 56 bytes for each bucket that holds a session (`BucketTotals`: each count in 16, 32
/// or 64 bits as its totals need; 20 KiB on a corpus of 60,000 sessions); totals are whole
/// numbers, so they add up across workers and shards to exactly what one run holds.
///
/// Buckets and weights depend only on file names and session ids (or user keys), not on `--seed`: two runs over
/// the same corpus resample the same sessions alike, which is what a paired comparison of runs needs.
public struct BootstrapReplicates: Sendable, Equatable {
    /// The counts each bucket keeps: of each standard metric with a ratio interval, in schema order,
    /// its denominator then its numerator, each once (navigations, stalls, stall_ms_total, resets,
    /// stale_updates, bytes, wasted_prefetches). bootstrap.json and shard.json store them in this
    /// order: a change to it is a new format.
    public static let counts: [Metric.Count] = {
        var counts: [Metric.Count] = []
        for metric in Metric.standardList where metric.interval {
            guard let ratio = metric.ratioCounts else { continue }
            for count in [ratio.denominator, ratio.numerator] where !counts.contains(where: { $0 == count }) { counts.append(count) }
        }
        return counts
    }()
    /// Byte offsets of `counts` (`SessionMetricsLayout`).
    private static let countOffsets: [Int] = counts.map { SessionMetricsLayout.offset(of: $0)! }
    /// Buckets of sessions.
    public static let buckets = 1_024

    /// B, the number of replicates an interval is made of (0: no intervals).
    public private(set) var replicates: Int
    /// Each bucket's counts, `counts` order; no bucket without replicates.
    private var totals: BucketTotals
    /// Every navigation's stall time, binned by group of buckets, for the interval of `stall_ms_p99`.
    public private(set) var stallMs: StallTimeGroups

    public init(replicates: Int = 0) {
        self.replicates = replicates
        totals = BucketTotals(buckets: replicates > 0 ? Self.buckets : 0, width: Self.counts.count)
        stallMs = StallTimeGroups(enabled: replicates > 0)
    }

    public var isEmpty: Bool { replicates == 0 }

    /// The same buckets read with only the first `count` replicates (at most those it has): replicate
    /// b weighs every bucket alike whatever the count (`weights(bucket:replicates:)` draws in order),
    /// so two runs replayed with different counts pair on the ones they share.
    func firstReplicates(_ count: Int) -> BootstrapReplicates {
        guard count < replicates, count > 0 else { return self }
        var first = self
        first.replicates = count
        return first
    }

    /// Buckets holding a session: the independent units a replicate resamples — users when the
    /// recordings name them, else sessions (two share a bucket only by a collision of the hash,
    /// rare below a few hundred). `tune` judges nobody on fewer than its minimum of these.
    var units: Int { isEmpty ? 0 : (0 ..< Self.buckets).count { totals.holds($0) } }

    /// Bytes held: the buckets' totals and the stall bins.
    var footprint: Int { totals.footprint + stallMs.footprint }

    /// The bucket of session `id` of file `file` (its path; only the name counts), or of `user`'s
    /// sessions when the recording names the user.
    static func bucket(file: String, session id: String, user: String? = nil) -> Int {
        bucket(fileKey: fileKey(file), session: id, user: user)
    }

    /// The hash of a file's name, which `bucket(fileKey:session:)` takes so that it is made once a file.
    static func fileKey(_ file: String) -> UInt64 {
        StableHash.of(file.split(separator: "/").last.map(String.init) ?? file)
    }

    static func bucket(fileKey: UInt64, session id: String, user: String? = nil) -> Int {
        var random = if let user {
            SeededGenerator(seed: weightSeed, keys: RandomKey.bootstrapUser, StableHash.of(user))
        } else {
            SeededGenerator(seed: weightSeed, keys: RandomKey.bootstrap, fileKey, StableHash.of(id))
        }
        return Int(random.next() % UInt64(buckets))
    }

    /// Adds one session's counts to its bucket.
    @inline(__always)
    mutating func add(_ session: SessionMetrics, bucket: Int) {
        let offsets = Self.countOffsets
        SessionMetricsLayout.withBytes(of: session) { metrics in
            totals.add(bucket) { SessionMetricsLayout.count(at: offsets[$0], in: metrics) }
        }
    }

    /// Records `count` navigations of a session in `bucket` whose stall was `milliseconds` (0: none).
    mutating func recordStall(_ milliseconds: Int, count: Int = 1, bucket: Int) {
        stallMs.record(milliseconds, count: count, bucket: bucket)
    }

    public mutating func merge(_ other: BootstrapReplicates) {
        guard !other.isEmpty else { return }
        guard !isEmpty else {
            self = other
            return
        }
        precondition(other.replicates == replicates, "merging \(other.replicates) bootstrap replicates into \(replicates)")
        totals.merge(other.totals)
        stallMs.merge(other.stallMs)
    }

    /// Every count's total in every replicate; nil without replicates. `table` is
    /// `weightTable(replicates:)`, made once for many rows; without it the weights of the buckets
    /// that hold sessions are drawn here.
    public func replicateSums(weights table: [UInt8]? = nil) -> ReplicateSums? {
        guard !isEmpty else { return nil }
        precondition(table.map { $0.count == Self.buckets * replicates } ?? true, "a weight table of another size")
        let width = Self.counts.count
        let count = replicates
        let held = (0 ..< Self.buckets).filter { bucket in totals.holds(bucket) && (0 ..< width).contains { totals.total(bucket, $0) != 0 } }
        // Each held bucket's counts as doubles, padded to the kernel's eight, and whether every
        // sum stays a whole number below 2⁵³ (weights are at most 8): then any order of additions
        // gives the same doubles, fused or not.
        let stride = Int(DECKBENCH_BUCKET_VALUES)
        var values = [Double](repeating: 0, count: held.count * stride)
        var largest = [Double](repeating: 0, count: width)
        for (row, bucket) in held.enumerated() {
            for c in 0 ..< width {
                let value = Double(totals.total(bucket, c))
                values[row * stride + c] = value
                largest[c] += value * Double(Self.largestWeight)
            }
        }
        guard largest.allSatisfy({ $0 < 0x1p53 }) else { return replicateSumsInBucketOrder(weights: table) }
        var sums = [Double](repeating: 0, count: width * count)
        let weights = table ?? Self.weightTable(replicates: count, buckets: held)
        let rows = table == nil ? held.indices.map { Int32($0) } : held.map { Int32($0) }
        weights.withUnsafeBufferPointer { weights in
            rows.withUnsafeBufferPointer { rows in
                values.withUnsafeBufferPointer { values in
                    sums.withUnsafeMutableBufferPointer { sums in
                        deckbench_weighted_sums(weights.baseAddress, rows.baseAddress, rows.count, values.baseAddress, count,
                                                sums.baseAddress, width)
                    }
                }
            }
        }
        return ReplicateSums(replicates: count, sums: sums)
    }

    /// Every count's total over all buckets, each bucket weighed once: the run itself, the point
    /// its replicates scatter around, as sums of one replicate; nil without replicates.
    public func pointSums() -> ReplicateSums? {
        guard !isEmpty else { return nil }
        let width = Self.counts.count
        var sums = [Double](repeating: 0, count: width)
        for bucket in 0 ..< Self.buckets where totals.holds(bucket) {
            for c in 0 ..< width { sums[c] += Double(totals.total(bucket, c)) }
        }
        return ReplicateSums(replicates: 1, sums: sums)
    }

    /// The weighted sums bucket by bucket in increasing order, each product rounded before its
    /// addition: for totals too large for every sum to be exact, where the order matters.
    func replicateSumsInBucketOrder(weights table: [UInt8]? = nil) -> ReplicateSums? {
        guard !isEmpty else { return nil }
        let width = Self.counts.count
        let count = replicates
        var sums = [Double](repeating: 0, count: width * count)
        var weight = [Double](repeating: 0, count: count)
        for bucket in 0 ..< Self.buckets where totals.holds(bucket) {
            let bytes = table.map { Array($0[bucket * count ..< (bucket + 1) * count]) } ?? Self.weights(bucket: bucket, replicates: count)
            for b in 0 ..< count { weight[b] = Double(bytes[b]) }
            for c in 0 ..< width where totals.total(bucket, c) != 0 {
                let value = Double(totals.total(bucket, c))
                for b in 0 ..< count { sums[c * count + b] += weight[b] * value }
            }
        }
        return ReplicateSums(replicates: count, sums: sums)
    }

    /// The central `level` interval of `values` (percentile method, nearest rank); nil for none.
    static func percentiles(_ values: [Double], level: Double = 0.95) -> (low: Double, high: Double)? {
        guard !values.isEmpty else { return nil }
        let tail = (1 - level) / 2
        func rank(_ share: Double) -> Int {
            min(values.count - 1, max(0, Int((share * Double(values.count)).rounded(.up)) - 1))
        }
        let bounds = RankSelection.values(values, at: [rank(tail), rank(1 - tail)])
        return (bounds[0], bounds[1])
    }

    /// The central `level` interval of numerator / denominator over the replicates (percentile
    /// method, nearest rank; replicates whose denominator is 0 are left out), nil without
    /// replicates or without any replicate with a denominator. `weights` is
    /// `weightTable(replicates:)`, made once for many rows.
    public func interval(_ numerator: Metric.Count, over denominator: Metric.Count, level: Double = 0.95,
                         weights table: [UInt8]? = nil) -> (low: Double, high: Double)? {
        replicateSums(weights: table).flatMap { Self.percentiles($0.ratios(numerator, over: denominator).compactMap { $0 }, level: level) }
    }

    // MARK: Weights

    private static let weightSeed: UInt64 = 0xB007_57A9
    /// ⌊65,536 · P(X ≤ k)⌉ for X ~ Poisson(1), k = 0 … 7: a 16-bit uniform u weighs "how many of
    /// these are ≤ u" (0 to 8; the chance of more than 8 is below 1 in 65,536).
    private static let thresholds: [Int] = [24_109, 48_219, 60_273, 64_292, 65_296, 65_497, 65_531, 65_535]
    /// The largest weight a bucket can get in a replicate.
    static let largestWeight = thresholds.count
    /// The thresholds as the weight kernel reads them.
    private static let kernelThresholds: [UInt16] = thresholds.map { UInt16($0) }

    /// The weights of every bucket (`weights(bucket:replicates:)`), bucket by bucket, `replicates`
    /// a bucket: made once for many rows (`replicateSums(weights:)`).
    public static func weightTable(replicates: Int) -> [UInt8] {
        weightTable(replicates: replicates, buckets: Array(0 ..< buckets))
    }

    /// The weights of `buckets` in that order, a row of `replicates` each, written in place (not
    /// an array a bucket appended to the table).
    static func weightTable(replicates: Int, buckets: [Int]) -> [UInt8] {
        let count = max(0, replicates)
        return [UInt8](unsafeUninitializedCapacity: buckets.count * count) { table, initialized in
            if let base = table.baseAddress {
                for (row, bucket) in buckets.enumerated() { writeWeights(bucket: bucket, replicates: count, to: base + row * count) }
            }
            initialized = buckets.count * count
        }
    }

    /// The Poisson(1) weights of `bucket` in replicates 0 ..< `replicates`: four from each 64-bit
    /// draw of a generator keyed by the bucket alone.
    static func weights(bucket: Int, replicates: Int) -> [UInt8] {
        let count = max(0, replicates)
        return [UInt8](unsafeUninitializedCapacity: count) { weights, initialized in
            if let base = weights.baseAddress { writeWeights(bucket: bucket, replicates: count, to: base) }
            initialized = count
        }
    }

    /// Writes `weights(bucket:replicates:)` at `out`: each draw's four 16-bit quarters, lowest
    /// first, weighed against the thresholds in C, sixteen at a time on AVX2 (about 8 instructions
    /// a weight through a 64 KiB table in Swift, 3 there).
    private static func writeWeights(bucket: Int, replicates: Int, to out: UnsafeMutablePointer<UInt8>) {
        let random = SeededGenerator(seed: weightSeed, keys: RandomKey.bootstrap, UInt64(bucket))
        kernelThresholds.withUnsafeBufferPointer { thresholds in
            deckbench_poisson_weights(random.state, replicates, thresholds.baseAddress, out)
        }
    }
}

extension BootstrapReplicates: Codable {
    private enum CodingKeys: String, CodingKey {
        case replicates, totals, stallMs = "stall_ms"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        replicates = try container.decode(Int.self, forKey: .replicates)
        let dense = try IntegerListText.decode(container, forKey: .totals)
        guard dense.count == (replicates > 0 ? Self.buckets * Self.counts.count : 0) else {
            throw DecodingError.dataCorruptedError(forKey: .totals, in: container, debugDescription: "expected \(Self.buckets) buckets")
        }
        totals = BucketTotals(dense: dense, buckets: replicates > 0 ? Self.buckets : 0, width: Self.counts.count)
        // Files written before stall_ms_p99 had an interval hold no stall times.
        stallMs = try container.decodeIfPresent(StallTimeGroups.self, forKey: .stallMs) ?? StallTimeGroups(enabled: false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(replicates, forKey: .replicates)
        try container.encode(IntegerListText.text(totals.dense), forKey: .totals)
        try container.encode(stallMs, forKey: .stallMs)
    }

    /// The bytes `JSONEncoder` with sorted keys makes of `encode(to:)`, written directly (a sweep's
    /// bootstrap.json holds a row per point; `BootstrapFileTests` holds the two to the same bytes).
    func appendJSON(to bytes: inout [UInt8]) {
        bytes += Array(#"{"replicates":"#.utf8)
        DecimalDigits.append(replicates, to: &bytes)
        bytes += Array(#","stall_ms":"#.utf8)
        stallMs.appendJSON(to: &bytes)
        bytes += Array(#","totals":""#.utf8)
        IntegerListText.append(totals.dense, to: &bytes)
        bytes += Array(#""}"#.utf8)
    }
}

/// Every count's total in every bootstrap replicate of one policy × network
/// (`BootstrapReplicates.replicateSums`): what intervals of its ratios, and of differences of
/// ratios between policies replayed on the same sessions, are read from.
public struct ReplicateSums: Sendable {
    public let replicates: Int
    /// Count-major, in `BootstrapReplicates.counts` order.
    let sums: [Double]

    /// numerator / denominator in each replicate; nil where the denominator is 0.
    public func ratios(_ numerator: Metric.Count, over denominator: Metric.Count) -> [Double?] {
        guard let top = BootstrapReplicates.counts.firstIndex(where: { $0 == numerator }),
              let bottom = BootstrapReplicates.counts.firstIndex(where: { $0 == denominator }) else {
            return Array(repeating: nil, count: replicates)
        }
        return (0 ..< replicates).map { b in
            sums[bottom * replicates + b] == 0 ? nil : sums[top * replicates + b] / sums[bottom * replicates + b]
        }
    }
}
