import CSV
import Foundation

/// `deckbench compare`: the change of each key metric between two runs' `summary.csv`, per
/// policy × network, judged against thresholds, so that a nightly job fails on a regression.
public struct Comparison: Sendable {
    public typealias Better = Metric.Better
    public typealias Threshold = ComparisonThreshold

    /// The metrics compared, in `summary.csv`'s column order, with their good direction.
    public let metrics: [(name: String, better: Better)]

    /// One metric of one policy × network, or a row present on one side only.
    public struct Row: Sendable {
        public enum Status: String, Sendable {
            case unchanged, better, worse, regression
            case missingInBaseline = "missing in baseline"
            case missingInCandidate = "missing in candidate"
            case undefined = "n/a"
        }

        public var policy: String
        public var network: String
        public var metric: String
        public var baseline: String
        public var candidate: String
        public var change: Double?
        public var changePercent: Double?
        /// The 95 % paired interval of `change`, when both runs have bootstrap buckets for the row.
        public var changeInterval: (low: Double, high: Double)?
        public var threshold: String
        public var status: Status
    }

    /// How a threshold is judged: on the paired interval of the change (`ci`: a regression only
    /// when the whole interval is past it; metrics without an interval fall back to the point)
    /// or on the point estimate (`point`).
    public enum Gate: String, Sendable, CaseIterable {
        case ci, point
    }

    /// Both runs' bootstrap buckets, for the `ci` gate.
    public struct Pairing: Sendable {
        public var baseline: BootstrapFile
        public var candidate: BootstrapFile

        public init(baseline: BootstrapFile, candidate: BootstrapFile) {
            self.baseline = baseline
            self.candidate = candidate
        }
    }

    public var rows: [Row] = []

    /// Whether a policy × network of the baseline that the candidate lacks is allowed; when not,
    /// it is a regression (a nightly that stopped replaying something must not pass).
    public let allowMissing: Bool

    /// Regressions, and rows missing in the candidate unless `allowMissing`.
    public var regressions: Int { rows.count(where: isRegression) }

    public func isRegression(_ row: Row) -> Bool {
        row.status == .regression || (row.status == .missingInCandidate && !allowMissing)
    }

    /// The metrics given a limit that the baseline predates (its summary.csv has no such column):
    /// they judge nothing, said on stderr, so that nightlies survive a new column.
    public private(set) var unjudgedLimits: [String] = []

    /// The metrics given a limit that judged no row although the baseline has the column: no
    /// policy × network in common, or no row with a value on both sides. Such a gate could never
    /// fail, so it is an error.
    public private(set) var limitsJudgingNothing: [String] = []

