import Foundation

/// `deckbench compare`: the change of each key metric between two runs' `summary.csv`, per
/// policy × network, and a verdict on every row that has a limit, so that a nightly job fails on
/// a regression and says what it could not tell.
///
/// A row whose metric has an interval (both runs' bootstrap replicates, over the same sessions) is
/// judged on a simultaneous interval of its excess over the limit (`SimultaneousIntervals`): a
/// `regression` when the whole interval is past the limit, `within` when the whole interval is
/// inside it, `inconclusive` when it straddles the limit. The intervals of all judged rows hold at
/// once with probability about `level`, so with nothing changed the chance that any row is a
/// regression is at most 1 − `level`. Other rows with a limit are judged on their point estimates.
public struct Comparison: Sendable {
    public typealias Better = Metric.Better
    public typealias Threshold = ComparisonThreshold

    /// The metrics compared, in `summary.csv`'s column order, with their good direction.
    public let metrics: [(name: String, better: Better)]

    /// How a threshold is judged: on the simultaneous interval of the change (`ci`: metrics without
    /// an interval fall back to the point) or on the point estimate (`point`).
    public enum Gate: String, Sendable, CaseIterable {
        case ci, point
    }

    public var rows: [Row] = []

    /// The baseline's networks that the candidate replayed under another spec of the same series
    /// (`NetworkSeries`), in the baseline's order: their rows are paired and judged, and the
    /// change of model is said (`ComparedSettings`).
    public private(set) var networkChanges: [(baseline: String, candidate: String)] = []

    /// Whether a policy × network of the baseline that the candidate lacks is allowed; when not,
    /// it is a regression (a nightly that stopped replaying something must not pass).
    public let allowMissing: Bool

    /// The share of runs in which every judged row's lower bound holds at once, and, on its own,
    /// the share in which every upper bound does (two one-sided simultaneous bounds).
    public let level: Double

    /// The share of runs in which every judged row's whole interval, both bounds, holds at once:
    /// at least 1 − 2 × (1 − `level`), 90 % at the default 95 % (each side may fail on its own).
    public var intervalLevel: Double { max(0, 1 - 2 * (1 - level)) }

    /// How far the judged rows' simultaneous intervals reach below and above their points, in
    /// standard errors, and how many rows with varying replicates they span; nil when no row was
    /// judged on an interval.
    public private(set) var critical: (lower: Double, upper: Double, rows: Int)?

    /// Regressions, and rows missing in the candidate unless `allowMissing`.
    public var regressions: Int { rows.count(where: isRegression) }
    /// Rows with a limit whose interval straddles it.
    public var inconclusive: Int { rows.count { $0.verdict == .inconclusive } }
    /// Rows with a limit confirmed within it.
    public var within: Int { rows.count { $0.verdict == .within } }

    /// A row whose verdict is regression: past its limit, or missing in the candidate unless `allowMissing`.
    public func isRegression(_ row: Row) -> Bool {
        row.verdict == .regression
    }

    /// What qualifies the gate's promise in this comparison, a sentence each (`compare` prints them on
    /// stderr): replicates judged on fewer than one run had, a bootstrap unit that differs between
    /// the runs, tail rows with too few stalls to judge.
    public private(set) var cautions: [String] = []
    /// Rows whose replicates did not move though their point did: inconclusive.
    private(set) var noSpread: [Int] = []

    /// How many replicates the intervals were read from: the count both runs share; nil without a pairing.
    public private(set) var replicatesJudged: Int?

    /// The metrics given a limit that the baseline predates (its summary.csv has no such column):
    /// they judge nothing, said on stderr, so that nightlies survive a new column.
    public private(set) var unjudgedLimits: [String] = []

    /// The metrics given a limit that judged no row although the baseline has the column: no
    /// policy × network in common, or no row with a value on both sides. Such a gate could never
    /// fail, so it is an error.
    public private(set) var limitsJudgingNothing: [String] = []
    /// Of `limitsJudgingNothing`, those whose column the candidate's summary.csv lacks (a column
    /// removed by hand or by a tool: the candidate is not the complete run the gate needs).
    public private(set) var candidateLacks: [String] = []

