/// For pairs of policies replayed on the same network, how many sessions each did strictly better
/// than the other on each ratio with an interval (`IntervalColumn`: stall rate, bytes per
/// navigation, …), counted as the sessions are replayed; the rest are ties or sessions where the
/// ratio is undefined (no navigations). paired.csv's `a_better_share` and `b_better_share`.
///
/// Pairs are `pairs(policies)`: all of them up to `allPairsUpTo` policies, else each with the first
/// (a sweep). Counts are whole numbers, so they add up across workers and shards.
struct PairedWins: Sendable, Equatable, Codable {
    public static let allPairsUpTo = 16

    public let policies: Int
    public let networks: Int
    /// The columns counted, by name (those of the schema's interval columns that are ratios).
    public let columns: [String]
    /// For network `n`, pair `p`, column `c`: [A better, B better, sessions compared] at
    /// `((n * pairs + p) * columns + c) * 3`.
    private var counts: [Int]
    /// Byte offsets (`SessionMetricsLayout`) of each column's numerator and denominator.
    private let offsets: [(numerator: Int, denominator: Int)]
    private let lowerIsBetter: [Bool]
    private let pairList: [(Int, Int)]

    /// Counters for `policies` × `networks` replayers (policy-major, as a run makes them) over the
    /// ratio columns among `columns`.
    public init(policies: Int, networks: Int, columns: [IntervalColumn]) {
        self.policies = policies
        self.networks = networks
        var names: [String] = []
        var offsets: [(Int, Int)] = []
        var lowerIsBetter: [Bool] = []
        for column in columns {
            guard case let .ratio(numerator, denominator) = column.statistic,
                  let top = SessionMetricsLayout.offset(of: numerator),
                  let bottom = SessionMetricsLayout.offset(of: denominator) else { continue }
            names.append(column.name)
            offsets.append((top, bottom))
            lowerIsBetter.append(column.better == .lower)
        }
        self.columns = names
        self.offsets = offsets
        self.lowerIsBetter = lowerIsBetter
        pairList = Self.pairs(policies)
        counts = Array(repeating: 0, count: networks * pairList.count * names.count * 3)
    }

    /// Index pairs (a < b) of `count` policies: all of them up to `allPairsUpTo`, else each with the first.
    public static func pairs(_ count: Int) -> [(Int, Int)] {
        count <= allPairsUpTo
            ? (0 ..< count).flatMap { a in (a + 1 ..< count).map { (a, $0) } }
            : (1 ..< max(1, count)).map { (0, $0) }
    }

    /// Counts one session, whose metrics under every replayer are `metrics` (policy-major).
    mutating func add(_ metrics: [SessionMetrics]) {
        metrics.withUnsafeBufferPointer { add($0) }
    }

    /// Counts one session, whose metrics under every replayer are `metrics` (policy-major).
    mutating func add(_ metrics: UnsafeBufferPointer<SessionMetrics>) {
        precondition(metrics.count == policies * networks && offsets.count == columns.count, "one session's metrics for every policy × network")
        let columnCount = columns.count
        let raw = UnsafeRawPointer(metrics.baseAddress!)
        // The columns' offsets and senses read through buffers: checked subscripts cost about a
        // fifth of a session's count here.
        counts.withUnsafeMutableBufferPointer { counts in
            offsets.withUnsafeBufferPointer { offsets in
            lowerIsBetter.withUnsafeBufferPointer { lowerIsBetter in
            for network in 0 ..< networks {
                for (pair, (a, b)) in pairList.enumerated() {
                    let first = SessionMetricsLayout.element(a * networks + network, of: raw)
                    let second = SessionMetricsLayout.element(b * networks + network, of: raw)
                    let base = (network * pairList.count + pair) * columnCount * 3
                    for column in 0 ..< columnCount {
                        let (top, bottom) = offsets[column]
                        let denominatorA = SessionMetricsLayout.count(at: bottom, in: first)
                        let denominatorB = SessionMetricsLayout.count(at: bottom, in: second)
                        guard denominatorA > 0, denominatorB > 0 else { continue }
                        // a/da against b/db, exactly: a·db against b·da.
                        let left = SessionMetricsLayout.count(at: top, in: first) * denominatorB
                        let right = SessionMetricsLayout.count(at: top, in: second) * denominatorA
                        let slot = base + column * 3
                        counts[slot + 2] += 1
                        if left != right { counts[slot + ((left < right) == lowerIsBetter[column] ? 0 : 1)] += 1 }
                    }
                }
            }
            }
            }
        }
    }

    public mutating func merge(_ other: PairedWins) {
        precondition(other.policies == policies && other.networks == networks && other.columns == columns, "merging counters of another run")
        for index in counts.indices { counts[index] += other.counts[index] }
    }

    /// The shares of compared sessions where A, and where B, did better on `column`; nil for a
    /// column not counted or a pair without a compared session.
    public func shares(network: Int, a: Int, b: Int, column: String) -> (a: Double, b: Double)? {
        guard let column = columns.firstIndex(of: column), let pair = pairList.firstIndex(where: { $0 == (a, b) }) else { return nil }
        let slot = ((network * pairList.count + pair) * columns.count + column) * 3
        guard counts[slot + 2] > 0 else { return nil }
        return (Double(counts[slot]) / Double(counts[slot + 2]), Double(counts[slot + 1]) / Double(counts[slot + 2]))
    }
}

extension PairedWins {
    private enum CodingKeys: String, CodingKey {
        case policies, networks, columns, counts
    }

    /// The counters as `shard.json` holds them, for merging and reporting (not for `add`: the
    /// columns' offsets are not stored).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        policies = try container.decode(Int.self, forKey: .policies)
        networks = try container.decode(Int.self, forKey: .networks)
        columns = try container.decode([String].self, forKey: .columns)
        counts = try container.decode([Int].self, forKey: .counts)
        offsets = []
        lowerIsBetter = []
        pairList = Self.pairs(policies)
        guard policies >= 0, networks >= 0, counts.count == networks * pairList.count * columns.count * 3 else {
            throw DecodingError.dataCorruptedError(forKey: .counts, in: container, debugDescription: "counts of another size than the run's")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(policies, forKey: .policies)
        try container.encode(networks, forKey: .networks)
        try container.encode(columns, forKey: .columns)
        try container.encode(counts, forKey: .counts)
    }

    public static func == (lhs: PairedWins, rhs: PairedWins) -> Bool {
        lhs.policies == rhs.policies && lhs.networks == rhs.networks && lhs.columns == rhs.columns && lhs.counts == rhs.counts
    }
}
