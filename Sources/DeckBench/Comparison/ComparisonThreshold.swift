/// A limit on how much a metric may get worse between two runs: relative (`10%`) or absolute (`20`).
public struct ComparisonThreshold: Sendable, Hashable, CustomStringConvertible {
    public var metric: String
    public var amount: Double
    public var relative: Bool

    public init(metric: String, amount: Double, relative: Bool) {
        self.metric = metric
        self.amount = amount
        self.relative = relative
    }

    public var description: String { relative ? "\(ReportFormat.number(amount))%" : ReportFormat.number(amount) }

    /// The flag that limits metrics better `better`: a rise of a metric better lower, a fall of one
    /// better higher.
    public static func flag(for better: Metric.Better) -> String {
        better == .lower ? "--max-increase" : "--max-decrease"
    }

    /// Parses `metric=10%,other=5` given to the flag that limits metrics better `side`; the metrics
    /// are those `schema` compares. A metric better the other way is refused (its limit could never
    /// be crossed), and so is a name `schema` does not compare.
    public static func parse(_ text: String, side: Metric.Better, schema: MetricSchema = .standard) throws(ThresholdError) -> [Self] {
        let flag = flag(for: side)
        let compared = schema.comparedColumns
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { (pair) throws(ThresholdError) -> Self in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !String(parts[0]).trimmingSpaces.isEmpty else {
                throw .malformed(flag: flag, text: text, pair: String(pair))
            }
            let metric = String(parts[0]).trimmingSpaces
            guard let better = compared.first(where: { $0.name == metric })?.better else {
                throw .unknownMetric(flag: flag, metric: metric, valid: compared.map(\.name))
            }
            guard better == side else { throw .wrongSide(flag: flag, metric: metric, better: better) }
            var amount = String(parts[1]).trimmingSpaces
            let relative = amount.hasSuffix("%")
            if relative { amount.removeLast() }
            guard let value = Double(amount.trimmingSpaces), value >= 0, value.isFinite else {
                throw .badAmount(flag: flag, metric: metric, amount: String(parts[1]))
            }
            return Self(metric: metric, amount: value, relative: relative)
        }
    }
}

/// Why a `--max-increase` or `--max-decrease` value is refused; each message names the flag, the
/// metric and what to type instead.
public enum ThresholdError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(flag: String, text: String, pair: String)
    case unknownMetric(flag: String, metric: String, valid: [String])
    case wrongSide(flag: String, metric: String, better: Metric.Better)
    case badAmount(flag: String, metric: String, amount: String)

    public var description: String {
        switch self {
        case let .malformed(flag, text, pair):
            "\(flag) \"\(text)\": expected metric=amount, got \"\(pair)\""
        case let .unknownMetric(flag, metric, valid):
            "\(flag): unknown metric \"\(metric)\""
                + (Self.nearest(metric, in: valid).map { " (did you mean \($0)?)" } ?? "")
                + "; compare judges: \(valid.joined(separator: ", "))"
        case let .wrongSide(flag, metric, better):
            "\(flag) \(metric): \(metric) is better \(better.rawValue), so it cannot regress by "
                + (better == .higher ? "rising" : "falling") + ": use \(ComparisonThreshold.flag(for: better)) \(metric)=..."
        case let .badAmount(flag, metric, amount):
            "\(flag) \(metric): the amount must be a number ≥ 0 or a percentage like 10%, got \"\(amount)\""
        }
    }

    /// The valid name closest to a mistyped one, when it is close (at most two edits).
    static func nearest(_ name: String, in valid: [String]) -> String? {
        let scored = valid.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two names.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0 ... b.count)
        for i in 1 ... max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
