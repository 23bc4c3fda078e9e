extension Comparison {
    /// One metric of one policy × network, or a row present on one side only.
    ///
    /// Each value is held once: the numbers, the change and the status are read from the two
    /// sides' texts, the metric's direction, the limit and the verdict.
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

        /// One of the two runs compared.
        public enum Side: Sendable {
            case baseline, candidate
        }

        public var policy: String
        /// The baseline's network (the candidate's, for a row new in the candidate).
        public var network: String
        /// The candidate's network when it is another spec of the same series (`NetworkSeries`:
        /// `lte` → `lte:rtt_ms=200`): the rows are paired and judged, under a changed model.
        public var candidateNetwork: String? = nil
        /// Empty for a row present on one side only.
        public var metric: String
        /// The metric's good direction; nil for a row present on one side only.
        public var better: Better?
        /// Each side's value as its summary.csv writes it (what compare prints), empty when undefined.
        public var baseline: String
        public var candidate: String
        /// The limit on the metric's worsening; nil when it has none.
        public var limit: Threshold?
        /// The run that lacks this policy × network; nil when both have it.
        public var missingIn: Side?
        /// The 95 % paired interval of `change` on its own (percentile method), when both runs have
        /// bootstrap buckets for the row.
        public var changeInterval: (low: Double, high: Double)?
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

        /// `metric` at `point` as the two summaries write it.
        init(_ point: ReplayPoint, metric: String, better: Better, baseline: String, candidate: String, limit: Threshold?) {
            self.policy = point.policy
            self.network = point.network
            self.metric = metric
            self.better = better
            self.baseline = baseline
            self.candidate = candidate
            self.limit = limit
        }

        /// The row of a policy × network that `side` lacks.
        init(_ point: ReplayPoint, missingIn side: Side) {
            self.init(point, metric: "", better: .lower, baseline: "", candidate: "", limit: nil)
            better = nil
            missingIn = side
        }

        /// Each side's value as a number, as the summary's reader reads it; nil when undefined.
        public var baselineValue: Double? { Double(baseline) }
        public var candidateValue: Double? { Double(candidate) }

        /// candidate − baseline; nil unless both are defined.
        public var change: Double? {
            guard let a = baselineValue, let b = candidateValue else { return nil }
            return b - a
        }

        /// `change` in % of the baseline's magnitude; nil when the baseline is 0.
        public var changePercent: Double? {
            guard let change, let a = baselineValue, a != 0 else { return nil }
            return change / abs(a) * 100
        }

        /// `limit` as the flag gave it (`10%`, `20`); empty without one.
        public var threshold: String { limit?.description ?? "" }

        /// The change in the metric's bad direction (negative when it improved).
        var worsening: Double? {
            guard let change, let better else { return nil }
            return better == .lower ? change : -change
        }

        public var status: Status {
            if let missingIn { return missingIn == .baseline ? .missingInBaseline : .missingInCandidate }
            if verdict == .regression { return .regression }
            guard let worsening else { return .undefined }
            return worsening == 0 ? .unchanged : worsening < 0 ? .better : .worse
        }

        /// Whether the point estimates alone worsen past the limit; a relative limit on a baseline
        /// of 0 allows no worsening at all.
        var isPastLimitAtPoint: Bool {
            guard let limit, let worsening, let a = baselineValue, worsening > 0 else { return false }
            return limit.relative ? (a == 0 || worsening / abs(a) * 100 > limit.amount) : worsening > limit.amount
        }
    }
}
