import Testing
@testable import DeckBench

@Suite struct RaceRuleTests {
    @Test func theQuantileIsTheNormalOne() {
        #expect(abs(RaceRule.upperQuantile(0.025) - 1.959964) < 1e-5)
        #expect(abs(RaceRule.upperQuantile(0.005) - 2.575829) < 1e-5)
        // Bonferroni over 255 comparisons at 7 rounds: 0.05 / 3,570 in each tail.
        let rule = RaceRule(objective: .stallRate, budget: nil, comparisons: 255, looks: 7)
        #expect(abs(rule.z - RaceRule.upperQuantile(0.05 / 3_570)) < 1e-9)
        #expect(rule.z > 4.1 && rule.z < 4.2)
    }

    @Test func theStandardErrorIsTheSampleDeviation() {
        #expect(RaceRule.standardError([1]) == nil)
        #expect(RaceRule.standardError([2, 4, 4, 4, 5, 5, 7, 9])! == (32.0 / 7).squareRoot())
    }

    @Test func theLeaderIsTheBestFeasibleFewerBytesOnATie() {
        let rule = RaceRule(objective: .stallRate, budget: TuneBudget.bytesPerNavigation(50_000), comparisons: 3)
        // The best overall is not feasible; of the two feasible, equal stall rates: the fewer bytes.
        let points: [(objective: Double?, bytes: Double?, feasible: Bool)] =
            [(0.10, 40_000, true), (0.01, 49_000, false), (0.05, 49_000, true), (0.05, 45_000, true), (nil, nil, true)]
        #expect(rule.leaderPosition(points) == 3)
        #expect(rule.leaderPosition([(0.01, 40_000, false)]) == nil)
    }

    /// The interval of bytes less the ceiling (50,000 here): wholly at or below 0 feasible, wholly
    /// above infeasible, otherwise undecided; a relative ceiling is the reference's bytes times
    /// 1 + the allowance, replicate by replicate.
    @Test func feasibilityReadsTheWholeBytesInterval() {
        let rule = RaceRule(objective: .stallRate, budget: TuneBudget.bytesPerNavigation(50_000), comparisons: 3)
        #expect(rule.feasibility(excess: -10_000 ... 0) == .feasible)
        #expect(rule.feasibility(excess: -1_000 ... 1) == .undecided)
        #expect(rule.feasibility(excess: 0.5 ... 10_000) == .infeasible)
        #expect(rule.feasibility(excess: nil) == .undecided)
        #expect(RaceRule(objective: .stallRate, budget: nil, comparisons: 1).feasibility(excess: nil) == .feasible)
        let relative = TuneBudget.relative(allowance: 0.1, reference: .init(FixedPolicy(radius: 2), text: "fixed:radius=2"))
        let ceiling = RaceRule.Ceiling(budget: relative, reference: (40_000, [39_000, 41_000, nil]))
        let excess = ceiling.excess(45_000, [44_000, 45_500, 46_000])
        // 45,000 − 1.1 × 40,000 = 1,000; replicates 44,000 − 42,900 = 1,100 and 45,500 − 45,100 = 400.
        #expect(excess?.point == 1_000)
        #expect(abs((excess?.error ?? 0) - RaceRule.standardError([1_100, 400])!) < 1e-9)
        #expect(RaceRule.Ceiling(budget: relative, reference: (nil, nil)).excess(1, [1]) == nil)
    }

    /// The Bonferroni count: every candidate but the leader against the leader, every candidate
    /// but the anchor against the anchor (bytes and objective) and, with a budget, every candidate
    /// against the budget, at each round that may judge (7 unless told).
    @Test func theCorrectionCountsEveryComparisonOfTheRace() {
        #expect(TuneRun.blockEnds.count == 7)
        #expect(TuneRun.comparisons(candidates: 10, budgeted: false) == 27)
        #expect(TuneRun.comparisons(candidates: 10, budgeted: true) == 37)
        #expect(TuneRun.comparisons(candidates: 1, budgeted: false) == 1)
        #expect(TuneRun.comparisons(candidates: 1, budgeted: true) == 1)
        #expect(TuneRun.comparisons(candidates: 2, budgeted: true) == 5)
        #expect(abs(RaceRule(objective: .stallRate, budget: nil, comparisons: 9).z - RaceRule.upperQuantile(0.05 / 126)) < 1e-12)
        #expect(abs(RaceRule(objective: .stallRate, budget: nil, comparisons: 9, looks: 3).z - RaceRule.upperQuantile(0.05 / 54)) < 1e-12)
    }

