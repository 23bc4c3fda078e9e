/// One `deckbench tune`: races every candidate policy on each network over blocks of the searched
/// sessions (`RaceRule`), then replays the finalists — the winner and the ties still in — on the
/// held-out sessions the race never saw, and writes that replay's reports with `tune.csv`.
///
/// Blocks double: the searched sessions at positions (`HoldoutSplit`) below 1/64, then 1/64 to
/// 1/32, and so on up to 1, so every block is a random sample of the corpus whatever its order.
/// Each round reads the recordings again (reading is a small part of a replay) and replays the
/// block with the candidates still in; a network's race stops when one candidate is left.
public struct TuneRun: Sendable {
    public var files: [String]
    public var policies: [any PrefetchPolicy]
    public var networks: [NetworkModel]
    public var settings: ReplaySettings
    public var objective: TuneObjective
    public var budget: TuneBudget?
    public var split: HoldoutSplit
    public var outputFolder: String
    public var command: [String]
    public var jobs: Int
    public var sessionsFormat: SessionsFormat

    /// Where each round's block ends, as a share of the searched sessions' positions.
    public static let blockEnds: [Double] = [1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2, 1]
    /// The file the run adds to the confirmation's reports.
    public static let fileName = "tune.csv"

    public init(files: [String], policies: [any PrefetchPolicy], networks: [NetworkModel], settings: ReplaySettings,
                objective: TuneObjective = .stallRate, budget: TuneBudget? = nil, split: HoldoutSplit, outputFolder: String,
                command: [String], jobs: Int = 1, sessionsFormat: SessionsFormat = .csv) {
        self.files = files
        self.policies = policies
        self.networks = networks
        self.settings = settings
        self.objective = objective
        self.budget = budget
        self.split = split
        self.outputFolder = outputFolder
        self.command = command
        self.jobs = max(1, jobs)
        self.sessionsFormat = sessionsFormat
    }

    /// What a tune found: every candidate as it left or finished the race, the answer per network,
    /// and the held-out replay of the finalists.
    public struct Outcome: Sendable {
        public var candidates: [TuneCandidate]
        public var answers: [TuneAnswer]
        public var confirmation: ReplayRun.Outcome
        /// Searched sessions, and the candidate-session replays the race made (an exhaustive sweep
        /// makes candidates × searched sessions).
        public var searchedSessions: Int
        public var raceReplays: Int
    }

    /// How far a tune has come, for a progress line: the round, and the candidates still in.
    public struct Progress: Sendable {
        public var round: Int
        public var rounds: Int
        public var live: Int
        public var sessions: Int
    }

    /// Races, confirms and writes the reports. Throws `TuneError` when there is no answer to give
    /// (nothing is written then) and `OutputError` when the reports cannot be written.
    public func run(progress: ((Progress) -> Void)? = nil) throws -> Outcome {
        guard !policies.isEmpty, !networks.isEmpty else { throw TuneError.noCandidates }
        guard settings.bootstrap > 0 else { throw TuneError.noReplicates }
        var candidates = networks.indices.flatMap { network in
            policies.indices.map { policy in
                TuneCandidate(policy: policies[policy].spec, policyIndex: policy, network: networks[network].spec,
                              networkIndex: network, replicates: settings.bootstrap)
            }
        }
        let rule = RaceRule(objective: objective, budget: budget, comparisons: max(1, policies.count - 1) * Self.blockEnds.count)
        let weights = BootstrapWeights(replicates: settings.bootstrap)
        var searched = 0
        var replays = Array(repeating: 0, count: networks.count)
        var leaders: [Int?] = Array(repeating: nil, count: networks.count)
        var lastRound = 0
        for (round, end) in Self.blockEnds.enumerated() {
            // Every candidate replays the first block, so that each has figures.
            let live = candidates.indices.filter {
                candidates[$0].isIn && (round == 0 || racing(network: candidates[$0].networkIndex, candidates))
            }
            guard !live.isEmpty else { break }
            let start = round == 0 ? 0 : Self.blockEnds[round - 1]
            let summaries = try replay(live.map { candidates[$0] }, part: split.part(.searched(from: start, to: end)))
            for (position, index) in live.enumerated() { candidates[index].summary.merge(summaries.summaries[position]) }
            searched += summaries.sessions
            lastRound = round + 1
            for network in networks.indices {
                let members = live.filter { candidates[$0].networkIndex == network }
                guard !members.isEmpty else { continue }
                replays[network] += summaries.sessions * members.count
                leaders[network] = rule.judge(&candidates, live: members, round: round + 1, weights: weights)
            }
            // A candidate that left keeps its standing, not its sums: memory follows the live ones.
            for index in live where !candidates[index].isIn { candidates[index].summary = MetricsSummary() }
            progress?(Progress(round: round + 1, rounds: Self.blockEnds.count, live: candidates.count(where: \.isIn), sessions: searched))
        }
        if lastRound < Self.blockEnds.count {
            searched += try count(part: split.part(.searched(from: Self.blockEnds[lastRound - 1], to: 1)))
        }
        guard searched > 0 else { throw TuneError.noSearchSessions }
        let finalists = try networks.indices.map { network in
            try finalistsOf(network: network, candidates, leader: leaders[network], rule: rule)
        }
        return try confirm(candidates: candidates, finalists: finalists, searched: searched, replays: replays)
    }

