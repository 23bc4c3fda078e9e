/// `history check`: in each series that has a limit, the lasting changes among the recent nights
/// (`ChangePointSearch`), judged against the limit.
///
/// A night on which what made the runs changed and stayed changed (new recordings, new flags, a
/// new network, a new DeckBench version: `HistorySeries.cause`) splits its series: the step on
/// that night is *explained* (said, never failed), and each part is searched on its own, with its
/// own nights as the baseline, so an explained change neither hides a later one nor lends its
/// nights to a start placed before it. In a part, the most evident change that has held
/// `minNights` *fails* the check when its whole interval lies past the limit; a change (its
/// interval excluding none) whose estimate is past the limit but whose interval is not is
/// *unconfirmed*: said with the smallest change the history could have confirmed, and not failed.
public struct HistoryCheck: Sendable {
    public var limits: [Comparison.Threshold]
    public var search: ChangePointSearch
    public var schema: MetricSchema

    public init(limits: [Comparison.Threshold], search: ChangePointSearch = ChangePointSearch(), schema: MetricSchema = .standard) {
        self.limits = limits
        self.search = search
        self.schema = schema
    }

    /// A series' change past its limit, confirmed or not.
    public struct Finding: Sendable {
        public enum Verdict: Sendable, Hashable {
            /// Its whole interval lies past the limit, and nothing but the code explains it.
            case fails
            /// Its step came with a lasting change of what made the runs (the cause).
            case explained(String)
            /// Its estimate is past the limit, its interval holds the limit.
            case unconfirmed
        }

        public var series: HistorySeries
        public var change: ChangePointSearch.Change
        /// The change in the metric's own direction (negative for a decrease).
        public var size: Double
        public var low: Double
        public var high: Double
        public var limit: Double
        /// The smallest change (in the metric's own direction, as a magnitude) this history would
        /// confirm past the limit about half the time: the limit plus the interval's reach.
        public var detectable: Double
        /// The row (in `series.rows`) of the change's first night.
        public var startRow: Int
        public var verdict: Verdict

        public var fails: Bool { verdict == .fails }

        /// The verdict as a word: "FAIL", "unconfirmed", "explained (new flags)".
        public var verdictWord: String {
            switch verdict {
            case .fails: "FAIL"
            case let .explained(cause): "explained (\(cause))"
            case .unconfirmed: "unconfirmed"
            }
        }

        /// Since when, in words: "from night 20 (label, run …) on" for a step, "creeping since
        /// night 20 (…), +0.0011 a night" for a creep.
        public var since: String { since(HistoryCheck.signed) }

        /// `since` with the creep's rise a night written by `amount`.
        public func since(_ amount: (Double) -> String) -> String {
            let row = series.rows[startRow], night = series.nightNumbers[startRow]
            let name = row.label.isEmpty ? "run \(row.run)" : "\(row.label), run \(row.run)"
            return switch change.shape {
            case .step: "from night \(night) (\(name)) on"
            case .creep: "creeping since night \(night) (\(name)), \(amount(size / Double(change.nights))) a night"
            }
        }

        /// What `history check` prints of it: "FAIL stall_rate of fixed on lte: +0.0121 (95 % CI
        /// +0.0083 … +0.0159) from night 20 (label, run …) on, 11 nights; limit 0.005, detectable 0.0071".
        public var line: String {
            "\(verdictWord) \(series.metric) of \(series.policy) on \(series.network): \(HistoryCheck.signed(size)) (95 % CI "
                + "\(HistoryCheck.signed(low)) … \(HistoryCheck.signed(high))) \(since), \(change.nights) night\(change.nights == 1 ? "" : "s"); "
                + "limit \(HistoryCheck.number(limit)), detectable \(HistoryCheck.number(detectable))"
        }

        /// What explains it besides the code, if anything.
        public var cause: String? {
            if case let .explained(cause) = verdict { return cause }
            return nil
        }
    }