    /// The cost rule: a round whose sessions are too few to judge spends no share of the error
    /// rate. 200 sessions of 10 navigations at positions s / 200, each in its own bucket: the
    /// blocks end after 4, 7, 13, 25, 50, 100 and 200 sessions, so the first round that meets
    /// the minimum (30 units, 500 navigations) is the fifth, and three rounds may judge. B stalls
    /// once more than A in every odd session: out at round 5, its interval reaching the z of
    /// 0.05 / (2 × 3 comparisons × 3 rounds), 2.773 standard errors — not 0.05 / 42's 3.038.
    @Test func roundsTooSmallToJudgeSpendNoErrorRate() throws {
        func summary(_ stalls: (Int) -> Int, from: Double, to: Double) -> (MetricsSummary, Int) {
            var summary = MetricsSummary(replicates: 400)
            var sessions = 0
            for session in 0 ..< 200 where Double(session) / 200 >= from && Double(session) / 200 < to {
                var metrics = SessionMetrics()
                metrics.navigations = 10
                metrics.stalls = stalls(session)
                summary.add(metrics)
                summary.replicates.add(metrics, bucket: session)
                sessions += 1
            }
            return (summary, sessions)
        }
        let stalls: [(Int) -> Int] = [{ $0 % 3 == 0 ? 1 : 0 }, { ($0 % 3 == 0 ? 1 : 0) + $0 % 2 }]
        let candidates = ["A", "B"].enumerated().map { TuneCandidate(policy: $1, policyIndex: $0, network: "n", networkIndex: 0, replicates: 400) }
        let rule = RaceRule(objective: .stallRate, budget: nil, comparisons: TuneRun.comparisons(candidates: 2, budgeted: false),
                            minimum: RaceMinimum(units: 30, navigations: 500))
        var race = TuneRace(candidates: candidates, networks: 1, rule: rule, weights: BootstrapWeights(replicates: 400))
        race.run(blockEnds: TuneRun.blockEnds) { live, from, to in
            let blocks = live.map { summary(stalls[$0.policyIndex], from: from, to: to) }
            return (blocks.map(\.0), blocks[0].1)
        }
        #expect(race.judging[0]?.looks == 3 && race.rounds == 5)
        let b = try #require(race.candidates[1].standing)
        #expect(race.candidates[1].exit == .worseBeyondDelta && b.round == 5 && b.units == 50 && b.navigations == 500)
        let interval = try #require(b.differenceInterval)
        let difference = try #require(b.difference)
        let error = try #require(b.differenceError)
        let reach = (interval.upperBound - difference) / error
        #expect(abs(reach - RaceRule.upperQuantile(0.05 / 18)) < 1e-9 && abs(reach - 2.773) < 0.001)
    }

