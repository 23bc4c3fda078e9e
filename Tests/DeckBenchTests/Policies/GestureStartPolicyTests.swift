import Testing
@testable import DeckBench

/// The policies that say a gesture's start changes nothing (`PrefetchPolicy.ignoresGestureStarts`)
/// are not asked when a gesture starts: on `gestureStarted` they must request nothing, and the
/// pages they keep must not depend on the trigger nor on the cache — what a decision on any trigger
/// over another cache in the same place keeps. Checked for every registered policy that says so,
/// at its defaults and with each parameter at both ends of its range.
@Suite struct GestureStartPolicyTests {
    /// Every registered policy that says so, at its defaults and at each parameter's ends (the
    /// others at their defaults), made from its spec as `--policy` makes it. None has a text
    /// parameter (`everyOneIsChecked` fails when one does).
    private static let policies: [any PrefetchPolicy] = PolicyRegistry.all.filter { type(of: $0.defaultPolicy).ignoresGestureStarts }
        .flatMap { entry -> [any PrefetchPolicy] in
            let ends = entry.parameters.flatMap { [$0.range.lowerBound, $0.range.upperBound].map { [name = $0.name] in "\(name)=\($0)" } }
            return ([""] + ends).compactMap { key in try? PolicyRegistry.parse(entry.name + (key.isEmpty ? "" : ":" + key)) }
        }

    @Test func stagedSaysSoAndTheCommitOnlyOnesNeedNot() {
        #expect(StagedPolicy.ignoresGestureStarts)
        #expect(![OnDemandPolicy.self, FixedPolicy.self, DirectionalPolicy.self, AdaptivePolicy.self, LearnedPolicy.self]
            .contains { ($0 as any PrefetchPolicy.Type).ignoresGestureStarts })
    }

    @Test func everyOneIsChecked() {
        for entry in PolicyRegistry.all where type(of: entry.defaultPolicy).ignoresGestureStarts {
            #expect(entry.textParameters.isEmpty, "\(entry.name): a text parameter needs a value here")
            #expect(Self.policies.filter { type(of: $0).name == entry.name }.count == 1 + 2 * entry.parameters.count, "\(entry.name)")
        }
        #expect(Set(Self.policies.map { type(of: $0).name }) == ["staged"])
    }

    @Test func atAGestureStartTheyAskNothingAndKeepWhatEveryTriggerOverAnyCacheKeeps() {
        var random = SeededGenerator(seed: 43)
        func someCache() -> (cached: Set<Int>, inFlight: Set<Int>) {
            let cached = Set((0 ..< Int(random.next() % 8)).map { _ in Int(random.next() % 21) - 10 })
            return (cached, Set((0 ..< Int(random.next() % 5)).map { _ in Int(random.next() % 21) - 10 }).subtracting(cached))
        }
        for policy in Self.policies {
            for _ in 0 ..< 200 {
                let current = Int(random.next() % 21) - 10
                let direction: Direction? = [nil, .next, .prev][Int(random.next() % 3)]
                let (same, reversed) = (Int(random.next() % 9), Int(random.next() % 9))
                let page = Int(random.next() % 21) - 10
                let previous: Direction? = [nil, .next, .prev][Int(random.next() % 3)]
                let gap: Int? = random.next() % 3 == 0 ? nil : Int(random.next() % 3_000)
                func decision(_ trigger: PolicyContext.Trigger, _ cache: (cached: Set<Int>, inFlight: Set<Int>)) -> PolicyDecision {
                    PolicyContext.withCache(trigger: trigger, current: current, direction: direction, first: -10, last: 10, cached: cache.cached,
                                            inFlight: cache.inFlight, stepsSameWay: same, stepsReversed: reversed, previousDirection: previous,
                                            stepGapMs: gap) { context in
                        var decision = PolicyDecision()
                        policy.decide(context, into: &decision)
                        return decision
                    }
                }
                let atStart = decision(.gestureStarted(target: page), someCache())
                #expect(atStart.requests.isEmpty, "\(policy.spec)")
                for trigger: PolicyContext.Trigger in [.commit, .responseArrived(page: page), .requestFailed(page: page),
                                                       .gestureEnded(target: page), .gestureStarted(target: page)] {
                    #expect(decision(trigger, someCache()).keep.ranges == atStart.keep.ranges, "\(policy.spec) \(trigger)")
                }
            }
        }
    }
}
