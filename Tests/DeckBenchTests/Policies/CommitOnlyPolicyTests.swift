import Testing
@testable import DeckBench

/// The policies that say they decide at commits only (`PrefetchPolicy.decidesAtCommitsOnly`) are
/// not asked after responses and failures: on every trigger but a commit they must keep what a
/// commit in the same place keeps and request nothing, whatever the cache holds.
@Suite struct CommitOnlyPolicyTests {
    private static let policies: [any PrefetchPolicy] = [
        OnDemandPolicy(), FixedPolicy(radius: 0), FixedPolicy(radius: 3), DirectionalPolicy(), DirectionalPolicy(behind: 0, ahead: 7),
        AdaptivePolicy(), AdaptivePolicy(budget: 11), LearnedPolicy(model: Self.model, path: "m.json", budget: 5),
    ]

    /// A model learnt from generated users.
    private static let model: StepModel = {
        var learner = StepModelLearner()
        let generator = SessionGenerator(seed: 3)
        for index in 0 ..< 300 { learner.add(generator.session(index)) }
        return learner.model
    }()

    @Test func theBuiltInWindowPoliciesSaySoAndStagedDoesNot() {
        #expect(Self.policies.allSatisfy { type(of: $0).decidesAtCommitsOnly })
        #expect(!StagedPolicy.decidesAtCommitsOnly)
    }

    @Test func onEveryOtherTriggerTheyKeepWhatACommitKeepsAndAskNothing() {
        var random = SeededGenerator(seed: 41)
        for policy in Self.policies {
            for _ in 0 ..< 200 {
                let current = Int(random.next() % 21) - 10
                let direction: Direction? = [nil, .next, .prev][Int(random.next() % 3)]
                let cached = Set((0 ..< Int(random.next() % 6)).map { _ in Int(random.next() % 21) - 10 })
                let inFlight = Set((0 ..< Int(random.next() % 4)).map { _ in Int(random.next() % 21) - 10 }).subtracting(cached)
                let (same, reversed) = (Int(random.next() % 9), Int(random.next() % 9))
                let page = Int(random.next() % 21) - 10
                let previous: Direction? = [nil, .next, .prev][Int(random.next() % 3)]
                let gap: Int? = random.next() % 3 == 0 ? nil : Int(random.next() % 3_000)
                func decision(_ trigger: PolicyContext.Trigger) -> PolicyDecision {
                    PolicyContext.withCache(trigger: trigger, current: current, direction: direction, first: -10, last: 10, cached: cached,
                                            inFlight: inFlight, stepsSameWay: same, stepsReversed: reversed, previousDirection: previous,
                                            stepGapMs: gap) { context in
                        var decision = PolicyDecision()
                        policy.decide(context, into: &decision)
                        return decision
                    }
                }
                let atCommit = decision(.commit)
                for trigger: PolicyContext.Trigger in [.responseArrived(page: page), .requestFailed(page: page), .gestureStarted(target: page),
                                                       .gestureEnded(target: page)] {
                    let other = decision(trigger)
                    #expect(other.keep.ranges == atCommit.keep.ranges, "\(policy.spec) \(trigger)")
                    #expect(other.requests.isEmpty, "\(policy.spec) \(trigger)")
                }
            }
        }
    }
}
