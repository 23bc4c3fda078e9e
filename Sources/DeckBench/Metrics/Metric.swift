import Foundation

/// One measured quantity of a replay, declared once: its CSV name, what it reads from a session's
/// metrics, its unit, how sessions add up into a summary row, which way is better and what it
/// means. A `MetricSchema`, a list of them, makes every report column from it: both CSV layouts,
/// `distributions.csv`, `compare`'s checks, the HTML report's table and the column tables of
/// reports/README.md.
///
/// Adding a metric: a stored property of `SessionMetrics` (or a `Distribution` of
/// `MetricsSummary`), the replay code that measures it, and one descriptor in
/// `Metric.standardList` (`MetricSchema.standard` is the schema made of it); `interval: true` on a ratio of counts gives it a bootstrap interval
/// (summary.csv's `_ci_low`/`_ci_high`, paired.csv, compare's paired check) with nothing else to
/// touch.
public struct Metric: Sendable {
    /// A count of `SessionMetrics` that sessions add up (a stored property).
    public typealias Count = WritableKeyPath<SessionMetrics, Int> & Sendable

    /// What `sessions.csv` shows for one session.
    public enum SessionValue: Sendable {
        /// A whole number of the session (a count, or any integer computed from its metrics); a
        /// stored count adds up over sessions.
        case integer(KeyPath<SessionMetrics, Int> & Sendable)
        /// The session's largest value of something (a peak, a longest stall); over sessions the
        /// largest one is kept.
        case maximum(Count)
        /// A whole number that may be undefined for the session (an empty field).
        case optionalInteger(KeyPath<SessionMetrics, Int?> & Sendable)
        /// numerator / denominator with four decimals; empty when the denominator is 0.
        case ratio(KeyPath<SessionMetrics, Int> & Sendable, over: KeyPath<SessionMetrics, Int> & Sendable)
    }

    /// How a `summary.csv` row combines the sessions of one policy × network.
    public enum Aggregate: Sendable {
        /// The number of sessions.
        case sessions
        /// The sum of a count over sessions.
        case sum(Count)
        /// The largest value of a count over sessions.
        case max(Count)
        /// sum(numerator) / sum(denominator), four decimals; empty when the denominator sums to 0.
        case ratioOfSums(Count, over: Count)
        /// The same as a whole number (integer division).
        case quotientOfSums(Count, over: Count)
        /// p50, p90, p99 and max (four columns `NAME_p50` … `NAME_max`) of a distribution that the
        /// replay records value by value; it is also a block of `distributions.csv`.
        case percentiles(KeyPath<MetricsSummary, Distribution> & Sendable)
        /// The mean of the largest `share` of a distribution's values (`Distribution.tailMean`),
        /// four decimals; empty when it holds none.
        case tailMean(KeyPath<MetricsSummary, Distribution> & Sendable, share: Double)
    }

    /// What a value counts, for the docs.
    public enum Unit: String, Sendable {
        case sessions, navigations, count, ms, bytes, ratio, pages
        case operations = "list operations"
    }

    /// Which way a change is good; `compare` judges only metrics that have one.
    public enum Better: String, Sendable {
        case lower, higher
    }

    /// A column of a percentile metric.
    public enum Statistic: String, Sendable, CaseIterable {
        case p50, p90, p99, max

        /// The statistic of a distribution that holds values.
        func value(of distribution: Distribution) -> Int {
            switch self {
            case .p50: distribution.value(at: 50)
            case .p90: distribution.value(at: 90)
            case .p99: distribution.value(at: 99)
            case .max: distribution.max
            }
        }

        /// Every statistic of a percentile metric, in column order, or empty fields when nothing
        /// was recorded.
        static func fields(of distribution: Distribution) -> [String] {
            allCases.map { distribution.count > 0 ? String($0.value(of: distribution)) : "" }
        }
    }

    /// Which of a metric's summary columns something takes: none, all, or (for percentiles) some.
    public enum Columns: Sendable {
        case none, all
        case only([Statistic])
    }

