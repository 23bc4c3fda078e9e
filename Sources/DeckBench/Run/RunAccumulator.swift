/// Everything a run sums over its sessions, in one place: each replay point's summary (metric
/// sums, distributions and bootstrap buckets, as its replayer's meter made them) and the paired
/// wins between the policies on each network.
///
/// The pipeline holds one. Once every batch is in, it takes over what every worker's replayers
/// summed and merges the workers' wins.
/// Sums are exact, so the totals never depend on which worker replayed which session.
struct RunAccumulator {
    /// Per replay point, in replayer order.
    private(set) var summaries: [MetricsSummary]
    private(set) var wins: PairedWins

    init(points: Int, wins: PairedWins) {
        summaries = Array(repeating: MetricsSummary(), count: points)
        self.wins = wins
    }

    /// Takes over what `replayers` summed since they last handed over (they start again empty).
    mutating func collect(_ replayers: [any SessionReplaying]) {
        for (index, replayer) in replayers.enumerated() { summaries[index].merge(replayer.takeSummary()) }
    }

    /// Adds a worker's wins.
    mutating func merge(_ workerWins: PairedWins) {
        wins.merge(workerWins)
    }
}
