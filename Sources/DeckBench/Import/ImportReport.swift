/// What importing one file gave: rows read, sessions written and the gestures in them, and what
/// was rejected, each reject as `file:line: session "id" rejected: reason`.
package struct ImportReport: Sendable {
    public var input: String
    public var output: String
    public var rows = 0
    public var sessions = 0
    public var swipes = 0
    public var cancels = 0
    public var taps = 0
    public var jumps = 0
    public var scrolls = 0
    public var rejectedSessions = 0
    public var rejectedRows = 0
    /// The first `rejectsKept` rejects, each as `file:line: … rejected: reason`; the others are
    /// counted in `rejectsLeftOut` (a file sorted by time would give one a row, hundreds of
    /// thousands of lines on stderr).
    public var rejects: [String] = []
    public private(set) var rejectsLeftOut = 0
    public static let rejectsKept = 20
    /// The times between the written sessions' actions.
    public var pace = ImportPace()
    /// What the command says on stderr besides the rejects (a pace too fast or too slow for a
    /// person on too few intervals to refuse the file).
    public var warnings: [String] = []

    public init(input: String, output: String) {
        self.input = input
        self.output = output
    }

    /// A session written with `events`.
    mutating func written(_ events: [Event]) {
        sessions += 1
        for event in events {
            switch event.kind {
            case let .swipe(_, _, cancelled): if cancelled { cancels += 1 } else { swipes += 1 }
            case .tap: taps += 1
            case .jump: jumps += 1
            case .scroll: scrolls += 1
            case .end: break
            }
        }
    }

    /// Session `id` and its `rows` rows rejected for `reason`, found at `line`.
    mutating func rejected(_ id: String, line: Int, reason: String, rows: Int) {
        rejectedSessions += 1
        rejectedRows += rows
        if firstSessionReject == nil { firstSessionReject = "line \(line): \(reason)" }
        keep("\(input):\(line): session \"\(id)\" rejected: \(reason)")
    }

    /// The first session rejected: its line and why.
    private(set) var firstSessionReject: String?

    /// `rows` rows from `line` on rejected for `reason`, their session dealt with already.
    mutating func rejectedRows(line: Int, reason: String, rows: Int) {
        rejectedRows += rows
        keep("\(input):\(line): \(rows) row\(rows == 1 ? "" : "s") rejected: \(reason)")
    }

    /// `count` rows that belong to no session, past those kept (`rejectsKept`).
    mutating func rejectedRowsNotKept(_ count: Int) {
        rejectedRows += count
        rejectsLeftOut += count
    }

    /// A row that belongs to no session, at `line`, for `reason`.
    mutating func rejectedRow(line: Int, reason: String) {
        rejectedRows += 1
        keep("\(input):\(line): row rejected: \(reason)")
    }

    private mutating func keep(_ reject: String) {
        if rejects.count < Self.rejectsKept { rejects.append(reject) } else { rejectsLeftOut += 1 }
    }

    /// One line for the terminal.
    public var summary: String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(input) -> \(output): \(counted(rows, "row")), \(counted(sessions, "session")) (\(counted(swipes, "swipe")), "
            + "\(cancels) cancelled, \(counted(taps, "tap")), \(counted(jumps, "jump")), \(counted(scrolls, "scroll"))), "
            + "\(counted(rejectedSessions, "session")) and \(counted(rejectedRows, "row")) rejected"
    }
}