    public let name: String
    public let unit: Unit
    public let better: Better?
    /// Its `sessions.csv` column; nil when it has none.
    public let session: SessionValue?
    /// Its `summary.csv` column(s); nil when it has none.
    public let summary: Aggregate?
    /// The summary columns `deckbench compare` judges (only with a `better` direction).
    public let compared: Columns
    /// The summary columns in the HTML report's per-policy table.
    public let reported: Columns
    /// What it means, one line for reports/README.md.
    public let meaning: String
    /// Its name in the HTML report's table headers.
    public let label: String
    /// What its `sessions.csv` column means, when that reads differently from `meaning`.
    public let sessionMeaning: String?
    /// Whether its summary has a bootstrap interval: a ratio (or quotient) of two counts, whose
    /// totals the bootstrap buckets keep (`BootstrapReplicates.counts`, made from the standard
    /// metrics that declare one), or a tail of `stall_ms` (its p99 over all navigations or over the
    /// stalled ones, the mean of its worst 1 %), whose stall times are kept by group.
    public let interval: Bool

    public init(_ name: String, unit: Unit, better: Better? = nil, session: SessionValue? = nil, summary: Aggregate? = nil,
                compared: Columns = .none, reported: Columns = .none, interval: Bool = false, label: String? = nil, meaning: String,
                sessionMeaning: String? = nil) {
        self.name = name
        self.unit = unit
        self.better = better
        self.session = session
        self.summary = summary
        self.compared = better == nil ? .none : compared
        self.reported = reported
        self.meaning = meaning
        // Characters mapped in Swift, not Foundation's `replacingOccurrences` (a bridge through
        // NSString and two runtime conformance scans at every start, for every standard metric).
        self.label = label ?? String(name.map { $0 == "_" ? " " : $0 })
        self.sessionMeaning = sessionMeaning
        self.interval = interval
    }

    /// The two counts of a ratio or quotient summary; nil for any other.
    var ratioCounts: (numerator: Count, denominator: Count)? {
        switch summary {
        case let .ratioOfSums(numerator, denominator), let .quotientOfSums(numerator, denominator): (numerator, denominator)
        default: nil
        }
    }

    /// A count that is its own column in both files, summed over sessions.
    public static func count(_ name: String, _ count: Count, unit: Unit = .count, better: Better? = nil,
                             compared: Bool = false, reported: Bool = false, meaning: String, sessionMeaning: String? = nil) -> Metric {
        Metric(name, unit: unit, better: better, session: .integer(count), summary: .sum(count), compared: compared ? .all : .none,
               reported: reported ? .all : .none, meaning: meaning, sessionMeaning: sessionMeaning)
    }

    /// Its summary column names: the name, or one per percentile statistic.
    public var summaryColumns: [String] {
        switch summary {
        case nil: []
        case .percentiles: Statistic.allCases.map { "\(name)_\($0.rawValue)" }
        default: [name]
        }
    }

    /// The summary column of a percentile metric's `statistic`.
    public func column(_ statistic: Statistic) -> String {
        "\(name)_\(statistic.rawValue)"
    }

    /// The summary columns `columns` selects, each with its statistic (nil for a one-column metric).
    func summaryColumns(_ columns: Columns) -> [(name: String, statistic: Statistic?)] {
        switch (columns, summary) {
        case (.none, _), (_, nil): []
        case (.all, .percentiles): Statistic.allCases.map { (column($0), $0) }
        case let (.only(statistics), .percentiles): statistics.map { (column($0), $0) }
        case (.all, _), (.only, _): [(name, nil)]
        }
    }

    /// Its summary field(s) for the sessions of `summary`.
    func summaryFields(_ summary: MetricsSummary) -> [String] {
        let totals = summary.totals
        switch self.summary {
        case nil: return []
        case .sessions: return [String(summary.sessions)]
        case let .sum(count), let .max(count): return [String(totals[keyPath: count])]
        case let .ratioOfSums(numerator, denominator): return [ReportFormat.ratio(totals[keyPath: numerator], totals[keyPath: denominator])]
        case let .quotientOfSums(numerator, denominator):
            let divisor = totals[keyPath: denominator]
            return [divisor == 0 ? "" : String(totals[keyPath: numerator] / divisor)]
        case let .percentiles(distribution): return Statistic.fields(of: summary[keyPath: distribution])
        case let .tailMean(distribution, share): return [ReportFormat.ratio(summary[keyPath: distribution].tailMean(share))]
        }
    }

    /// Its `sessions.csv` field for one session (the reference for `SessionsTable`'s byte path).
    func sessionField(_ metrics: SessionMetrics) -> String? {
        switch session {
        case nil: nil
        case let .integer(value): String(metrics[keyPath: value])
        case let .maximum(value): String(metrics[keyPath: value])
        case let .optionalInteger(value): metrics[keyPath: value].map(String.init) ?? ""
        case let .ratio(numerator, denominator): ReportFormat.ratio(metrics[keyPath: numerator], metrics[keyPath: denominator])
        }
    }
}
