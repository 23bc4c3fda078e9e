/// A deterministic share of the sessions, `index` of `count` (1-based), chosen by a stable hash of
/// file name and session id, never by position: the shards of a run partition its sessions, and
/// an existing scheduler (a CI matrix, a Kubernetes indexed Job, a Slurm array) can run them.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public var index: Int
    public var count: Int
    /// Whether the run is a part of a sharded one (`--shard K/N`, 1/1 included: a matrix scaled
    /// down to one job), writing `shard.json` for `merge`; the whole run unsharded (`all`) is not.
    public private(set) var isPart = true

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The whole run, unsharded.
    public static let all: Shard = {
        var whole = Shard(index: 1, count: 1)
        whole.isPart = false
        return whole
    }()

    public var description: String { "\(index)/\(count)" }

    /// Whether the session `id` of `file` belongs to this shard.
    public func contains(file: String, session id: String) -> Bool {
        count == 1 || Int(StableHash.of(file + "\n" + id) % UInt64(count)) == index - 1
    }

    /// Parses `K/N` (1 ≤ K ≤ N), or `auto`: the 0-based index of a GitHub Actions matrix is not
    /// standard, so `auto` reads `JOB_COMPLETION_INDEX` (Kubernetes indexed Job, 0-based) or
    /// `SLURM_ARRAY_TASK_ID` (Slurm array, with `SLURM_ARRAY_TASK_MIN`, default 0, and
    /// `SLURM_ARRAY_TASK_STEP`, default 1) or
    /// `DECKBENCH_SHARD_INDEX` (1-based), with the count from `DECKBENCH_SHARD_COUNT`,
    /// `SLURM_ARRAY_TASK_COUNT` or `JOB_COMPLETIONS`.
    public static func parse(_ text: String, environment: [String: String]) -> Result<Shard, ShardError> {
        if text == "auto" { return fromEnvironment(environment) }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1 ... count).contains(index)
        else { return .failure(.malformed(text)) }
        return .success(Shard(index: index, count: count))
    }

    private static func fromEnvironment(_ environment: [String: String]) -> Result<Shard, ShardError> {
        let count = ["DECKBENCH_SHARD_COUNT", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETIONS"].lazy
            .compactMap { environment[$0].flatMap(Int.init) }.first
        // Each variable's index, as given, and the value it has for shard 1.
        let index: Int?, said: String, first: Int
        if let explicit = environment["DECKBENCH_SHARD_INDEX"].flatMap(Int.init) {
            (index, said, first) = (explicit, "DECKBENCH_SHARD_INDEX=\(explicit)", 1)
        } else if let kubernetes = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
            (index, said, first) = (kubernetes + 1, "JOB_COMPLETION_INDEX=\(kubernetes)", 0)
        } else if let slurm = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
            // An array with a step (--array=1-5:2) numbers its tasks MIN, MIN + STEP, …; a task
            // off that grid is no shard.
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
            let step = max(environment["SLURM_ARRAY_TASK_STEP"].flatMap(Int.init) ?? 1, 1)
            let onGrid = (slurm - minimum) % step == 0
            (index, said, first) = (onGrid ? (slurm - minimum) / step + 1 : 0, "SLURM_ARRAY_TASK_ID=\(slurm)", minimum)
        } else {
            (index, said, first) = (nil, "", 0)
        }
        guard let index else { return .failure(.noEnvironment) }
        guard let count else { return .failure(.noCount(index: said)) }
        guard count >= 1, (1 ... count).contains(index) else {
            let step = max(environment["SLURM_ARRAY_TASK_STEP"].flatMap(Int.init) ?? 1, 1)
            let last = first + (max(count, 1) - 1) * (said.hasPrefix("SLURM_") ? step : 1)
            return .failure(.outOfRange(index: said, count: count, valid: "\(first) to \(last)" + (step > 1 && said.hasPrefix("SLURM_") ? " by \(step)" : "")))
        }
        return .success(Shard(index: index, count: count))
    }
}

/// Why `--shard` is not understood.
public enum ShardError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(String)
    case noEnvironment
    /// The environment's index, as given, is not one of `count` shards (`valid`: that variable's values).
    case outOfRange(index: String, count: Int, valid: String)
    /// The environment gives an index but no count.
    case noCount(index: String)

    public var description: String {
        switch self {
        case let .malformed(text):
            "--shard must be K/N with 1 ≤ K ≤ N, or auto; got \"\(text)\""
        case .noEnvironment:
            "--shard auto found no shard in the environment: set DECKBENCH_SHARD_INDEX (1-based) and "
                + "DECKBENCH_SHARD_COUNT, or run as a Kubernetes indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETIONS) "
                + "or a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT)"
        case let .outOfRange(index, count, valid):
            "--shard auto: \(index) is not one of \(count) shard\(count == 1 ? "" : "s") (it takes \(valid))"
                + (index.hasPrefix("DECKBENCH_") ? ": it counts from 1, so a 0-based matrix index (GitHub's strategy.job-index) needs + 1" : "")
        case let .noCount(index):
            "--shard auto found \(index) but no shard count: set DECKBENCH_SHARD_COUNT (or SLURM_ARRAY_TASK_COUNT, JOB_COMPLETIONS)"
        }
    }
}
