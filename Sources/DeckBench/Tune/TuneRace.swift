/// The rounds of `tune`'s race on the searched sessions: every candidate replays the first block,
/// then each round the candidates still in on a network where more than one is in replay the next
/// block, and `RaceRule` judges them on every searched session replayed so far. A candidate that
/// leaves keeps its standing, not its sums, so memory follows the live ones.
struct TuneRace {
    private(set) var candidates: [TuneCandidate]
    /// The rule as given; each network's judgements use it with `looks` set to the rounds left from
    /// the first whose sessions meet the minimum.
    let rule: RaceRule
    /// Per network, the rule its judgements use, once its sessions meet the minimum (nil before).
    private(set) var judging: [RaceRule?]
    let weights: BootstrapWeights
    /// Each network's leader at its last judgement (nil: no candidate was feasible).
    private(set) var leaders: [Int?]
    /// Candidate-session replays made on each network.
    private(set) var replays: [Int]
    /// Searched sessions replayed, and the rounds run.
    private(set) var searched = 0
    private(set) var rounds = 0

    init(candidates: [TuneCandidate], networks: Int, rule: RaceRule, weights: BootstrapWeights) {
        self.candidates = candidates
        self.rule = rule
        self.weights = weights
        leaders = Array(repeating: nil, count: networks)
        judging = Array(repeating: nil, count: networks)
        replays = Array(repeating: 0, count: networks)
    }

    /// Runs a round per block (`blockEnds`, shares of the searched sessions' positions) until the
    /// blocks run out or no network races on. `replay` replays one block, `from ..< to`, with the
    /// candidates given and returns their summaries, in order, and the sessions replayed;
    /// `progress` hears after each round.
    mutating func run(blockEnds: [Double],
                      replay: ([TuneCandidate], Double, Double) throws -> (summaries: [MetricsSummary], sessions: Int),
                      progress: (TuneRace) -> Void = { _ in }) rethrows {
        for (round, end) in blockEnds.enumerated() {
            let live = candidates.indices.filter { candidates[$0].isIn && (round == 0 || racing(network: candidates[$0].networkIndex)) }
            guard !live.isEmpty else { break }
            let block = try replay(live.map { candidates[$0] }, round == 0 ? 0 : blockEnds[round - 1], end)
            for (position, index) in live.enumerated() { candidates[index].summary.merge(block.summaries[position]) }
            searched += block.sessions
            rounds = round + 1
            for network in leaders.indices {
                let members = live.filter { candidates[$0].networkIndex == network }
                guard !members.isEmpty else { continue }
                replays[network] += block.sessions * members.count
                if judging[network] == nil, let first = members.first,
                   rule.minimum.allows(units: candidates[first].summary.replicates.units, navigations: candidates[first].summary.totals.navigations) {
                    // Every member replayed the same sessions: whether they meet the minimum is
                    // the recordings', not a policy's, so the rounds that may judge are known here.
                    var fixed = rule
                    fixed.looks = blockEnds.count - round
                    judging[network] = fixed
                }
                leaders[network] = (judging[network] ?? rule).judge(&candidates, live: members, round: round + 1, weights: weights)
            }
            for index in live where !candidates[index].isIn { candidates[index].summary = MetricsSummary() }
            progress(self)
        }
    }

    /// Whether `network`'s race goes on: more than one of its candidates (the budget's reference
    /// aside) is in, or one is and either the sessions replayed do not yet meet the minimum for a
    /// verdict or its bytes still straddle the budget (a race of one candidate replays until its
    /// figures can be judged and its feasibility is settled: a straddler left alone used to end the
    /// race after a few blocks with "more sessions would settle it" while most sessions were unread).
    func racing(network: Int) -> Bool {
        let inRace = candidates.filter { $0.networkIndex == network && $0.isIn && !$0.isReference }
        return inRace.count > 1 || (inRace.count == 1 && (judging[network] == nil || inRace[0].standing?.feasibility != .feasible))
    }
}