    /// Whether `network`'s race goes on: more than one of its candidates is in.
    private func racing(network: Int, _ candidates: [TuneCandidate]) -> Bool {
        candidates.count(where: { $0.networkIndex == network && $0.isIn }) > 1
    }

    /// The winner first (the last round's leader), then the ties: the other candidates still in
    /// whose bytes per navigation is within the budget at their estimate, in the order given.
    private func finalistsOf(network: Int, _ candidates: [TuneCandidate], leader: Int?, rule: RaceRule) throws -> [Int] {
        let standing = candidates.indices.filter { candidates[$0].networkIndex == network && candidates[$0].isIn }
        let within = standing.filter { rule.withinBudget(candidates[$0].standing?.bytesPerNavigation) }
        guard !within.isEmpty else {
            let least = candidates.filter { $0.networkIndex == network }.compactMap { $0.standing?.bytesPerNavigation }.min()
            throw TuneError.overBudget(network: networks[network].spec, budget: budget ?? TuneBudget(bytesPerNavigation: 0), leastBytes: least)
        }
        let winner = leader.flatMap { within.contains($0) ? $0 : nil } ?? within[0]
        return [winner] + within.filter { $0 != winner }
    }

    /// Replays the sessions of `part` with `candidates`, returning each one's summary (in order)
    /// and the sessions replayed.
    private func replay(_ candidates: [TuneCandidate], part: HoldoutSplit.Part) throws -> (summaries: [MetricsSummary], sessions: Int) {
        let source = source(part)
        var table = SessionsTable()
        table.makesRows = false
        let wins = PairedWins(policies: candidates.count, networks: 1, columns: [])
        let pipeline = SessionPipeline(jobs: jobs, table: table, wins: wins) { [policies, networks, settings] in
            let world = CommonDraws(settings: settings)
            return candidates.map { makeReplayer(policies[$0.policyIndex], network: networks[$0.networkIndex], settings: settings, world: world) }
        }
        var sessions = 0
        try pipeline.run(files: files.count, batchSize: ReplayRun.sessionsPerWorker(replayPoints: candidates.count) * jobs,
                         read: { source.read(file: $0, batchSize: $1, deliver: $2) }) { batch, _ in sessions += batch.sessions.count }
        return (pipeline.summaries.map(\.summary), sessions)
    }

    /// The sessions of `part`, counted without replaying them.
    private func count(part: HoldoutSplit.Part) throws -> Int {
        let source = source(part)
        var sessions = 0
        for file in files.indices {
            source.read(file: file, batchSize: 4_096) { batch in
                sessions += batch.sessions.count
                return true
            }
        }
        return sessions
    }

    /// A run that reads the sessions of `part` (its `read`; it replays nothing itself).
    private func source(_ part: HoldoutSplit.Part) -> ReplayRun {
        var source = ReplayRun(files: files, policies: [], networks: [], settings: settings, outputFolder: outputFolder, command: command)
        source.part = part
        return source
    }

    /// Replays the finalists on the held-out sessions and writes the reports with `tune.csv`.
    private func confirm(candidates: [TuneCandidate], finalists: [[Int]], searched: Int, replays: [Int]) throws -> Outcome {
        var finalPolicies: [Int] = []
        for index in finalists.joined() where !finalPolicies.contains(candidates[index].policyIndex) {
            finalPolicies.append(candidates[index].policyIndex)
        }
        finalPolicies.sort()
        var run = ReplayRun(files: files, policies: finalPolicies.map { policies[$0] }, networks: networks, settings: settings,
                            outputFolder: outputFolder, command: command, jobs: jobs, sessionsFormat: sessionsFormat)
        run.part = split.part(.heldOut)
        let table = TuneTable(objective: objective, candidates: candidates, finalists: finalists)
        run.appendix = ReplayRun.Appendix(name: Self.fileName) { summaries, estimates in
            table.csv(heldOut: summaries, estimates: estimates)
        }
        let confirmation = try run.run()
        let answers = finalists.enumerated().map { network, members in
            TuneAnswer(network: networks[network].spec, candidates: candidates, finalists: members, objective: objective,
                       confirmation: confirmation, raceReplays: replays[network], exhaustiveReplays: searched * policies.count)
        }
        return Outcome(candidates: candidates, answers: answers, confirmation: confirmation, searchedSessions: searched,
                       raceReplays: replays.reduce(0, +))
    }
}