    /// Three candidates on 200 sessions of 10 navigations. A stalls least (0.2 %) but its bytes
    /// swing between 20,000 and 69,800 a navigation, 44,900 on average: its interval holds the
    /// 45,000 budget, so it may be over it. B (3 %, 40,000 B) and C (10 %, 30,000 B) are surely
    /// within. The old rule let A lead on its point estimate and knock out B and C, shipping a
    /// candidate that may be over the budget; now A is undecided and cannot lead, B leads and
    /// knocks out C only, A races on, and B is shipped.
    @Test func aStraddlingCandidateCanNeitherLeadNorEliminate() throws {
        func summary(_ session: (Int) -> (stalls: Int, bytes: Int)) -> MetricsSummary {
            var summary = MetricsSummary(replicates: 400)
            for index in 0 ..< 200 {
                var metrics = SessionMetrics()
                metrics.navigations = 10
                (metrics.stalls, metrics.bytes) = session(index)
                summary.add(metrics)
                summary.replicates.add(metrics, bucket: BootstrapReplicates.bucket(file: "f", session: "s\(index)"))
            }
            return summary
        }
        var candidates = ["A", "B", "C"].enumerated().map {
            TuneCandidate(policy: $1, policyIndex: $0, network: "n", networkIndex: 0, replicates: 400)
        }
        candidates[0].summary = summary { ($0 % 50 == 0 ? 1 : 0, $0 % 2 == 0 ? 200_000 : 698_000) }
        candidates[1].summary = summary { ($0 % 10 < 3 ? 1 : 0, 400_000) }
        candidates[2].summary = summary { _ in (1, 300_000) }
        let budget = TuneBudget.bytesPerNavigation(45_000)
        let rule = RaceRule(objective: .stallRate, budget: budget, comparisons: TuneRun.comparisons(candidates: 3, budgeted: true))
        let leader = rule.judge(&candidates, live: [0, 1, 2], round: 7, weights: BootstrapWeights(replicates: 400))
        let a = try #require(candidates[0].standing)
        #expect(a.bytesPerNavigation == 44_900 && a.feasibility == .undecided)
        #expect(a.bytesInterval!.lowerBound < 45_000 && a.bytesInterval!.upperBound > 45_000)
        #expect(leader == 1)
        #expect(candidates[0].isIn && candidates[1].isIn && candidates[2].exit == .worseBeyondDelta)
        // Let A lead (as the old rule did, A being within the budget at its estimate) and B and C
        // are both knocked out.
        var unbudgeted = candidates.map { candidate in
            var fresh = TuneCandidate(policy: candidate.policy, policyIndex: candidate.policyIndex, network: "n", networkIndex: 0, replicates: 400)
            fresh.summary = candidate.summary
            return fresh
        }
        let free = RaceRule(objective: .stallRate, budget: nil, comparisons: TuneRun.comparisons(candidates: 3, budgeted: false))
        #expect(free.judge(&unbudgeted, live: [0, 1, 2], round: 7, weights: BootstrapWeights(replicates: 400)) == 0)
        #expect(unbudgeted[1].exit == .worseBeyondDelta && unbudgeted[2].exit == .worseBeyondDelta)
        let choice = try TuneChoice(network: 0, candidates: candidates, leader: leader, rule: rule, delta: 0.001, networkSpec: "n")
        #expect(choice.shipped == 1 && choice.undecided == [0])
        // A verdict of feasibility is made once: had A been confirmed within the budget in an
        // earlier round, it would stay feasible now, lead, and knock out B and C.
        var confirmed = unbudgeted.map { candidate in
            var fresh = TuneCandidate(policy: candidate.policy, policyIndex: candidate.policyIndex, network: "n", networkIndex: 0, replicates: 400)
            fresh.summary = candidate.summary
            return fresh
        }
        confirmed[0].standing = TuneCandidate.Standing(round: 6, sessions: 100, feasibility: .feasible)
        #expect(rule.judge(&confirmed, live: [0, 1, 2], round: 7, weights: BootstrapWeights(replicates: 400)) == 0)
        #expect(confirmed[0].standing?.feasibility == .feasible && confirmed[1].exit == .worseBeyondDelta)
    }

