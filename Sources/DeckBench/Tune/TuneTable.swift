/// `tune.csv`: every candidate on every network, as it left or finished the race — its round,
/// why, its figures then with their race intervals — and for the shipped candidate and the
/// incumbent their figures on the held-out sessions. Per network: the shipped candidate (`safe` at
/// a knee, where there is no confirmed answer), the leader when it is another, those within the
/// indifference zone, the others still in (feasible, then undecided, `better_undecided` when
/// confirmed better than the shipped one by more than delta: the one the answer names has held-out
/// figures too), those that were out, the latest first; then the incumbent's held-out row.
struct TuneTable: Sendable {
    /// The columns, declared with the reader (`TuneRow.Column`).
    static let header = TuneRow.Column.header

    let objective: TuneObjective
    let candidates: [TuneCandidate]
    /// Per network, what was shipped, and the undecided candidates better than it by more than delta.
    let choices: [TuneChoice]
    let knees: [TuneKnee?]
    /// The incumbent's spec, when one was given.
    let incumbent: String?

    /// A row's status (`TuneRow.Status`, with the reader).
    typealias Status = TuneRow.Status

    /// The file, with held-out figures from the confirmation's replay (`heldOut`, with `estimates`).
    func csv(heldOut: [PointSummary], estimates: [ReplicateEstimates?]) -> [UInt8] {
        var writer = CSVWriter(header: Self.header)
        for (network, choice) in choices.enumerated() {
            for (index, status) in order(network: network, choice: choice, knee: knees[network]) {
                let candidate = candidates[index]
                let standing = candidate.standing
                var row = [candidate.network, candidate.policy, status.rawValue, standing.map { String($0.round) } ?? "",
                           candidate.exit?.rawValue ?? status.why] + searched(standing, reference: candidate.isReference)
                let confirmed = [.shipped, .safe, .reference].contains(status) || (status == .betterUndecided && knees[network]?.named == index && knees[network]?.isChoice == true)
                row += confirmed ? heldOutFields(candidate.policy, candidate.network, heldOut, estimates) : Self.empty
                writer.appendRow(row)
            }
            if let incumbent {
                let spec = candidates[choice.shipped].network
                writer.appendRow([spec, incumbent, Status.incumbent.rawValue, "", ""] + Self.noSearch
                                 + heldOutFields(incumbent, spec, heldOut, estimates))
            }
        }
        return writer.bytes
    }

    /// The empty held-out figures, and the empty race figures of the incumbent (which did not
    /// race): as many as the columns from `heldout_sessions` on, and from `sessions` to `feasibility`.
    private static let empty = Array(repeating: "", count: TuneRow.Column.allCases.count - position(.heldoutSessions))
    private static let noSearch = Array(repeating: "", count: position(.heldoutSessions) - position(.sessions))

    private static func position(_ column: TuneRow.Column) -> Int {
        TuneRow.Column.allCases.firstIndex(of: column) ?? 0
    }

    /// The race's figures of a standing, from `sessions` to `feasibility`.
    private func searched(_ standing: TuneCandidate.Standing?, reference: Bool) -> [String] {
        let column = objective.column
        let bytes = TuneBudget.column
        return [standing.map { String($0.sessions) } ?? "", objective.rawValue, column.format(standing?.objective),
                standing?.leader ?? "", column.format(standing?.difference, signed: true),
                column.format(standing?.differenceInterval?.lowerBound, signed: true),
                column.format(standing?.differenceInterval?.upperBound, signed: true),
                bytes.format(standing?.bytesPerNavigation), bytes.format(standing?.bytesInterval?.lowerBound),
                bytes.format(standing?.bytesInterval?.upperBound), bytes.format(standing?.budgetExcess, signed: true),
                bytes.format(standing?.budgetExcessInterval?.lowerBound, signed: true),
                bytes.format(standing?.budgetExcessInterval?.upperBound, signed: true),
                reference ? "" : standing?.feasibility.rawValue ?? ""]
    }

    /// A policy's held-out figures on a network, from `heldout_sessions` on.
    private func heldOutFields(_ policy: String, _ network: String, _ heldOut: [PointSummary],
                               _ estimates: [ReplicateEstimates?]) -> [String] {
        guard let row = heldOut.firstIndex(where: { $0.policy == policy && $0.network == network }) else { return Self.empty }
        let column = objective.column
        let bytes = TuneBudget.column
        let summary = heldOut[row].summary
        let interval = estimates[row]?.interval(column)
        let bytesInterval = estimates[row]?.interval(bytes)
        return [String(summary.sessions), column.format(column.point(summary)), column.format(interval?.low), column.format(interval?.high),
                TuneObjective.stallRate.column.format(TuneObjective.stallRate.column.point(summary)), bytes.format(bytes.point(summary)),
                bytes.format(bytesInterval?.low), bytes.format(bytesInterval?.high)]
    }

    /// The network's candidates in the file's order, with their status.
    private func order(network: Int, choice: TuneChoice, knee: TuneKnee?) -> [(Int, Status)] {
        var rows: [(Int, Status)] = [(choice.shipped, knee?.isChoice == true ? .safe : .shipped)]
        if choice.leader != choice.shipped { rows.append((choice.leader, .leader)) }
        rows += choice.withinDelta.filter { $0 != choice.leader }.map { ($0, .withinDelta) }
        let listed = Set(rows.map(\.0))
        let others = candidates.indices.filter { candidates[$0].networkIndex == network && !listed.contains($0) && !candidates[$0].isReference }
        rows += others.filter { candidates[$0].isIn && !choice.undecided.contains($0) }.map { ($0, .stillIn) }
        rows += choice.undecided.map { ($0, knee?.better.contains($0) == true ? .betterUndecided : .undecided) }
        rows += others.filter { !candidates[$0].isIn }
            .sorted { (-(candidates[$0].standing?.round ?? 0), $0) < (-(candidates[$1].standing?.round ?? 0), $1) }
            .map { ($0, .out) }
        rows += candidates.indices.filter { candidates[$0].networkIndex == network && candidates[$0].isReference }.map { ($0, .reference) }
        return rows
    }
}