    /// Compares two `summary.csv` texts on the metrics `schema` compares; `increase` limits metrics
    /// better lower, `decrease` those better higher. With `pairing`, metrics that have intervals are
    /// judged together on simultaneous intervals at `level`. `planted` (metric → multiple) judges
    /// as if the candidate were worse by that multiple of the metric's limit in every row judged on
    /// an interval: its point and every replicate shifted by it, the noise unchanged. It is for
    /// measuring the gate's power (`make gate-calibration`), never for judging a candidate.
    /// `files` name the two texts in errors.
    public init(baseline: String, candidate: String, maxIncrease: [Threshold], maxDecrease: [Threshold],
                schema: MetricSchema = .standard, pairing: Pairing? = nil, allowMissing: Bool = false,
                level: Double = 0.95, planted: [String: Double] = [:],
                files: (baseline: String, candidate: String) = ("the baseline's summary.csv", "the candidate's summary.csv"))
        throws(ComparisonError) {
        metrics = schema.comparedColumns
        self.allowMissing = allowMissing
        self.level = level
        // Replicate b weighs every bucket as replicate b of any other count does (each bucket's
        // weights are drawn in order from a generator keyed by the bucket alone), so runs replayed
        // with different `--bootstrap` counts pair exactly on the replicates they share.
        let common = pairing?.counts.map { min($0.baseline, $0.candidate) }
        replicatesJudged = common
        cautions = Self.pairingCautions(pairing, judged: common)
        let base = try ComparedSummary(baseline, side: "baseline", file: files.baseline, schema: schema)
        let next = try ComparedSummary(candidate, side: "candidate", file: files.candidate, schema: schema)
        let networks = NetworkCounterparts(baseline: base.points, candidate: next.points)
        networkChanges = networks.changes
        let limits = Limits(maxIncrease: maxIncrease, maxDecrease: maxDecrease, planted: planted)
        let intervalColumns = Dictionary(schema.intervalColumns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // A column the baseline's summary.csv predates judges nothing (`unjudgedLimits`), even
        // where its bootstrap.json could: the gate reads no side it cannot show.
        let judgeable = intervalColumns.filter { base.header.contains($0.key) }
        let weights = common.map { BootstrapWeights(replicates: $0) }
        var gated: [GatedRow] = []
        for point in networks.points(baseline: base.points, candidate: next.points) {
            let candidatePoint = networks.candidatePoint(point)
            guard let old = base.rows[point], let new = next.rows[candidatePoint] else {
                appendMissing(point, inBaseline: base.rows[point] == nil)
                continue
            }
            let replicates = pairing.flatMap { pairing in
                weights.flatMap { PointReplicates(pairing, point: point, candidatePoint: candidatePoint, weights: $0,
                                                  columns: Array(intervalColumns.values)) }
            }
            for (metric, better) in metrics {
                var row = Row(point, metric: metric, better: better, baseline: old.text(metric) ?? "", candidate: new.text(metric) ?? "",
                              limit: limits.limit(metric, better: better))
                if candidatePoint.network != point.network { row.candidateNetwork = candidatePoint.network }
                if let replicates, let column = judgeable[metric], let judged = assess(&row, on: column, replicates, planted: limits.planted) {
                    gated.append(judged)
                }
                rows.append(row)
            }
        }
        judge(gated)
        cautions += verdictCautions(judged: common, onIntervals: !gated.isEmpty)
        sortLimitsJudgingNothing(limits.all, baseline: base.header, candidate: next.header)
    }

    /// Appends the row of a policy × network that one run lacks: one the candidate lacks is a
    /// regression unless `allowMissing`.
    private mutating func appendMissing(_ point: ReplayPoint, inBaseline: Bool) {
        var missing = Row(point, missingIn: inBaseline ? .baseline : .candidate)
        if !inBaseline, !allowMissing { missing.verdict = .regression }
        rows.append(missing)
    }

    /// Gives `row` its paired interval of the change on `column`; returns the row to judge on its
    /// simultaneous interval when it has a limit, unless a run has too few stalls in the tail to
    /// judge it (then it is inconclusive).
    private func assess(_ row: inout Row, on column: IntervalColumn, _ replicates: PointReplicates, planted: [String: Double]) -> GatedRow? {
        guard replicates.estimates != nil else { return nil }
        let pairs = replicates.pairs(column)
        row.changeInterval = BootstrapReplicates.percentiles(pairs.compactMap { $0.map { $0.1 - $0.0 } })
        guard let limit = row.limit, let better = row.better else { return nil }
        if replicates.tooFewStalls(column) {
            row.tooFewStalls = true
            row.verdict = .inconclusive
            return nil
        }
        // Judged on points computed as the replicates are (unrounded ratios, tails from the bins):
        // the same estimator as the spread it is judged against.
        return GatedRow(row: rows.count, better: better, limit: limit, old: column.pointFromReplicates(replicates.baseline),
                        new: column.pointFromReplicates(replicates.candidate), pairs: pairs, planted: planted[row.metric] ?? 0,
                        widening: TailCalibration.widening(of: column))
    }

    /// Files each limit that judged no row: under `unjudgedLimits` when the baseline's header
    /// lacks its metric, else under `limitsJudgingNothing` (and `candidateLacks` when the
    /// candidate's header does).
    private mutating func sortLimitsJudgingNothing(_ limits: [Threshold], baseline: [String], candidate: [String]) {
        for metric in limits.map(\.metric) {
            guard !rows.contains(where: { $0.metric == metric && $0.status != .undefined }) else { continue }
            if baseline.contains(metric) {
                limitsJudgingNothing.append(metric)
                if !candidate.contains(metric) { candidateLacks.append(metric) }
            } else {
                unjudgedLimits.append(metric)
            }
        }
    }

    /// Replicate by replicate, both sides' values where both are defined (nil elsewhere).
    static func pairs(_ baseline: [Double?], _ candidate: [Double?]) -> [(Double, Double)?] {
        zip(baseline, candidate).map { a, b in a.flatMap { a in b.map { (a, $0) } } }
    }

    /// Gives every row with a limit its verdict: the `gated` rows on their simultaneous intervals,
    /// the others with a limit on their point estimates.
    mutating func judge(_ gated: [GatedRow]) {
        let intervals = SimultaneousIntervals(replicates: gated.map(\.replicates), level: level, widening: gated.map(\.widening))
        let varying = intervals.standardErrors.count { $0 > 0 }
        if !gated.isEmpty { critical = (intervals.lowerCritical, intervals.upperCritical, varying) }
        var judged = Set<Int>()
        for (index, gate) in gated.enumerated() {
            judged.insert(gate.row)
            let bounds = intervals.bounds(index, around: gate.excess)
            // Replicates that never move while the point did (a corpus of one user: every replicate
            // weighs the same sessions alike) measure no noise at all; such a row cannot be judged.
            let unmeasured = intervals.standardErrors[index] == 0 && gate.excess + gate.allowed != 0
            if unmeasured { noSpread.append(gate.row) }
            let verdict: Row.Verdict = unmeasured ? .inconclusive : bounds.low > 0 ? .regression : bounds.high <= 0 ? .within : .inconclusive
            let worsening = (low: bounds.low + gate.allowed, high: bounds.high + gate.allowed)
            rows[gate.row].verdict = verdict
            rows[gate.row].simultaneousInterval = gate.better == .lower ? worsening : (-worsening.high, -worsening.low)
            rows[gate.row].detectableChange = gate.allowed + intervals.lowerCritical * intervals.standardErrors[index]
            rows[gate.row].standardError = intervals.standardErrors[index]
        }
        for index in rows.indices where !judged.contains(index) && rows[index].limit != nil && !rows[index].tooFewStalls {
            switch rows[index].status {
            case .unchanged, .better, .worse: rows[index].verdict = rows[index].isPastLimitAtPoint ? .regression : .within
            case .regression, .missingInBaseline, .missingInCandidate, .undefined: break
            }
        }
    }

    /// The limits of 0 on metrics that have an interval: such a limit can never be confirmed
    /// (a run's interval has width), so every row it judges would be inconclusive at best.
    public static func zeroLimitsOnIntervals(_ limits: [Threshold], schema: MetricSchema = .standard) -> [Threshold] {
        let names = Set(schema.intervalColumns.map(\.name))
        return limits.filter { $0.amount == 0 && names.contains($0.metric) }
    }
}
