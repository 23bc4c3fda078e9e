import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// The policies that say they decide at commits only (`PrefetchPolicy.decidesAtCommitsOnly`) are
/// not asked after responses and failures: on every trigger but a commit they must keep what a
/// commit in the same place keeps and request nothing, whatever the cache holds. Checked for every
/// registered policy that says so, at its defaults and with each parameter at both ends of its
/// range, so a policy registered later is checked without being listed here.
@Suite struct CommitOnlyPolicyTests {
    /// Values for text parameters, by name: a file the test makes. A registered policy with a text
    /// parameter not here fails `everyRegisteredCommitOnlyPolicyIsChecked` until one is added.
    private static let textValues: [String: String] = ["model": modelFile]

    /// Every registered policy that says it decides at commits only, at its defaults and at each
    /// parameter's ends (the others at their defaults), made from its spec as `--policy` makes it.
    private static let policies: [any PrefetchPolicy] = PolicyRegistry.all.filter { type(of: $0.defaultPolicy).decidesAtCommitsOnly }
        .flatMap { entry -> [any PrefetchPolicy] in
            let texts = entry.textParameters.compactMap { parameter in textValues[parameter.name].map { "\(parameter.name)=\($0)" } }
            let ends = entry.parameters.flatMap { [$0.range.lowerBound, $0.range.upperBound].map { [name = $0.name] in ["\(name)=\($0)"] } }
            return ([[]] + ends).compactMap { keys in
                let pairs = texts + keys
                return try? PolicyRegistry.parse(entry.name + (pairs.isEmpty ? "" : ":" + pairs.joined(separator: ",")))
            }
        }

    /// A model learnt from generated users, in a file.
    private static let modelFile: String = {
        var learner = StepModelLearner()
        let generator = SessionGenerator(seed: 3)
        for index in 0 ..< 300 { learner.add(generator.session(index)) }
        let path = TestScratch.directory + "deckbench-commit-only-\(UUID().uuidString).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(StepModelFile.encoded(learner.model)))
        return path
    }()

    @Test func theBuiltInWindowPoliciesSaySoAndStagedDoesNot() {
        #expect([OnDemandPolicy.self, FixedPolicy.self, DirectionalPolicy.self, AdaptivePolicy.self, LearnedPolicy.self]
            .allSatisfy { ($0 as any PrefetchPolicy.Type).decidesAtCommitsOnly })
        #expect(!StagedPolicy.decidesAtCommitsOnly)
    }

    @Test func everyRegisteredCommitOnlyPolicyIsChecked() {
        let checked = Set(Self.policies.map { type(of: $0).name })
        for entry in PolicyRegistry.all where type(of: entry.defaultPolicy).decidesAtCommitsOnly {
            #expect(entry.textParameters.allSatisfy { Self.textValues[$0.name] != nil }, "\(entry.name): no value for a text parameter")
            // The defaults and both ends of every parameter, each a policy that parses.
            #expect(Self.policies.filter { type(of: $0).name == entry.name }.count == 1 + 2 * entry.parameters.count, "\(entry.name)")
            #expect(checked.contains(entry.name), "\(entry.name)")
        }
        #expect(checked.isSuperset(of: ["ondemand", "fixed", "directional", "adaptive", "learned"]))
        #expect(!checked.contains("staged"))
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
