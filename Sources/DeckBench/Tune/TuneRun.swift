/// One `deckbench tune`: races every candidate policy on each network over blocks of the searched
/// sessions (`TuneRace`, `RaceRule`), chooses what to ship (`TuneChoice`: the fewest bytes among
/// the feasible candidates within `delta` of the best), then replays the shipped policy — beside
/// the incumbent, when given — on the held-out sessions the race never saw, and writes that
/// replay's reports with `tune.csv`.
///
/// Blocks double: the searched sessions at positions (`HoldoutSplit`) below 1/64, then 1/64 to
/// 1/32, and so on up to 1, so every block is a random sample of the corpus whatever its order.
/// Each round reads the recordings again (reading is a small part of a replay) and replays the
/// block with the candidates still in; a network's race stops when one candidate is left.
package struct TuneRun: Sendable {
    public var files: [String]
    public var policies: [any PrefetchPolicy]
    public var networks: [NetworkModel]
    public var settings: ReplaySettings
    public var objective: TuneObjective
    public var budget: TuneBudget?
    /// The indifference zone: how much worse than the best, in the objective's unit, a cheaper
    /// candidate may be and still be shipped.
    public var delta: Double
    /// The policy shipped today, replayed on the held-out sessions beside the answer (nil: none).
    public var incumbent: (any PrefetchPolicy)?
    public var split: HoldoutSplit
    /// The least units and navigations a verdict of the race needs.
    public var minimum: RaceMinimum
    public var outputFolder: String
    public var command: [String]
    public var jobs: Int
    public var sessionsFormat: SessionsFormat

    /// Where each round's block ends, as a share of the searched sessions' positions.
    public static let blockEnds: [Double] = [1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 1]

    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                objective: TuneObjective = .stallRate, budget: TuneBudget? = nil, delta: Double? = nil,
                incumbent: (any PrefetchPolicy)? = nil, split: HoldoutSplit, minimum: RaceMinimum = .standard, outputFolder: String,
                command: [String], jobs: Int = 1, sessionsFormat: SessionsFormat = .csv) {
        self.files = files
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.objective = objective
        self.budget = budget
        self.delta = delta ?? objective.defaultDelta
        self.incumbent = incumbent
        self.split = split
        self.minimum = minimum
        self.outputFolder = outputFolder
        self.command = command
        self.jobs = max(1, jobs)
        self.sessionsFormat = sessionsFormat
    }

    /// The fewest bootstrap replicates a race is judged on: its intervals reach 4 standard errors
    /// and more, and a standard error from fewer replicates is too rough for that.
    public static let minimumReplicates = 200

    /// What a tune found: every candidate as it left or finished the race, the answer per network,
    /// and the held-out replay of the shipped policies (and the incumbent).
    public struct Outcome: Sendable {
        public var candidates: [TuneCandidate]
        public var answers: [TuneAnswer]
        public var confirmation: ReplayRun.Outcome
        /// Searched sessions, and the candidate-session replays the race made (an exhaustive sweep
        /// makes candidates × searched sessions).
        public var searchedSessions: Int
        public var raceReplays: Int
    }

    /// How far a tune has come, for a progress line: the round, the candidates still in, the
    /// searched sessions judged so far and, inside a round, how far its block has come (every
    /// round reads every file, its block picked by the split's hash, so the share of the input read
    /// is the share of the round done).
    public struct Progress: Sendable {
        public var round: Int
        public var rounds: Int
        public var live: Int
        public var sessions: Int
        /// Whether the round is over (its candidates judged); otherwise it is under way.
        public var roundDone = true
        /// Inside a round: the candidates replaying its block, the block's sessions replayed so
        /// far, and the input's bytes read so far and in all.
        public var replaying = 0
        public var blockSessions = 0
        public var bytesRead = 0
        public var bytesTotal = 0
        /// Whether this is the held-out replay after the race (`replaying` its policies).
        public var heldOut = false
    }

    /// Races, chooses, confirms and writes the reports. Throws `TuneError` when there is no answer
    /// to give (nothing is written then) and `OutputError` when the reports cannot be written.
    public func run(progress: ((Progress) -> Void)? = nil) throws -> Outcome {
        guard !policies.isEmpty, !networks.isEmpty else { throw TuneError.noCandidates }
        guard settings.bootstrap >= Self.minimumReplicates else { throw TuneError.noReplicates }
        let raced = racedPolicies
        let candidates = networks.indices.flatMap { network in
            raced.indices.map { policy in
                TuneCandidate(policy: raced[policy].spec, policyIndex: policy, network: networks[network].spec,
                              networkIndex: network, replicates: settings.bootstrap, isReference: policy == policies.count)
            }
        }
        let rule = RaceRule(objective: objective, budget: budget, delta: delta, comparisons: Self.comparisons(candidates: policies.count, budgeted: budget != nil),
                            minimum: minimum)
        var race = TuneRace(candidates: candidates, networks: networks.count, rule: rule,
                            weights: BootstrapWeights(replicates: settings.bootstrap))
        var round = 0
        var judged = 0
        try race.run(blockEnds: Self.blockEnds, replay: { live, from, to in
            round += 1
            return try replay(live, policies: raced, part: split.part(.searched(from: from, to: to))) { sessions, bytesRead, bytesTotal in
                progress?(Progress(round: round, rounds: Self.blockEnds.count, live: live.count, sessions: judged, roundDone: false,
                                   replaying: live.count, blockSessions: sessions, bytesRead: bytesRead, bytesTotal: bytesTotal))
            }
        }, progress: { race in
            judged = race.searched
            progress?(Progress(round: race.rounds, rounds: Self.blockEnds.count, live: race.candidates.count(where: \.isIn),
                               sessions: race.searched))
        })
        var searched = race.searched
        if race.rounds < Self.blockEnds.count {
            searched += SessionSource(files: files, part: split.part(.searched(from: Self.blockEnds[max(0, race.rounds - 1)], to: 1))).count()
        }
        guard searched > 0 else { throw TuneError.noSearchSessions }
        let choices = try networks.indices.map { network in
            try TuneChoice(network: network, candidates: race.candidates, leader: race.leaders[network], rule: rule, delta: delta,
                           networkSpec: networks[network].spec)
        }
        let knees = choices.map { choice in
            TuneKnee(choice: choice, candidates: race.candidates, objective: objective, weights: race.weights, delta: delta)
        }
        return try confirm(candidates: race.candidates, choices: choices, knees: knees, reference: raced.dropFirst(policies.count).first,
                           searched: searched, replays: race.replays) { policies, replayed in
            progress?(Progress(round: Self.blockEnds.count, rounds: Self.blockEnds.count, live: policies, sessions: searched, roundDone: false,
                               replaying: policies, blockSessions: replayed.sessions, bytesRead: replayed.bytesRead,
                               bytesTotal: replayed.bytesTotal, heldOut: true))
        }
    }

    /// The candidates, then the budget's reference when it has one (replayed beside them, never a
    /// candidate itself).
    private var racedPolicies: [any PrefetchPolicy] {
        guard let reference = budget?.reference else { return policies }
        return policies + [reference.policy]
    }

    /// The comparisons a race of `candidates` policies may make on a network at one round
    /// (`RaceRule.comparisons`).
    static func comparisons(candidates: Int, budgeted: Bool) -> Int {
        RaceRule.comparisons(candidates: candidates, budgeted: budgeted)
    }

    /// Replays the sessions of `part` with `candidates`, returning each one's summary (in order)
    /// and the sessions replayed; `progress` hears after each batch the sessions replayed and the
    /// input's bytes read so far, and in all.
    private func replay(_ candidates: [TuneCandidate], policies: [any PrefetchPolicy], part: HoldoutSplit.Part,
                        progress: (Int, Int, Int) -> Void) throws -> (summaries: [MetricsSummary], sessions: Int) {
        let source = SessionSource(files: files, part: part)
        let wins = PairedWins(policies: candidates.count, networks: 1, columns: [])
        let pipeline = SessionPipeline(jobs: jobs, format: nil, wins: wins) { [policies, networks, settings] in
            let commons = SessionCommons(settings: settings)
            return candidates.map { makeReplayer(policies[$0.policyIndex], network: networks[$0.networkIndex], settings: settings, commons: commons) }
        }
        var sessions = 0
        var bytesOfFilesDone = 0
        let bytesTotal = source.bytesTotal
        try pipeline.run(files: files.count, batchSize: SessionPipeline.batchSize(replayPoints: candidates.count, jobs: jobs),
                         read: { source.read(file: $0, batchSize: $1, deliver: $2) }) { batch, _ in
            sessions += batch.sessions.count
            let bytesRead = bytesOfFilesDone + batch.fileBytesRead
            if batch.input != nil { bytesOfFilesDone += batch.fileBytesRead }
            progress(sessions, bytesRead, bytesTotal)
        }
        return (pipeline.totals().summaries.map(\.summary), sessions)
    }

    /// Replays the shipped policies (at a knee, the better one beside the safe one), the incumbent
    /// and the budget's reference (each when given) on
    /// the held-out sessions and writes the reports with `tune.csv`.
    private func confirm(candidates: [TuneCandidate], choices: [TuneChoice], knees: [TuneKnee?], reference: (any PrefetchPolicy)?,
                         searched: Int, replays: [Int], progress: @escaping (Int, ReplayRun.Progress) -> Void) throws -> Outcome {
        // At a knee the team chooses between the safe one and the better one that straddles the
        // budget: both replay the held-out sessions.
        var shipped: [Int] = []
        for index in zip(choices, knees).flatMap({ [$0.shipped] + ($1.flatMap { $0.isChoice ? [$0.named] : nil } ?? []) })
        where !shipped.contains(candidates[index].policyIndex) {
            shipped.append(candidates[index].policyIndex)
        }
        shipped.sort()
        var confirmed = shipped.map { policies[$0] }
        for extra in [incumbent, reference].compactMap({ $0 })
        where !confirmed.contains(where: { $0.spec == extra.spec }) {
            confirmed.append(extra)
        }
        let run = ReplayRun(source: SessionSource(files: files, part: split.part(.heldOut)), policies: confirmed, networks: networks,
                            settings: settings, outputFolder: outputFolder, command: command, jobs: jobs, sessionsFormat: sessionsFormat)
        let replayed = try run.replay { progress(confirmed.count, $0) }
        let table = TuneTable(objective: objective, candidates: candidates, choices: choices, knees: knees, incumbent: incumbent?.spec)
        let confirmation = try replayed.write(adding: [(.tune, table.csv(heldOut: replayed.summaries, estimates: replayed.estimates))])
        let answers = choices.enumerated().map { network, choice in
            TuneAnswer(network: networks[network].spec, candidates: candidates, choice: choice, knee: knees[network], objective: objective,
                       budget: budget,
                       delta: delta, incumbent: incumbent?.spec, reference: reference?.spec, confirmation: confirmation,
                       raceReplays: replays[network],
                       exhaustiveReplays: searched * policies.count)
        }
        return Outcome(candidates: candidates, answers: answers, confirmation: confirmation, searchedSessions: searched,
                       raceReplays: replays.reduce(0, +))
    }
}