    /// Compares two `summary.csv` texts on the metrics `schema` compares; `increase` limits metrics
    /// better lower, `decrease` those better higher.
    /// With `pairing`, metrics that have intervals are judged on the paired interval of their change.
    public init(baseline: String, candidate: String, maxIncrease: [Threshold], maxDecrease: [Threshold],
                schema: MetricSchema = .standard, pairing: Pairing? = nil, allowMissing: Bool = false) throws(ComparisonError) {
        metrics = schema.comparedColumns
        self.allowMissing = allowMissing
        let intervalColumns = Dictionary(schema.intervalColumns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let weights = (pairing?.baseline.rows.first?.replicates.replicates).map { BootstrapWeights(replicates: $0) }
        let base = try Self.table(baseline, side: "baseline")
        let candidateTable = try Self.table(candidate, side: "candidate")
        let keys = base.keys + candidateTable.keys.filter { base.rows[$0] == nil }
        for key in keys {
            guard let old = base.rows[key] else {
                rows.append(Row(policy: key.policy, network: key.network, metric: "", baseline: "", candidate: "", threshold: "",
                                status: .missingInBaseline))
                continue
            }
            guard let new = candidateTable.rows[key] else {
                rows.append(Row(policy: key.policy, network: key.network, metric: "", baseline: "", candidate: "", threshold: "",
                                status: .missingInCandidate))
                continue
            }
            let estimates = pairing.flatMap { pairing -> (ReplicateEstimates, ReplicateEstimates)? in
                guard let weights, let base = pairing.baseline.replicates(policy: key.policy, network: key.network),
                      let next = pairing.candidate.replicates(policy: key.policy, network: key.network),
                      let baseEstimates = ReplicateEstimates(base, weights: weights, columns: Array(intervalColumns.values)),
                      let nextEstimates = ReplicateEstimates(next, weights: weights, columns: Array(intervalColumns.values)) else { return nil }
                return (baseEstimates, nextEstimates)
            }
            for (metric, better) in metrics {
                let limit = (better == .lower ? maxIncrease : maxDecrease).first { $0.metric == metric }
                var row = Self.compare(policy: key.policy, network: key.network, metric: metric, better: better,
                                       old: old[metric] ?? "", new: new[metric] ?? "", limit: limit)
                if let (baseEstimates, nextEstimates) = estimates, let column = intervalColumns[metric] {
                    Self.judgeOnInterval(&row, better: better, limit: limit, baseline: baseEstimates.values(column),
                                         candidate: nextEstimates.values(column))
                }
                rows.append(row)
            }
        }
        for metric in (maxIncrease + maxDecrease).map(\.metric) {
            guard !rows.contains(where: { $0.metric == metric && $0.status != .undefined }) else { continue }
            if base.header.contains(metric) { limitsJudgingNothing.append(metric) } else { unjudgedLimits.append(metric) }
        }
    }

    private static func compare(policy: String, network: String, metric: String, better: Better, old: String, new: String,
                                limit: Threshold?) -> Row {
        var row = Row(policy: policy, network: network, metric: metric, baseline: old, candidate: new,
                      threshold: limit?.description ?? "", status: .undefined)
        guard let a = Double(old), let b = Double(new) else { return row }
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

    /// The paired interval of the change (replicate by replicate: the same sessions weighed alike in
    /// both runs), and the status it gives: a regression only when the whole interval of the
    /// worsening is past the limit (relative limits against each replicate's baseline).
    static func judgeOnInterval(_ row: inout Row, better: Better, limit: Threshold?, baseline: [Double?], candidate: [Double?]) {
        let pairs = zip(baseline, candidate).compactMap { a, b in a.flatMap { a in b.map { (a, $0) } } }
        guard let interval = BootstrapReplicates.percentiles(pairs.map { $1 - $0 }) else { return }
        row.changeInterval = interval
        guard row.status == .regression || row.status == .worse, let limit else { return }
        let worsenings = pairs.compactMap { a, b -> Double? in
            let worsening = better == .lower ? b - a : a - b
            guard limit.relative else { return worsening }
            // As for the point: any worsening from a baseline of 0 crosses a relative limit.
            guard a != 0 else { return worsening > 0 ? .infinity : worsening < 0 ? -.infinity : 0 }
            return worsening / abs(a) * 100
        }
        guard let least = BootstrapReplicates.percentiles(worsenings)?.low else { return }
        row.status = least > limit.amount ? .regression : .worse
    }

    private static func table(_ text: String, side: String) throws(ComparisonError)
        -> (header: [String], keys: [ComparisonKey], rows: [ComparisonKey: [String: String]]) {
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true), let header = reader.headerRow,
              header.count > 1, header[0] == "policy", header[1] == "network"
        else { throw .notASummary(side: side) }
        var keys: [ComparisonKey] = []
        var rows: [ComparisonKey: [String: String]] = [:]
        while let record = reader.next() {
            guard record.count == header.count else { continue }
            let key = ComparisonKey(policy: record[0], network: record[1])
            keys.append(key)
            rows[key] = Dictionary(uniqueKeysWithValues: zip(header, record))
        }
        return (header, keys, rows)
    }

    /// `compare.csv`.
    public var csv: String {
        var writer = CSVWriter(header: ["policy", "network", "metric", "baseline", "candidate", "change", "change_percent", "better",
                                        "threshold", "status", "change_ci_low", "change_ci_high"])
        for row in rows {
            let better = metrics.first { $0.name == row.metric }?.better.rawValue ?? ""
            writer.appendRow([row.policy, row.network, row.metric, row.baseline, row.candidate,
                              row.change.map(ReportFormat.number) ?? "", row.changePercent.map { String(format: "%.2f", $0) } ?? "",
                              better, row.threshold, row.status.rawValue,
                              row.changeInterval.map { ReportFormat.signedRatio($0.low) } ?? "", row.changeInterval.map { ReportFormat.signedRatio($0.high) } ?? ""])
        }
        return writer.text
    }
}

/// The key of a summary row.
public struct ComparisonKey: Hashable, Sendable {
    public var policy: String
    public var network: String
}

/// Why two runs cannot be compared.
public enum ComparisonError: Error, Sendable, CustomStringConvertible {
    case notASummary(side: String)

    public var description: String {
        switch self {
        case let .notASummary(side): "the \(side) is not a DeckBench summary.csv (its header must start with policy,network)"
        }
    }
}
