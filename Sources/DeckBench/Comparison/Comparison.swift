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

    /// One metric of one policy × network, or a row present on one side only.
    public struct Row: Sendable {
        /// The direction of the change at the point estimates (`regression` when the verdict is).
        public enum Status: String, Sendable {
            case unchanged, better, worse, regression
            case missingInBaseline = "missing in baseline"
            case missingInCandidate = "missing in candidate"
            case undefined = "n/a"
        }

        /// What the gate concludes about a row with a limit.
        public enum Verdict: String, Sendable {
            /// The whole simultaneous interval of the worsening is past the limit (or, without an
            /// interval, the point is).
            case regression
            /// The whole interval is within the limit (or, without an interval, the point is).
            case within
            /// The interval holds values on both sides of the limit: this run cannot tell.
            case inconclusive
        }

        public var policy: String
        /// The baseline's network (the candidate's, for a row new in the candidate).
        public var network: String
        /// The candidate's network when it is another spec of the same series (`NetworkSeries`:
        /// `lte` → `lte:rtt_ms=200`): the rows are paired and judged, under a changed model.
        public var candidateNetwork: String? = nil
        public var metric: String
        /// Each side's value as its summary.csv writes it (what compare prints), empty when undefined.
        public var baseline: String
        public var candidate: String
        /// Each side's value as a number, read by the summary's reader; nil when undefined.
        public var baselineValue: Double? = nil
        public var candidateValue: Double? = nil
        public var change: Double?
        public var changePercent: Double?
        /// The 95 % paired interval of `change` on its own (percentile method), when both runs have
        /// bootstrap buckets for the row.
        public var changeInterval: (low: Double, high: Double)?
        public var threshold: String
        public var status: Status
        /// The gate's verdict; nil for a row without a limit, or without values to judge.
        public var verdict: Verdict?
        /// The simultaneous interval of `change` (candidate − baseline) the verdict was read from;
        /// nil when the row was judged on its point, or has no limit.
        public var simultaneousInterval: (low: Double, high: Double)?
        /// The smallest worsening (in the metric's unit, positive) this run would confirm as a
        /// regression half the time: the limit plus the lower critical value's standard errors of
        /// the worsening.
        public var detectableChange: Double?
        /// The standard error of the change the simultaneous interval was built from (for a tail,
        /// widened: `TailCalibration`); nil when the row was not judged on an interval.
        public var standardError: Double?
        /// A tail row left inconclusive because a run has too few stalls in its tail to judge it
        /// (`TailCalibration.minimumObservations`): no interval is read.
        public var tooFewStalls = false
    }

    /// How a threshold is judged: on the simultaneous interval of the change (`ci`: metrics without
    /// an interval fall back to the point) or on the point estimate (`point`).
    public enum Gate: String, Sendable, CaseIterable {
        case ci, point
    }

    /// Both runs' bootstrap buckets, for the `ci` gate, and what each run resampled (`manifest.json`'s
    /// `bootstrap_unit`: users when its recordings name them, else sessions).
    public struct Pairing: Sendable {
        /// What a run's bootstrap resampled.
        public enum Unit: String, Sendable {
            case session, user
        }

        public var baseline: BootstrapFile
        public var candidate: BootstrapFile
        public var baselineUnit: Unit
        public var candidateUnit: Unit

        public init(baseline: BootstrapFile, candidate: BootstrapFile, baselineUnit: Unit = .session, candidateUnit: Unit = .session) {
            self.baseline = baseline
            self.candidate = candidate
            self.baselineUnit = baselineUnit
            self.candidateUnit = candidateUnit
        }

        /// The replicates each run was replayed with (`--bootstrap`); nil for a file without rows.
        var counts: (baseline: Int, candidate: Int)? {
            guard let base = baseline.rows.first?.replicates.replicates, let next = candidate.rows.first?.replicates.replicates else { return nil }
            return (base, next)
        }
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
    private var noSpread: [Int] = []

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
        let intervalColumns = Dictionary(schema.intervalColumns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Replicate b weighs every bucket as replicate b of any other count does (each bucket's
        // weights are drawn in order from a generator keyed by the bucket alone), so runs replayed
        // with different `--bootstrap` counts pair exactly on the replicates they share.
        let common = pairing?.counts.map { min($0.baseline, $0.candidate) }
        let weights = common.map { BootstrapWeights(replicates: $0) }
        replicatesJudged = common
        if let counts = pairing?.counts, let common, counts.baseline != counts.candidate {
            cautions.append("the baseline has \(counts.baseline) bootstrap replicates and the candidate \(counts.candidate): the intervals "
                + "are read from the \(common) they share (replicate b weighs the same sessions in both), so they are as noisy as a "
                + "run of \(common)")
        }
        if let pairing, pairing.baselineUnit != pairing.candidateUnit {
            cautions.append("the baseline resampled \(pairing.baselineUnit.rawValue)s and the candidate \(pairing.candidateUnit.rawValue)s "
                + "(only one's recordings name users): their replicates weigh different groups of sessions, so the change is not "
                + "paired and its intervals are those of two separate runs, often several times wider (verdicts lean to "
                + "inconclusive). Replay both from the same recordings to pair them")
        }
        let base = try Self.table(baseline, side: "baseline", file: files.baseline, schema: schema)
        let candidateTable = try Self.table(candidate, side: "candidate", file: files.candidate, schema: schema)
        // A network is paired with the candidate's that continues it, as `history` continues its
        // series: a refit of its parameters is a change of the model, judged, not a network missing.
        let baseNetworks = Self.unique(base.keys.map(\.network))
        let counterparts = NetworkSeries.counterparts(baseline: baseNetworks, candidate: candidateTable.keys.map(\.network))
        networkChanges = baseNetworks.compactMap { spec in counterparts[spec].flatMap { $0 == spec ? nil : (spec, $0) } }
        func candidateKey(_ key: ReplayPoint) -> ReplayPoint {
            ReplayPoint(policy: key.policy, network: counterparts[key.network] ?? key.network)
        }
        let paired = Set(base.keys.map(candidateKey))
        let keys = base.keys + candidateTable.keys.filter { !paired.contains($0) }
        var gated: [GatedRow] = []
        for key in keys {
            guard let old = base.rows[key] else {
                rows.append(Row(policy: key.policy, network: key.network, metric: "", baseline: "", candidate: "", threshold: "",
                                status: .missingInBaseline))
                continue
            }
            let nextKey = candidateKey(key)
            guard let new = candidateTable.rows[nextKey] else {
                var missing = Row(policy: key.policy, network: key.network, metric: "", baseline: "", candidate: "", threshold: "",
                                  status: .missingInCandidate)
                if !allowMissing { missing.verdict = .regression }
                rows.append(missing)
                continue
            }
            let sides = pairing.flatMap { pairing -> (BootstrapReplicates, BootstrapReplicates)? in
                guard let common, let base = pairing.baseline.replicates(policy: key.policy, network: key.network),
                      let next = pairing.candidate.replicates(policy: nextKey.policy, network: nextKey.network) else { return nil }
                return (base.firstReplicates(common), next.firstReplicates(common))
            }
            let estimates = sides.flatMap { base, next -> (ReplicateEstimates, ReplicateEstimates)? in
                guard let weights, let baseEstimates = ReplicateEstimates(base, weights: weights, columns: Array(intervalColumns.values)),
                      let nextEstimates = ReplicateEstimates(next, weights: weights, columns: Array(intervalColumns.values)) else { return nil }
                return (baseEstimates, nextEstimates)
            }
            for (metric, better) in metrics {
                let limit = (better == .lower ? maxIncrease : maxDecrease).first { $0.metric == metric }
                var row = Self.compare(key, metric: metric, better: better, old: old, new: new, limit: limit)
                if nextKey.network != key.network { row.candidateNetwork = nextKey.network }
                // A column the baseline's summary.csv predates judges nothing (`unjudgedLimits`), even
                // where its bootstrap.json could: the gate reads no side it cannot show.
                if let (baseEstimates, nextEstimates) = estimates, let column = intervalColumns[metric], base.header.contains(metric) {
                    let pairs = Self.pairs(baseEstimates.values(column), nextEstimates.values(column))
                    row.changeInterval = BootstrapReplicates.percentiles(pairs.compactMap { $0.map { $0.1 - $0.0 } })
                    // Judged on points computed as the replicates are (unrounded ratios, tails from
                    // the bins): the same estimator as the spread it is judged against.
                    if limit != nil, let (base, next) = sides, let baseStalls = TailCalibration.observations(column, in: base),
                       let nextStalls = TailCalibration.observations(column, in: next),
                       min(baseStalls, nextStalls) < TailCalibration.minimumObservations {
                        row.tooFewStalls = true
                        row.verdict = .inconclusive
                        if row.status == .regression { row.status = .worse }
                    } else if let limit, let (base, next) = sides,
                              let judged = GatedRow(row: rows.count, better: better, limit: limit, old: column.pointFromReplicates(base),
                                                    new: column.pointFromReplicates(next), pairs: pairs, planted: planted[metric] ?? 0,
                                                    widening: TailCalibration.widening(of: column)) {
                        gated.append(judged)
                    }
                }
                rows.append(row)
            }
        }
        judge(gated)
        if !noSpread.isEmpty {
            let named = noSpread.prefix(3).map { "\(rows[$0].metric) of \(rows[$0].policy)" }.joined(separator: ", ")
            cautions.append("\(noSpread.count) row\(noSpread.count == 1 ? "" : "s") (\(named)\(noSpread.count > 3 ? ", …" : "")) changed while "
                + "their replicates did not move at all: the bootstrap had too few units (one user names every session?) to measure "
                + "their noise, so they are inconclusive")
        }
        if let common, common < 200, !gated.isEmpty {
            cautions.append("the intervals' reaches are read from \(common) bootstrap replicates; the error rates in docs/STATISTICS.md "
                + "were measured with 1,000 (with 20 an unchanged run failed 17 % of the time): replay with --bootstrap 1000")
        }
        let pointJudged = rows.filter { $0.verdict != nil && $0.simultaneousInterval == nil && !$0.tooFewStalls && !$0.metric.isEmpty }
        if !pointJudged.isEmpty {
            let metrics = Array(Set(pointJudged.map(\.metric))).sorted()
            cautions.append("\(pointJudged.count) row\(pointJudged.count == 1 ? "" : "s") (\(metrics.joined(separator: ", "))) judged on "
                + "their point estimates, with no interval (the metric has none, or a run has no bootstrap.json): a point past the "
                + "limit fails without the error rate the intervals keep")
        }
        let tooFew = rows.filter(\.tooFewStalls)
        if !tooFew.isEmpty {
            let named = tooFew.prefix(3).map { "\($0.metric) of \($0.policy) on \(NetworkModel.shortSpec($0.network))" }.joined(separator: ", ")
            cautions.append("\(tooFew.count) tail row\(tooFew.count == 1 ? "" : "s") (\(named)\(tooFew.count > 3 ? ", …" : "")): too few "
                + "stalls to judge the tail (fewer than \(Int(TailCalibration.minimumObservations)) in a run's tail), inconclusive")
        }
        for metric in (maxIncrease + maxDecrease).map(\.metric) {
            guard !rows.contains(where: { $0.metric == metric && $0.status != .undefined }) else { continue }
            if base.header.contains(metric) {
                limitsJudgingNothing.append(metric)
                if !candidateTable.header.contains(metric) { candidateLacks.append(metric) }
            } else {
                unjudgedLimits.append(metric)
            }
        }
    }

    /// A row with a limit and paired replicates: its excess over the limit (worsening less the
    /// worsening allowed), at the point and replicate by replicate. A relative limit allows
    /// `amount` % of each side's own baseline, so a replicate whose baseline is 0 allows nothing
    /// and any rise in it is all excess: no replicate is left out, none divides by 0. A planted
    /// worsening of `planted` × the allowed worsening adds to the point's excess and every replicate's.
    struct GatedRow {
        var row: Int
        var better: Better
        /// The worsening the limit allows at the baseline's point (metric units).
        var allowed: Double
        var excess: Double
        var replicates: [Double?]
        /// The factor on the replicates' standard deviation (`TailCalibration.widening(of:)`).
        var widening: Double

        init?(row: Int, better: Better, limit: Threshold, old: Double?, new: Double?, pairs: [(Double, Double)?], planted: Double = 0,
              widening: Double = 1) {
            guard let old, let new, !pairs.isEmpty else { return nil }
            func excess(_ a: Double, _ b: Double) -> Double {
                let worsening = better == .lower ? b - a : a - b
                return worsening - (limit.relative ? limit.amount / 100 * abs(a) : limit.amount)
            }
            self.row = row
            self.better = better
            self.widening = widening
            allowed = limit.relative ? limit.amount / 100 * abs(old) : limit.amount
            let shift = planted * allowed
            self.excess = excess(old, new) + shift
            replicates = pairs.map { $0.map { excess($0.0, $0.1) + shift } }
        }
    }

    /// `values` in their first order, each once.
    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
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
            if verdict == .regression {
                rows[gate.row].status = .regression
            } else if rows[gate.row].status == .regression {
                rows[gate.row].status = .worse
            }
        }
        for index in rows.indices where !judged.contains(index) && !rows[index].threshold.isEmpty && !rows[index].tooFewStalls {
            switch rows[index].status {
            case .regression: rows[index].verdict = .regression
            case .unchanged, .better, .worse: rows[index].verdict = .within
            case .missingInBaseline, .missingInCandidate, .undefined: break
            }
        }
    }

    /// The change of `metric` at `key` from the baseline's row `old` to the candidate's `new`, judged
    /// on its point; each side's text as its summary.csv writes it.
    private static func compare(_ key: ReplayPoint, metric: String, better: Better, old: SummaryRow, new: SummaryRow,
                                limit: Threshold?) -> Row {
        var row = Row(policy: key.policy, network: key.network, metric: metric, baseline: old.text(metric) ?? "",
                      candidate: new.text(metric) ?? "", baselineValue: old.value(metric), candidateValue: new.value(metric),
                      threshold: limit?.description ?? "", status: .undefined)
        guard let a = row.baselineValue, let b = row.candidateValue else { return row }
        let change = b - a
        row.change = change
        row.changePercent = a == 0 ? nil : change / abs(a) * 100
        let worsening = better == .lower ? change : -change
        if worsening == 0 {
            row.status = .unchanged
        } else if worsening < 0 {
            row.status = .better
        } else {
            row.status = .worse
            if let limit {
                let crossed = limit.relative
                    ? (a == 0 || worsening / abs(a) * 100 > limit.amount)
                    : worsening > limit.amount
                if crossed { row.status = .regression }
            }
        }
        return row
    }

    /// The limits of 0 on metrics that have an interval: such a limit can never be confirmed
    /// (a run's interval has width), so every row it judges would be inconclusive at best.
    public static func zeroLimitsOnIntervals(_ limits: [Threshold], schema: MetricSchema = .standard) -> [Threshold] {
        let names = Set(schema.intervalColumns.map(\.name))
        return limits.filter { $0.amount == 0 && names.contains($0.metric) }
    }

    /// One side's summary.csv (`SummaryRow.read`): its header, its points in file order, its rows by point.
    private static func table(_ text: String, side: String, file: String, schema: MetricSchema) throws(ComparisonError)
        -> (header: [String], keys: [ReplayPoint], rows: [ReplayPoint: SummaryRow]) {
        let read: (header: [String], rows: [SummaryRow])
        do {
            read = try SummaryRow.read(text, file: file, schema: schema)
        } catch {
            // Not a table at all, or not a summary's: said as before; a bad field names its line.
            guard error.line > 1 else { throw .notASummary(side: side, file: file) }
            throw .table(error)
        }
        guard read.header.starts(with: SummaryTable.pointColumns) else { throw .notASummary(side: side, file: file) }
        var rows: [ReplayPoint: SummaryRow] = [:]
        for row in read.rows { rows[row.point] = row }
        return (read.header, read.rows.map(\.point), rows)
    }

    /// `compare.csv`.
    public var csv: String {
        var writer = CSVWriter(header: ["policy", "network", "metric", "baseline", "candidate", "change", "change_percent", "better",
                                        "threshold", "status", "change_ci_low", "change_ci_high", "verdict", "change_sim_low",
                                        "change_sim_high", "detectable_change", "change_se", "sim_bound_level", "sim_interval_level",
                                        "candidate_network"])
        for row in rows {
            let better = metrics.first { $0.name == row.metric }?.better.rawValue ?? ""
            writer.appendRow([row.policy, row.network, row.metric, row.baseline, row.candidate,
                              row.change.map(ReportFormat.number) ?? "", row.changePercent.map { String(format: "%.2f", $0) } ?? "",
                              better, row.threshold, row.status.rawValue,
                              row.changeInterval.map { ReportFormat.signedRatio($0.low) } ?? "", row.changeInterval.map { ReportFormat.signedRatio($0.high) } ?? "",
                              row.verdict?.rawValue ?? "", row.simultaneousInterval.map { ReportFormat.signedRatio($0.low) } ?? "",
                              row.simultaneousInterval.map { ReportFormat.signedRatio($0.high) } ?? "",
                              row.detectableChange.map { ReportFormat.ratio($0) } ?? "",
                              row.standardError.map { String(format: "%.4g", $0) } ?? "",
                              row.simultaneousInterval == nil ? "" : ReportFormat.number(level),
                              row.simultaneousInterval == nil ? "" : ReportFormat.number(intervalLevel),
                              row.candidateNetwork ?? ""])
        }
        return writer.text
    }
}

/// Why two runs cannot be compared.
public enum ComparisonError: Error, Sendable, CustomStringConvertible {
    /// The side's file (`files`, or the side's name) is no summary.csv at all.
    case notASummary(side: String, file: String)
    /// A summary.csv row that cannot be read: its file, line and field.
    case table(CSVTableError)

    public var description: String {
        switch self {
        case let .notASummary(side, file): "the \(side) (\(file)) is not a DeckBench summary.csv (its header must start with policy,network)"
        case let .table(error): "cannot read \(error)"
        }
    }
}
