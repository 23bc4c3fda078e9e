/// The metrics of many replays of one policy on one network: sums, and distributions that merge
/// exactly across threads and shards. One row of `summary.csv`.
///
/// The counts are in `totals`, a `SessionMetrics` summed over the sessions:
/// `summary.totals.navigations`, `summary.totals.stalls`, `summary.totals.bytes`. Rates are
/// read from them (stall rate: `Double(totals.stalls) / Double(totals.navigations)`; coverage and
/// prefetch accuracy: `totals.coverage`, `totals.prefetchAccuracy`). Percentiles are read from the
/// distributions (`stallMsPerNavigation.value(at: 99)`: summary.csv's `stall_ms_p99`); the 95 %
/// intervals are not here but in the run's `estimates`, made from `replicates`.
public struct MetricsSummary: Sendable, Equatable {
    /// Sessions replayed.
    public var sessions = 0
    /// The sums of every session's counts (its `peakCachedPages` is the largest seen): navigations,
    /// stalls, requests, bytes, prefetches and the rest of `SessionMetrics`.
    public var totals = SessionMetrics()
    /// `stall_ms` of every stalled navigation.
    public var stallMsPerStall = Distribution()
    /// Navigations that did not stall.
    public var navigationsWithoutStall = 0
    /// `diff_ops` of every stale update.
    public var diffOps = Distribution()
    /// `first_load_ms` of every session.
    public var firstLoadMs = Distribution()
    /// The bootstrap replicates of the totals (empty with `--bootstrap 0`).
    public var replicates = BootstrapReplicates()

    public init() {}

    /// `stall_ms` of every navigation (0 when it did not stall): the stalls and the navigations
    /// without one, put together when read. A run keeps only the stalls' histogram, not the same
    /// values twice (a histogram of durations is tens of kilobytes on a large corpus).
    public var stallMsPerNavigation: Distribution {
        var all = stallMsPerStall
        all.record(0, count: navigationsWithoutStall)
        return all
    }

    /// Bytes held for the run: the struct, its distributions and its bootstrap state (what a
    /// replay point costs; `deckbench bench` reports it).
    public var footprint: Int {
        MemoryLayout<MetricsSummary>.size + stallMsPerStall.footprint + diffOps.footprint
            + firstLoadMs.footprint + replicates.footprint
    }

    /// An empty summary whose sessions will carry bootstrap buckets of `replicates` replicates (none for 0).
    init(replicates: Int) {
        self.replicates = BootstrapReplicates(replicates: replicates)
    }

    /// Adds one session's counts (its distributions are recorded by the replay as it goes).
    public mutating func add(_ session: SessionMetrics) {
        sessions += 1
        totals.add(session)
    }

    public mutating func merge(_ other: MetricsSummary) {
        sessions += other.sessions
        totals.add(other.totals)
        stallMsPerStall.merge(other.stallMsPerStall)
        navigationsWithoutStall += other.navigationsWithoutStall
        diffOps.merge(other.diffOps)
        firstLoadMs.merge(other.firstLoadMs)
        replicates.merge(other.replicates)
    }
}

extension MetricsSummary: Codable {
    /// `shard.json` keeps the keys it had when a summary held two histograms of stalls: every
    /// navigation's `stall_ms` is written out, and read back as the navigations without a stall
    /// (the count it holds beyond the stalls').
    private enum CodingKeys: String, CodingKey {
        case sessions, totals, stallMsPerNavigation, stallMsPerStall, diffOps, firstLoadMs, replicates
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessions = try container.decode(Int.self, forKey: .sessions)
        totals = try container.decode(SessionMetrics.self, forKey: .totals)
        stallMsPerStall = try container.decode(Distribution.self, forKey: .stallMsPerStall)
        let all = try container.decode(Distribution.self, forKey: .stallMsPerNavigation)
        guard all.count >= stallMsPerStall.count else {
            throw DecodingError.dataCorruptedError(forKey: .stallMsPerNavigation, in: container,
                                                   debugDescription: "fewer navigations than stalls")
        }
        navigationsWithoutStall = all.count - stallMsPerStall.count
        diffOps = try container.decode(Distribution.self, forKey: .diffOps)
        firstLoadMs = try container.decode(Distribution.self, forKey: .firstLoadMs)
        replicates = try container.decode(BootstrapReplicates.self, forKey: .replicates)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(totals, forKey: .totals)
        try container.encode(stallMsPerNavigation, forKey: .stallMsPerNavigation)
        try container.encode(stallMsPerStall, forKey: .stallMsPerStall)
        try container.encode(diffOps, forKey: .diffOps)
        try container.encode(firstLoadMs, forKey: .firstLoadMs)
        try container.encode(replicates, forKey: .replicates)
    }
}

extension SessionMetrics {
    /// Adds `other`'s counts as the standard metrics say: summed, or the largest kept.
    mutating func add(_ other: SessionMetrics) {
        MetricsAccumulation.standard.add(other, to: &self)
    }
}
