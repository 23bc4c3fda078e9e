/// The metrics of many replays of one policy on one network: sums, and distributions that merge
/// exactly across threads and shards. One row of `summary.csv`.
public struct MetricsSummary: Sendable, Equatable, Codable {
    public var sessions = 0
    /// The sums of every session's counts (its `peakCachedPages` is the largest seen).
    public var totals = SessionMetrics()
    /// `stall_ms` of every navigation (0 when it did not stall).
    public var stallMsPerNavigation = Distribution()
    /// `stall_ms` of every stalled navigation.
    public var stallMsPerStall = Distribution()
    /// `diff_ops` of every stale update.
    public var diffOps = Distribution()
    /// `first_load_ms` of every session.
    public var firstLoadMs = Distribution()
    /// The bootstrap replicates of the totals (empty with `--bootstrap 0`).
    public var replicates = BootstrapReplicates()

    public init() {}

    /// Bytes held for the run: the struct, its distributions and its bootstrap state (what a
    /// replay point costs; `deckbench bench` reports it).
    public var footprint: Int {
        MemoryLayout<MetricsSummary>.size + stallMsPerNavigation.footprint + stallMsPerStall.footprint + diffOps.footprint
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
        stallMsPerNavigation.merge(other.stallMsPerNavigation)
        stallMsPerStall.merge(other.stallMsPerStall)
        diffOps.merge(other.diffOps)
        firstLoadMs.merge(other.firstLoadMs)
        replicates.merge(other.replicates)
    }
}

extension SessionMetrics {
    /// Adds `other`'s counts as the standard metrics say: summed, or the largest kept.
    mutating func add(_ other: SessionMetrics) {
        MetricsAccumulation.standard.add(other, to: &self)
    }
}
