/// One row of `tune.csv` read back: a candidate of `deckbench tune`'s race on one network as it
/// left or finished the race (`TuneTable` writes it), with its held-out figures when it was
/// shipped; or the incumbent's held-out row. The columns are declared here, below the race, so
/// that the reports read them without the race's types.
public struct TuneRow: Sendable, Equatable {
    /// tune.csv's columns, in order (`TuneTable` writes them).
    public enum Column: String, TableColumn, Sendable {
        case network, policy, status, round, why, sessions, objective, value, leader, difference
        case differenceLow = "difference_ci_low", differenceHigh = "difference_ci_high"
        case bytesPerNavigation = "bytes_per_navigation", bytesLow = "bytes_ci_low", bytesHigh = "bytes_ci_high"
        case budgetExcess = "budget_excess", budgetExcessLow = "budget_excess_ci_low", budgetExcessHigh = "budget_excess_ci_high"
        case feasibility
        case heldoutSessions = "heldout_sessions", heldoutValue = "heldout_value", heldoutLow = "heldout_ci_low"
        case heldoutHigh = "heldout_ci_high", heldoutStallRate = "heldout_stall_rate"
        case heldoutBytesPerNavigation = "heldout_bytes_per_navigation", heldoutBytesLow = "heldout_bytes_ci_low"
        case heldoutBytesHigh = "heldout_bytes_ci_high"
    }

    /// A row's status and, for one still in, why it was not shipped.
    public enum Status: String, Sendable {
        case shipped, safe, leader
        case withinDelta = "within_delta"
        case stillIn = "in"
        case undecided, out, incumbent, reference
        case betterUndecided = "better_undecided"

        /// The `why` of a row still in the race, or of the reference (empty for the others).
        public var why: String {
            switch self {
            case .safe: "no confirmed answer: within the budget, but worse by more than delta than a better_undecided one"
            case .leader: "the lowest objective; a cheaper candidate was within delta of it"
            case .stillIn: "not shown within delta of the leader"
            case .undecided: "its bytes interval holds the budget"
            case .betterUndecided: "better than the safe one by more than delta; its bytes interval holds the budget"
            case .reference: "the budget's reference"
            default: ""
            }
        }

        /// The rows the page lists as finalists: what was shipped and what came close, and the incumbent.
        public var isFinalist: Bool {
            [.shipped, .safe, .leader, .withinDelta, .betterUndecided, .incumbent].contains(self)
        }
    }

    public var point: ReplayPoint
    public var status: Status
    /// The round it left the race in, or the last it ran; nil for the incumbent.
    public var round: Int?
    /// Why it left (`TuneCandidate.Exit`'s text) or why it was not shipped (`Status.why`).
    public var why: String
    /// The race's figures: searched sessions, the objective's name and value, the leader, the
    /// paired difference to it, bytes per navigation, the budget's excess and feasibility.
    public var sessions: Int?
    public var objective: String
    public var value: Double?
    public var leader: String
    public var difference: Double?
    public var differenceLow: Double?
    public var differenceHigh: Double?
    public var bytesPerNavigation: Double?
    public var bytesLow: Double?
    public var bytesHigh: Double?
    public var budgetExcess: Double?
    public var budgetExcessLow: Double?
    public var budgetExcessHigh: Double?
    public var feasibility: String
    /// The held-out figures (the shipped candidate, the reference and the incumbent).
    public var heldoutSessions: Int?
    public var heldoutValue: Double?
    public var heldoutLow: Double?
    public var heldoutHigh: Double?
    public var heldoutStallRate: Double?
    public var heldoutBytesPerNavigation: Double?
    public var heldoutBytesLow: Double?
    public var heldoutBytesHigh: Double?

    public var policy: String { point.policy }
    public var network: String { point.network }

    /// The rows of a tune.csv (`file` names it in errors): every column required, the status
    /// one of `Status`, each numeric field a number or empty.
    public static func read(_ text: String, file: String) throws(CSVTableError) -> [TuneRow] {
        let table = try CSVTable(text: text, file: file)
        try table.require(Column.header)
        return try table.rows.map { fields throws(CSVTableError) in
            func text(_ column: Column) -> String { fields.text(column.rawValue) }
            func int(_ column: Column) throws(CSVTableError) -> Int? { try fields.int(column.rawValue) }
            func number(_ column: Column) throws(CSVTableError) -> Double? { try fields.number(column.rawValue) }
            return TuneRow(
                point: ReplayPoint(policy: text(.policy), network: text(.network)),
                status: try fields.value(Column.status.rawValue, as: Status.self), round: try int(.round), why: text(.why),
                sessions: try int(.sessions), objective: text(.objective), value: try number(.value), leader: text(.leader),
                difference: try number(.difference), differenceLow: try number(.differenceLow), differenceHigh: try number(.differenceHigh),
                bytesPerNavigation: try number(.bytesPerNavigation), bytesLow: try number(.bytesLow), bytesHigh: try number(.bytesHigh),
                budgetExcess: try number(.budgetExcess), budgetExcessLow: try number(.budgetExcessLow),
                budgetExcessHigh: try number(.budgetExcessHigh), feasibility: text(.feasibility),
                heldoutSessions: try int(.heldoutSessions), heldoutValue: try number(.heldoutValue), heldoutLow: try number(.heldoutLow),
                heldoutHigh: try number(.heldoutHigh), heldoutStallRate: try number(.heldoutStallRate),
                heldoutBytesPerNavigation: try number(.heldoutBytesPerNavigation), heldoutBytesLow: try number(.heldoutBytesLow),
                heldoutBytesHigh: try number(.heldoutBytesHigh))
        }
    }
}