    /// The check's verdict on a history with `failed` failing changes, as its last line says it.
    public static func verdict(failed: Int) -> String {
        failed == 0 ? "no lasting change past a limit" : failed == 1 ? "1 lasting change past its limit"
            : "\(failed) lasting changes past their limits"
    }

    /// A number for a reader: whole from 100 on, else three significant digits.
    public static func number(_ value: Double) -> String {
        abs(value) >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }

    /// A signed number for a reader ("+0.0121", "-3").
    public static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + number(value)
    }

    /// Every series' changes past its limit, in the history's order, each series' by night.
    public func findings(_ history: HistoryFile) -> [Finding] {
        HistorySeries.all(history).flatMap { series -> [Finding] in
            guard let limit = limits.first(where: { $0.metric == series.metric }),
                  let better = schema.comparedColumns.first(where: { $0.name == series.metric })?.better else { return [] }
            return findings(series, limit: limit, sign: better == .lower ? 1 : -1)
        }
    }

    private func findings(_ series: HistorySeries, limit: Comparison.Threshold, sign: Double) -> [Finding] {
        let valued = series.judgedNights
        // A decrease of a metric better higher is an increase of its negation.
        let nights = valued.map(\.night).map { sign > 0 ? $0 : ChangePointSearch.negated($0) }
        let (causes, parts) = series.parts
        let tested = search.starts(count: nights.count).count
        let windowStart = nights.count - search.window
        var found: [Finding] = []
        var judgedStarts: [Int: Int] = [:]
        for part in parts {
            // The step and the creep, each where it is most evident; the one judged the more
            // severely is said (a failure before an unconfirmed change, the step on a tie).
            let step = search.judgedIncrease(nights, part: part)
            let said = [step, search.judgedCreep(nights, part: part)].compactMap { $0 }.compactMap { change in
                judged(finding(series, change, limit: limit, sign: sign, row: valued[change.start].row, verdict: .fails))
            }
            let chosen = said.last(where: \.fails) ?? said.last
            if let change = chosen?.change ?? step, change.low > 0 { judgedStarts[part.lowerBound] = change.start }
            if let chosen { found.append(chosen) }
        }
        // A cause's step is measured up to the next cause, or to a change found after it.
        for (index, cause) in causes.enumerated() where cause.night >= windowStart {
            let before = index == 0 ? 0 : causes[index - 1].night
            let end = judgedStarts[cause.night] ?? (index + 1 < causes.count ? causes[index + 1].night : nights.count)
            if let change = search.change(at: cause.night, nights, part: before ..< end, tested: tested) {
                found.append(finding(series, change, limit: limit, sign: sign, row: valued[cause.night].row, verdict: .explained(cause.cause)))
            }
        }
        return found.compactMap(judged).sorted { $0.startRow < $1.startRow }
    }

    /// `finding` as the check says it, or nil when it is not said: past the limit with its whole
    /// interval it stands; with its estimate only, a change (its interval excluding none) is
    /// unconfirmed and an explained one is not said.
    private func judged(_ finding: Finding) -> Finding? {
        let allowed = finding.limit
        guard finding.change.size > allowed else { return nil }
        var finding = finding
        if finding.verdict == .fails, finding.change.low <= allowed {
            // A change at all (its interval excludes none) whose size this history cannot place
            // past the limit; noise whose estimate happens to pass the limit is not one.
            guard finding.change.low > 0 else { return nil }
            finding.verdict = .unconfirmed
        }
        if case .explained = finding.verdict, finding.change.low <= allowed { return nil }
        return finding
    }

    private func finding(_ series: HistorySeries, _ change: ChangePointSearch.Change, limit: Comparison.Threshold, sign: Double,
                         row: Int, verdict: Finding.Verdict) -> Finding {
        let allowed = limit.relative ? limit.amount / 100 * abs(change.baseline) : limit.amount
        return Finding(series: series, change: change, size: sign * change.size, low: sign > 0 ? change.low : -change.high,
                       high: sign > 0 ? change.high : -change.low, limit: allowed,
                       detectable: allowed + change.critical * change.standardError, startRow: row, verdict: verdict)
    }
}
