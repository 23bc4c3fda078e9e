/// One row of a history file (long format): one metric of one policy on one network in one run,
/// with what made the run. Values are summary.csv's own text, never reformatted.
public struct HistoryRow: Sendable, Hashable {
    /// The run's id (the first 12 digits of manifest.json's `run_id`, a digest of the whole run):
    /// the same run is one run.
    public var run: String
    /// What the caller named the run (`--label`: a git SHA, a date), empty when not given.
    public var label: String
    /// When the run was appended, or the time given (`--time`), ISO 8601 in UTC.
    public var time: String
    /// DeckBench's version, and the commit of the code under test when given (`--commit`, its first
    /// 12 characters).
    public var version: String
    public var commit: String
    /// Digests (8 hex digits) of the recordings (each file's name, lines, bytes, sessions and
    /// rejects) and of the settings that change results (seed, content, max age, bootstrap,
    /// user waits): a step where either changes has that cause.
    public var corpus: String
    public var flags: String
    public var policy: String
    /// The network as short as it can be said (`lte`, `lte:loss=0.3`).
    public var network: String
    public var metric: String
    /// The value and its 95 % interval, as summary.csv writes them (empty when it has none).
    public var value: String
    public var ciLow: String
    public var ciHigh: String
    /// The run's seed (empty in rows written before it was kept): nights that replayed the same
    /// recordings with the same seed drew the same users and the same network, so the error their
    /// intervals measure is one error, shared, not one each.
    public var seed: String

    public static let header = ["run", "label", "time", "version", "commit", "corpus", "flags", "policy", "network", "metric",
                                "value", "ci_low", "ci_high", "seed"]
    /// The header of histories written before the seed was kept: read as rows without one.
    static let headerWithoutSeed = Array(header.dropLast())

    public init(run: String, label: String, time: String, version: String, commit: String, corpus: String, flags: String,
                policy: String, network: String, metric: String, value: String, ciLow: String, ciHigh: String, seed: String = "") {
        self.run = run
        self.label = label
        self.time = time
        self.version = version
        self.commit = commit
        self.corpus = corpus
        self.flags = flags
        self.policy = policy
        self.network = network
        self.metric = metric
        self.value = value
        self.ciLow = ciLow
        self.ciHigh = ciHigh
        self.seed = seed
    }

    var fields: [String] { [run, label, time, version, commit, corpus, flags, policy, network, metric, value, ciLow, ciHigh, seed] }

    /// A row of `fields`, as many as the file's header has (with or without the seed).
    init?(fields: [String], columns: Int = header.count) {
        guard fields.count == columns, columns == Self.header.count || columns == Self.headerWithoutSeed.count else { return nil }
        self.init(run: fields[0], label: fields[1], time: fields[2], version: fields[3], commit: fields[4], corpus: fields[5],
                  flags: fields[6], policy: fields[7], network: fields[8], metric: fields[9], value: fields[10], ciLow: fields[11],
                  ciHigh: fields[12], seed: fields.count > 13 ? fields[13] : "")
    }

    /// What the night measured, less what names it (its run id, label, time and commit): two
    /// appends of one run's files give rows of the same content.
    var content: [String] { [version, corpus, flags, policy, network, metric, value, ciLow, ciHigh, seed] }
}
