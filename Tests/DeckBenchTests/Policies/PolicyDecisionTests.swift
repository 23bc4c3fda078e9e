import Testing
@testable import DeckBench

/// Policies as pure values: a context in, a decision (pages kept, pages requested) out.
@Suite struct PolicyDecisionTests {
    /// The tables behind the contexts a test made: a context does not keep its table alive.
    private final class Tables { var all: [PageTable] = [] }
    private let tables = Tables()

    private func context(current: Int = 0, direction: Direction? = nil, cached: [Int] = [], trigger: PolicyContext.Trigger = .commit,
                         sameWay: Int = 0, reversed: Int = 0) -> PolicyContext
    {
        let pages = PageTable()
        tables.all.append(pages)
        for page in cached { pages[page] = PageTable.Page(version: 0) }
        return PolicyContext(trigger: trigger, current: current, direction: direction, first: -10, last: 10, pages: pages,
                             stepsSameWay: sameWay, stepsReversed: reversed)
    }

    /// The decision as the window kept (policies built in keep one) and the requests.
    private func decide(_ policy: some PrefetchPolicy, _ context: PolicyContext) -> (ClosedRange<Int>, [Int]) {
        var decision = PolicyDecision()
        policy.decide(context, into: &decision)
        #expect(decision.keep.ranges.count == 1)
        return (decision.keep.ranges[0], decision.requests)
    }

    @Test func fixedAsksNearestFirstAlongTheDirection() {
        let fixed = FixedPolicy(radius: 2)
        #expect(decide(fixed, context(cached: [0])) == (-2 ... 2, [1, -1, 2, -2]))
        #expect(decide(fixed, context(direction: .prev, cached: [0, -1])) == (-2 ... 2, [1, -2, 2]))
    }

    @Test func directionalWidensAlongTheDirection() {
        let directional = DirectionalPolicy(behind: 1, ahead: 3)
        #expect(decide(directional, context(cached: [0])).0 == -1 ... 1)
        #expect(decide(directional, context(direction: .next, cached: [0])) == (-1 ... 3, [1, -1, 2, 3]))
        #expect(decide(directional, context(direction: .prev, cached: [0])) == (-3 ... 1, [-1, 1, -2, -3]))
    }

    @Test func windowsStopAtTheLimitsOfTheData() {
        #expect(decide(FixedPolicy(radius: 3), context(current: 9, cached: [9])) == (6 ... 10, [10, 8, 7, 6]))
    }

    @Test func stagedWaitsForEachStage() {
        let staged = StagedPolicy(radius: 2)
        // The current page without data is the app's to fetch (or retry): staged waits for it.
        #expect(decide(staged, context(cached: [])).1 == [])
        #expect(decide(staged, context(cached: [0])).1 == [1, -1])
        #expect(decide(staged, context(cached: [0, 1])).1 == [-1])
        #expect(decide(staged, context(direction: .prev, cached: [0, 1, -1])).1 == [-2, 2])
    }

    @Test func adaptiveIsSymmetricBeforeTheFirstStepAndAfterAJump() {
        let adaptive = AdaptivePolicy(budget: 6)
        #expect(decide(adaptive, context(cached: [0])) == (-3 ... 3, [1, -1, 2, -2, 3, -3]))
        // What it learnt does not matter without a direction; an odd budget leaves a page unspent.
        #expect(decide(adaptive, context(cached: [0], sameWay: 9)).0 == -3 ... 3)
        #expect(decide(AdaptivePolicy(budget: 5), context(cached: [0])).0 == -2 ... 2)
    }

    @Test func adaptiveSpendsItsBudgetInProportionToThePosteriorMean() {
        // Defaults, no evidence: Beta(2, 1), p = 2/3, 6 × 2/3 = 4 ahead: directional's 2 + 4.
        #expect(decide(AdaptivePolicy(), context(direction: .next, cached: [0])) == (-2 ... 4, [1, -1, 2, -2, 3, 4]))
        // Three reversals: p = 2/6, 6 × 1/3 = 2 ahead, 4 behind.
        #expect(decide(AdaptivePolicy(), context(direction: .next, cached: [0], reversed: 3)).0 == -4 ... 2)
        // Nine steps the same way: p = 11/12, 6 × 11/12 = 5.5, rounded half up: 6 ahead, none behind.
        #expect(decide(AdaptivePolicy(), context(direction: .next, cached: [0], sameWay: 9)) == (0 ... 6, [1, 2, 3, 4, 5, 6]))
        #expect(decide(AdaptivePolicy(), context(direction: .prev, cached: [0], sameWay: 9)).0 == -6 ... 0)
        // One of each: p = 3/6, half each way.
        #expect(decide(AdaptivePolicy(), context(direction: .prev, cached: [0], sameWay: 1, reversed: 2)).0 == -3 ... 3)
        // A flat prior Beta(1, 1), budget 3, no evidence: 1.5 rounds up to 2 ahead.
        let flat = AdaptivePolicy(budget: 3, priorSame: 1, priorReversed: 1)
        #expect(decide(flat, context(direction: .prev, cached: [0])).0 == -2 ... 1)
        // Only a commit asks for pages; a response keeps the window without asking.
        #expect(decide(AdaptivePolicy(), context(direction: .next, cached: [0], trigger: .responseArrived(page: 1))) == (-2 ... 4, []))
    }

    @Test func onDemandKeepsOnlyTheShownPage() {
        #expect(decide(OnDemandPolicy(), context(current: 4, cached: [3, 4, 5])) == (4 ... 4, []))
    }
}

@Suite struct PolicyContractTests {
    @Test func parametersAreDeclaredOnceAndParsedThroughTheirKeyPaths() throws {
        #expect(LeapPolicy.parameters.map(\.defaultValue) == [2])
        #expect(LeapPolicy().spec == "leap:gap=2")
        let parsed = try #require(try PolicyRegistry.parse("directional:ahead=6") as? DirectionalPolicy)
        #expect(parsed.behind == 2 && parsed.ahead == 6)
        // The built-ins in their order, each in or out of the default job; a policy registered
        // later may stand anywhere. A name is one policy's: a spec could not tell two apart.
        let names = PolicyRegistry.all.map(\.name)
        #expect(Set(names).count == names.count)
        let builtIn = ["ondemand", "fixed", "directional", "staged", "adaptive", "learned"]
        #expect(names.filter(builtIn.contains) == builtIn)
        #expect(PolicyRegistry.all.filter { builtIn.contains($0.name) && $0.inDefaultJob }.map(\.name) == ["ondemand", "fixed", "directional", "staged"])
        #expect(PolicyRegistry.all.first { $0.name == "staged" }?.parameters
            == [PolicyParameterDescription(name: "radius", defaultValue: 2, range: 0 ... 50, meaning: "farthest stage, in pages from the shown one")])
    }

    @Test func aPolicyMayKeepPagesThatAreNotNextToEachOther() {
        // leap gap 2: t=0 page 0 (demand) and 2 (prefetch) → 100. t=1000 tap next: 1 is not
        // cached → miss stall, demand → 1100. The decision keeps {1, 3}: 0 is dropped (the app's
        // data) and 2 is dropped, never needed (wasted); 3 is prefetched, never needed (wasted).
        let session = scenario(
            #"{"v":1,"session":"leap","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, LeapPolicy())
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.prefetches == 2)
        #expect(m.wastedPrefetches == 2)
        #expect(m.requests == 4)
        #expect(m.peakCachedPages == 2)
    }
}