    /// The race's minimum at its edge (30 units, 500 navigations). Three candidates on sessions
    /// given bucket by bucket: L never stalls and spends 1,000 bytes a navigation, W stalls on
    /// every navigation, O spends 100,000 (the budget is 5,000). Every replicate gives the same
    /// ratios, so each interval is a point: on exactly 30 units and 500 navigations W is out worse
    /// than the leader L and O out over the budget; one unit fewer (two sessions in one bucket, as
    /// two sessions of one user are) or one navigation fewer, and nobody is judged — undecided,
    /// too few — whatever the intervals, and the answer says the rule blocked it.
    @Test func theMinimumIsUnitsAndNavigationsAtItsEdge() throws {
        func race(units: Int, navigations: Int, budget: TuneBudget? = TuneBudget.bytesPerNavigation(5_000))
            -> (candidates: [TuneCandidate], leader: Int?, rule: RaceRule) {
            // 30 sessions of 17 or 16 navigations (500 in all; 499 with one fewer), session s in
            // bucket min(s, units − 1).
            let lengths = (0 ..< 30).map { $0 < 20 ? 17 : 16 }.enumerated().map { $0 == 29 ? $1 - (500 - navigations) : $1 }
            func summary(stalls: Bool, bytes: Int) -> MetricsSummary {
                var summary = MetricsSummary(replicates: 200)
                for (session, length) in lengths.enumerated() {
                    var metrics = SessionMetrics()
                    metrics.navigations = length
                    metrics.stalls = stalls ? length : 0
                    metrics.bytes = bytes * length
                    summary.add(metrics)
                    summary.replicates.add(metrics, bucket: min(session, units - 1))
                }
                return summary
            }
            var candidates = ["L", "W", "O"].enumerated().map {
                TuneCandidate(policy: $1, policyIndex: $0, network: "n", networkIndex: 0, replicates: 200)
            }
            candidates[0].summary = summary(stalls: false, bytes: 1_000)
            candidates[1].summary = summary(stalls: true, bytes: 1_000)
            candidates[2].summary = summary(stalls: false, bytes: 100_000)
            let rule = RaceRule(objective: .stallRate, budget: budget,
                                comparisons: TuneRun.comparisons(candidates: 3, budgeted: budget != nil),
                                minimum: RaceMinimum(units: 30, navigations: 500))
            let leader = rule.judge(&candidates, live: [0, 1, 2], round: 7, weights: BootstrapWeights(replicates: 200))
            return (candidates, leader, rule)
        }
        let judged = race(units: 30, navigations: 500)
        #expect(judged.candidates[0].standing?.units == 30 && judged.candidates[0].standing?.navigations == 500)
        #expect(judged.leader == 0 && judged.candidates[0].standing?.feasibility == .feasible)
        #expect(judged.candidates[1].exit == .worseBeyondDelta && judged.candidates[2].exit == .overBudget)
        #expect(judged.candidates.allSatisfy { $0.standing?.tooFew == false })
        for (units, navigations) in [(29, 500), (30, 499)] {
            let blocked = race(units: units, navigations: navigations)
            #expect(blocked.leader == nil, "\(units), \(navigations)")
            #expect(blocked.candidates.allSatisfy { $0.isIn && $0.standing?.feasibility == .undecided && $0.standing?.tooFew == true })
            #expect(blocked.candidates[0].standing?.units == units && blocked.candidates[0].standing?.navigations == navigations)
            #expect {
                try TuneChoice(network: 0, candidates: blocked.candidates, leader: blocked.leader, rule: blocked.rule, delta: 0.001, networkSpec: "n")
            } throws: { error in
                guard case let .overBudget(_, _, _, undecided, tooFew?)? = error as? TuneError else { return false }
                return undecided == 3 && tooFew == RaceMinimum.Shortfall(units: units, navigations: navigations, minimum: blocked.rule.minimum)
                    && "\(error)".contains("3 are undecided") && "\(error)".contains("this rule, not the intervals, left them undecided")
                    && !"\(error)".contains("more sessions would settle them")
            }
        }
        // Without a budget too few is no answer either, and says so without a budget it never had.
        let free = race(units: 29, navigations: 500, budget: nil)
        #expect(free.leader == nil)
        #expect {
            try TuneChoice(network: 0, candidates: free.candidates, leader: free.leader, rule: free.rule, delta: 0.001, networkSpec: "n")
        } throws: { error in
            guard case let .tooFew(network, shortfall)? = error as? TuneError else { return false }
            return network == "n" && shortfall.units == 29 && "\(error)".hasPrefix("no candidate could be judged on n: the race judges")
        }
    }

    /// Hand-made standings against the leader L (3.00 %, 60 kB). With four feasible candidates the
    /// zone's one-sided z is the upper 0.05 / 3 point, 2.128: A (+0.03 points, SE 0.01) reaches
    /// +0.051 and C (+0.01, SE 0.01) +0.031, both within 0.1 points; B (+0.08, SE 0.02) reaches
    /// +0.123, not. Of L, A and C the fewest bytes is A's (50 kB): shipped, though B and D spend
    /// less — B is not shown within delta, D's bytes straddle the budget.
    @Test func theFewestBytesWithinDeltaOfTheLeaderIsShipped() throws {
        func candidate(_ name: String, _ index: Int, difference: Double?, error: Double?, bytes: Double,
                       feasibility: TuneCandidate.Feasibility = .feasible) -> TuneCandidate {
            var candidate = TuneCandidate(policy: name, policyIndex: index, network: "n", networkIndex: 0, replicates: 0)
            candidate.standing = TuneCandidate.Standing(round: 7, sessions: 1_000, objective: 0.03 + (difference ?? 0), bytesPerNavigation: bytes,
                                                        feasibility: feasibility, leader: difference == nil ? nil : "L",
                                                        difference: difference, differenceError: error)
            return candidate
        }
        let candidates = [candidate("L", 0, difference: nil, error: nil, bytes: 60_000),
                          candidate("A", 1, difference: 0.0003, error: 0.0001, bytes: 50_000),
                          candidate("B", 2, difference: 0.0008, error: 0.0002, bytes: 40_000),
                          candidate("C", 3, difference: 0.0001, error: 0.0001, bytes: 55_000),
                          candidate("D", 4, difference: 0.0001, error: 0.0001, bytes: 30_000, feasibility: .undecided)]
        #expect(abs(TuneChoice.zoneZ(candidates: 4) - 2.128) < 0.001)
        let rule = RaceRule(objective: .stallRate, budget: TuneBudget.bytesPerNavigation(61_000), comparisons: 70)
        let choice = try TuneChoice(network: 0, candidates: candidates, leader: 0, rule: rule, delta: 0.001, networkSpec: "n")
        #expect(choice.shipped == 1 && choice.leader == 0)
        #expect(choice.withinDelta == [0, 3] && choice.unresolved == [2] && choice.undecided == [4])
        // At 0.04 points A (+0.051) falls outside the zone and C (+0.031) stays: C is shipped. At
        // 0.02 points neither does: the leader is.
        let narrow = try TuneChoice(network: 0, candidates: candidates, leader: 0, rule: rule, delta: 0.0004, networkSpec: "n")
        #expect(narrow.shipped == 3 && narrow.withinDelta == [0])
        let none = try TuneChoice(network: 0, candidates: candidates, leader: 0, rule: rule, delta: 0.0002, networkSpec: "n")
        #expect(none.shipped == 0 && none.withinDelta.isEmpty && none.unresolved == [1, 2, 3])
    }

    /// The race's leader is not the first feasible candidate: F (first given, 8 %, 20 kB) is
    /// feasible but far worse than the leader L (3 %, 50 kB, given third); M (3.05 %, 45 kB) is
    /// within 0.1 points of L (+0.05 points, SE 0.01: +0.070 at the zone's one-sided z of 1.96,
    /// Bonferroni over the 2 compared with L). The zone is {L, M} and M, the cheaper, is shipped — not F, which a choice
    /// built around the first feasible candidate would ship as the cheapest of its own zone.
    @Test func theShippedIsChosenAroundTheLeaderNotTheFirstFeasible() throws {
        func candidate(_ name: String, _ index: Int, objective: Double, difference: Double?, bytes: Double,
                       feasibility: TuneCandidate.Feasibility = .feasible) -> TuneCandidate {
            var candidate = TuneCandidate(policy: name, policyIndex: index, network: "n", networkIndex: 0, replicates: 0)
            candidate.standing = TuneCandidate.Standing(round: 7, sessions: 1_000, objective: objective, bytesPerNavigation: bytes,
                                                        feasibility: feasibility, leader: difference == nil ? nil : "L",
                                                        difference: difference, differenceError: difference == nil ? nil : 0.0001)
            return candidate
        }
        let candidates = [candidate("F", 0, objective: 0.08, difference: 0.05, bytes: 20_000),
                          candidate("U", 1, objective: 0.02, difference: -0.01, bytes: 59_000, feasibility: .undecided),
                          candidate("L", 2, objective: 0.03, difference: nil, bytes: 50_000),
                          candidate("M", 3, objective: 0.0305, difference: 0.0005, bytes: 45_000)]
        let rule = RaceRule(objective: .stallRate, budget: TuneBudget.bytesPerNavigation(60_000), comparisons: 49)
        let choice = try TuneChoice(network: 0, candidates: candidates, leader: 2, rule: rule, delta: 0.001, networkSpec: "n")
        #expect(choice.leader == 2 && choice.shipped == 3)
        #expect(choice.withinDelta == [2] && choice.unresolved == [0] && choice.undecided == [1])
        // With delta 0 only the leader is in its zone: the leader itself is shipped.
        let strict = try TuneChoice(network: 0, candidates: candidates, leader: 2, rule: rule, delta: 0, networkSpec: "n")
        #expect(strict.shipped == 2 && strict.withinDelta.isEmpty)
    }

    /// The sessions that would settle a straddling candidate's bytes: its interval, ±200 around
    /// −100 on 400 sessions, narrows as 1/√n and stops holding 0 at n' = 400 × (200 / 100)² = 1,600;
    /// an estimate at the ceiling itself never settles.
    @Test func theSettlingSessionsScaleAsOneOverTheSquareRoot() {
        var standing = TuneCandidate.Standing(round: 7, sessions: 400)
        standing.budgetExcess = -100
        standing.budgetExcessInterval = -300 ... 100
        #expect(TuneKnee.settlingSessions(standing) == 1_600)
        standing.budgetExcess = 50
        standing.budgetExcessInterval = -150 ... 250
        #expect(TuneKnee.settlingSessions(standing) == 6_400)
        standing.budgetExcess = 0
        #expect(TuneKnee.settlingSessions(standing) == nil)
    }

    /// Sessions of 100 navigations, 200 of them, each in its own bucket; a candidate stalls
    /// `stalls(s)` times in session s and spends `bytes(s)` a navigation. With the same stalls and
    /// bytes in every session each replicate gives the same ratios (the weights are whole counts),
    /// so the interval is a point and a rule is tested at its very edge.
    static func exactSummary(stalls: (Int) -> Int, bytes: (Int) -> Int) -> MetricsSummary {
        var summary = MetricsSummary(replicates: 200)
        for session in 0 ..< 200 {
            var metrics = SessionMetrics()
            metrics.navigations = 100
            metrics.stalls = stalls(session)
            metrics.bytes = 100 * bytes(session)
            summary.add(metrics)
            summary.replicates.add(metrics, bucket: session)
        }
        return summary
    }

    /// The exits at their edges, the leader not given first, delta 2 points. F (given first, 5 %,
    /// 20 kB): worse than the best by 5 points, out. L (0 %, 50 kB) leads. G (exactly 2 %, 35 kB,
    /// a point interval): its difference from L is delta itself — not more, so it stays, and
    /// within it, so it is the anchor, the fewest bytes of the zone. A (1 %, 40 kB) and D (0.5 %,
    /// 45 kB): dearer than G and not better than it by more than delta: out, "dearer than a choice
    /// within delta". E (1 or 3 stalls a session, 2 % on average, 30 kB) straddles delta: cheaper
    /// than the anchor, it stays. The rule that dropped every candidate confirmed worse at all
    /// would have dropped G, A, D and E and shipped L, the dearest.
    @Test func aCandidateLeavesOnlyWhenItCanNoLongerBeTheAnswer() throws {
        func race(delta: Double) -> [TuneCandidate] {
            let specs: [(String, (Int) -> Int, Int)] = [("F", { _ in 5 }, 20_000), ("L", { _ in 0 }, 50_000), ("G", { _ in 2 }, 35_000),
                                                        ("A", { _ in 1 }, 40_000), ("D", { $0 % 2 }, 45_000), ("E", { $0 % 2 == 0 ? 1 : 3 }, 30_000)]
            var candidates = specs.enumerated().map { index, spec in
                var candidate = TuneCandidate(policy: spec.0, policyIndex: index, network: "n", networkIndex: 0, replicates: 200)
                candidate.summary = Self.exactSummary(stalls: spec.1, bytes: { _ in spec.2 })
                return candidate
            }
            let rule = RaceRule(objective: .stallRate, budget: nil, delta: delta, comparisons: TuneRun.comparisons(candidates: 6, budgeted: false))
            #expect(rule.judge(&candidates, live: Array(candidates.indices), round: 7, weights: BootstrapWeights(replicates: 200)) == 1)
            return candidates
        }
        let atDelta = race(delta: 0.02)
        let g = try #require(atDelta[2].standing)
        #expect(g.difference == 0.02 && g.differenceInterval == 0.02 ... 0.02)
        #expect(atDelta.map { $0.exit } == [.worseBeyondDelta, nil, nil, .dearerThanChoice, .dearerThanChoice, nil])
        #expect(atDelta[3].standing?.anchor == "G" && atDelta[5].standing?.anchor == "G")
        let e = try #require(atDelta[5].standing?.differenceInterval)
        #expect(e.lowerBound < 0.02 && e.upperBound > 0.02)
        // One step inside: G is worse than the best by more than delta and leaves; A, the fewest
        // bytes of those confirmed within, is the anchor, and D (dearer, not far better) leaves.
        let below = race(delta: 0.02.nextDown)
        #expect(below.map { $0.exit } == [.worseBeyondDelta, nil, .worseBeyondDelta, nil, .dearerThanChoice, nil])
        #expect(below[4].standing?.anchor == "A")
    }

    /// A dearer candidate far better than the anchor stays: it may be the best, or a knee. With
    /// delta 0.8 points, L (1 %, 50 kB, feasible) leads and A (1.4 % on average, 40 kB) is the
    /// anchor; K (0 %, 60 kB on average) straddles a 60 kB budget (its bytes swing): confirmed
    /// dearer than A, but better than it by 1.4 points, more than delta — so it races on. K'
    /// (1.2 %, 48 kB, feasible, within delta) is dearer and not far better: out.
    @Test func aDearerCandidateFarBetterThanTheAnchorStays() throws {
        let specs: [(String, (Int) -> Int, (Int) -> Int)] = [
            ("L", { _ in 1 }, { _ in 50_000 }), ("A", { $0 % 5 == 0 ? 3 : 1 }, { _ in 40_000 }),
            ("K", { _ in 0 }, { $0 % 2 == 0 ? 55_000 : 65_000 }), ("K'", { $0 % 5 == 0 ? 2 : 1 }, { _ in 48_000 })]
        var candidates = specs.enumerated().map { index, spec in
            var candidate = TuneCandidate(policy: spec.0, policyIndex: index, network: "n", networkIndex: 0, replicates: 200)
            candidate.summary = Self.exactSummary(stalls: spec.1, bytes: spec.2)
            return candidate
        }
        let rule = RaceRule(objective: .stallRate, budget: .bytesPerNavigation(60_000), delta: 0.008,
                            comparisons: TuneRun.comparisons(candidates: 4, budgeted: true))
        #expect(rule.judge(&candidates, live: [0, 1, 2, 3], round: 7, weights: BootstrapWeights(replicates: 200)) == 0)
        #expect(candidates[2].standing?.feasibility == .undecided && candidates[2].standing?.anchor == "A")
        #expect((candidates[2].standing?.bytesAboveAnchorInterval?.lowerBound ?? 0) > 0)
        #expect(candidates.map { $0.exit } == [nil, nil, nil, .dearerThanChoice])
    }

    /// A straddler one byte over the budget, and the budget's edge. K stalls on no navigation and
    /// spends 40,000 or 60,002 bytes a navigation, session by session (50,001 on average); S stalls
    /// on every fifth and spends 40,000. At a budget of 50,000 — one byte under K's estimate — K's
    /// interval holds the budget: undecided, not shipped, and far better than S: no confirmed answer,
    /// a choice, with even odds or worse that K is over. P (exactly 50,000 in every session, a
    /// point) is within a budget of 50,000 — the ceiling itself is within — and over at 49,999.
    @Test func aStraddlerOneByteOverIsAChoiceAndTheCeilingItselfIsWithin() throws {
        func judged(budget: Double) throws -> (candidates: [TuneCandidate], choice: TuneChoice, knee: TuneKnee?) {
            let specs: [(String, (Int) -> Int, (Int) -> Int)] = [("S", { _ in 20 }, { _ in 40_000 }), ("K", { _ in 0 }, { $0 % 2 == 0 ? 40_000 : 60_002 }),
                                                                ("P", { _ in 20 }, { _ in 50_000 })]
            var candidates = specs.enumerated().map { index, spec in
                var candidate = TuneCandidate(policy: spec.0, policyIndex: index, network: "n", networkIndex: 0, replicates: 200)
                candidate.summary = Self.exactSummary(stalls: spec.1, bytes: spec.2)
                return candidate
            }
            let rule = RaceRule(objective: .stallRate, budget: .bytesPerNavigation(budget), comparisons: TuneRun.comparisons(candidates: 3, budgeted: true))
            let leader = rule.judge(&candidates, live: [0, 1, 2], round: 7, weights: BootstrapWeights(replicates: 200))
            let choice = try TuneChoice(network: 0, candidates: candidates, leader: leader, rule: rule, delta: 0.001, networkSpec: "n")
            return (candidates, choice, TuneKnee(choice: choice, candidates: candidates, objective: .stallRate,
                                                 weights: BootstrapWeights(replicates: 200), delta: 0.001))
        }
        let atCeiling = try judged(budget: 50_000)
        let k = try #require(atCeiling.candidates[1].standing)
        #expect(k.bytesPerNavigation == 50_001 && k.budgetExcess == 1 && k.feasibility == .undecided)
        #expect(atCeiling.candidates[2].standing?.feasibility == .feasible && atCeiling.candidates[2].standing?.budgetExcessInterval == 0 ... 0)
        let knee = try #require(atCeiling.knee)
        #expect(knee.named == 1 && knee.isChoice && atCeiling.choice.undecided == [1])
        // S and P stall alike (20 %): P ties the leader S, and S, the cheaper, is the safe one.
        #expect(atCeiling.choice.shipped == 0)
        // One byte lower and P's point is over: out.
        let below = try judged(budget: 49_999)
        #expect(below.candidates[2].exit == .overBudget && below.candidates[1].standing?.feasibility == .undecided)
    }

    /// A straddler is a knee only when it is better than the safe one by more than delta, not by
    /// any amount. S (20 % stalls, 40 kB) is shipped at a budget of 50,000; K (no stall, 50,001 bytes
    /// on average) straddles it and is better than S by exactly 0.2 in every replicate, a point
    /// interval whose bound is the difference itself. With delta 0.2, or one step more, K is no
    /// knee: undecided in tune.csv, no better_undecided row; one step less, it is the knee.
    @Test func aStraddlerBetterByNoMoreThanDeltaIsNoKnee() throws {
        func judged(delta: Double) throws -> (knee: TuneKnee?, statuses: [String]) {
            let specs: [(String, (Int) -> Int, (Int) -> Int)] = [("S", { _ in 20 }, { _ in 40_000 }),
                                                                ("K", { _ in 0 }, { $0 % 2 == 0 ? 40_000 : 60_002 })]
            var candidates = specs.enumerated().map { index, spec in
                var candidate = TuneCandidate(policy: spec.0, policyIndex: index, network: "n", networkIndex: 0, replicates: 200)
                candidate.summary = Self.exactSummary(stalls: spec.1, bytes: spec.2)
                return candidate
            }
            let rule = RaceRule(objective: .stallRate, budget: .bytesPerNavigation(50_000), delta: delta,
                                comparisons: TuneRun.comparisons(candidates: 2, budgeted: true))
            let leader = rule.judge(&candidates, live: [0, 1], round: 7, weights: BootstrapWeights(replicates: 200))
            let choice = try TuneChoice(network: 0, candidates: candidates, leader: leader, rule: rule, delta: delta, networkSpec: "n")
            #expect(choice.shipped == 0 && choice.undecided == [1] && candidates[1].isIn, "delta \(delta)")
            let knee = TuneKnee(choice: choice, candidates: candidates, objective: .stallRate, weights: BootstrapWeights(replicates: 200),
                                delta: delta)
            let csv = String(decoding: TuneTable(objective: .stallRate, candidates: candidates, choices: [choice], knees: [knee], incumbent: nil)
                .csv(heldOut: [], estimates: []), as: UTF8.self)
            let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let status = try #require(lines.first?.firstIndex(of: "status"))
            return (knee, lines.dropFirst().map { $0[status] })
        }
        for delta in [0.2, 0.2.nextUp, 0.25] {
            let (knee, statuses) = try judged(delta: delta)
            #expect(knee == nil, "delta \(delta)")
            #expect(statuses == ["shipped", "undecided"], "delta \(delta)")
        }
        let (knee, statuses) = try judged(delta: 0.2.nextDown)
        let named = try #require(knee)
        #expect(named.named == 1 && named.better == [1] && named.isChoice && named.difference == -0.2 && named.bound == -0.2)
        #expect(statuses == ["safe", "better_undecided"])
    }

    @Test func parsesTheBudget() throws {
        #expect(try TuneBudget.parse("bytes_per_navigation=60000").get() == TuneBudget.bytesPerNavigation(60_000))
        #expect(throws: TuneError.self) { try TuneBudget.parse("stall_rate=0.1").get() }
        #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation=-1").get() }
        #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation").get() }
        let relative = try TuneBudget.parse("bytes_per_navigation=+5%:fixed:radius=2").get()
        guard case let .relative(allowance, reference) = relative else {
            Issue.record("a share of a policy's bytes parsed as \(relative)")
            return
        }
        #expect(reference.text == "fixed:radius=2" && reference.policy.spec == FixedPolicy(radius: 2).spec && abs(allowance - 0.05) < 1e-12)
        #expect(relative.description == "bytes_per_navigation=+5%:fixed:radius=2")
        // The reference keeps the spec as typed for messages; the policy is the one it names, parsed once.
        let below = try TuneBudget.parse("bytes_per_navigation=-10%:ondemand").get()
        #expect(below.reference?.text == "ondemand" && below.reference?.policy.spec == "ondemand" && below.description == "bytes_per_navigation=-10%:ondemand")
        if case let .relative(allowance, _) = below { #expect(allowance == -0.1) } else { Issue.record("-10%:ondemand parsed as \(below)") }
        // A reference that is no policy is refused with the budget, not later in the race.
        let refused = #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation=+5%:nope").get() }
        #expect(refused?.description.hasPrefix("--byte-budget: the reference nope is not a policy: ") == true)
        for bad in ["bytes_per_navigation=5%:fixed", "bytes_per_navigation=+5%", "bytes_per_navigation=+5%:", "bytes_per_navigation=-100%:fixed"] {
            #expect(throws: TuneError.self, "\(bad)") { try TuneBudget.parse(bad).get() }
        }
        // A signed amount without "%:SPEC" is a relative budget half-written, not that many bytes.
        let unsigned = #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation=+5").get() }
        #expect(unsigned?.description.contains("bytes_per_navigation=+5%:SPEC") == true, "\(String(describing: unsigned))")
        // Only the "%" forgotten: the suggestion keeps the policy.
        let noPercent = #expect(throws: TuneError.self) { try TuneBudget.parse("bytes_per_navigation=+5:fixed:radius=2").get() }
        #expect(noPercent?.description.contains("bytes_per_navigation=+5%:fixed:radius=2 (e.g.") == true, "\(String(describing: noPercent))")
        #expect(try TuneBudget.parse("bytes_per_navigation=5").get() == .bytesPerNavigation(5))
    }
}
