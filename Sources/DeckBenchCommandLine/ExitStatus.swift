import ArgumentParser
import DeckBench

/// The exit statuses of `deckbench`, documented in the README.
enum ExitStatus {
    /// Some input was rejected, more than `--max-rejects` allows.
    static let inputsRejected = ExitCode(1)
    /// `compare` or `history check` found a metric worse than its limit allows.
    static let regression = ExitCode(2)
    /// `tune` has no answer: no candidate within the budget, or no session to search.
    static let noAnswer = ExitCode(3)
    /// `tune` has no confirmed answer on some network: the policy it would ship is confirmed worse
    /// by more than --delta than one whose bytes straddle the budget; the team chooses (both have
    /// held-out figures; the reports are written).
    static let choice = ExitCode(4)
    /// Bad flags or arguments (ArgumentParser's own code for validation errors).
    static let usage = ExitCode(64)
    /// A file was read but its data cannot be used: recordings with no session (or, for `learn`, no
    /// step), a file of requests that is not a HAR or leaves no request, a history that is not one, is
    /// damaged (a night cut short) or holds no night to check or draw.
    static let data = ExitCode(65)
    /// A file could not be read or written.
    static let io = ExitCode(74)
    /// A team's executable added a policy that cannot be added (`DeckBenchCommand.main(adding:)`):
    /// a fault in its code, not in how it was run.
    static let software = ExitCode(70)
}

extension ExitStatus {
    /// The status the rejects of a run give: 74 when a file could not be read at all (a reject at
    /// line 0), 1 when there are more than `maxRejects`; none otherwise.
    static func check(_ rejects: [Reject], maxRejects: Int) throws {
        if rejects.contains(where: { $0.line == 0 }) { throw io }
        if rejects.count > maxRejects { throw inputsRejected }
    }
}
