import Testing
@testable import DeckBench

/// Policies as pure values: a context in, a window and requests out.
@Suite struct PolicyDecisionTests {
    private func context(current: Int = 0, direction: Direction? = nil, cached: [Int] = [], trigger: PolicyContext.Trigger = .commit)
        -> PolicyContext
    {
        let pages = PageTable()
        for page in cached { pages[page] = PageTable.Page(version: 0) }
        return PolicyContext(trigger: trigger, current: current, direction: direction, first: -10, last: 10, pages: pages)
    }

    private func decide(_ policy: some PrefetchPolicy, _ context: PolicyContext) -> (ClosedRange<Int>, [Int]) {
        var requests: [Int] = []
        let window = policy.decide(context, requests: &requests)
        return (window, requests)
    }

    @Test func fixedAsksNearestFirstAlongTheDirection() {
        let fixed = FixedPolicy(values: ["radius": 2])
        #expect(decide(fixed, context(cached: [0])) == (-2 ... 2, [1, -1, 2, -2]))
        #expect(decide(fixed, context(direction: .prev, cached: [0, -1])) == (-2 ... 2, [1, -2, 2]))
    }

    @Test func directionalWidensAlongTheDirection() {
        let directional = DirectionalPolicy(values: ["behind": 1, "ahead": 3])
        #expect(decide(directional, context(cached: [0])).0 == -1 ... 1)
        #expect(decide(directional, context(direction: .next, cached: [0])) == (-1 ... 3, [1, -1, 2, 3]))
        #expect(decide(directional, context(direction: .prev, cached: [0])) == (-3 ... 1, [-1, 1, -2, -3]))
    }

    @Test func windowsStopAtTheLimitsOfTheData() {
        #expect(decide(FixedPolicy(values: ["radius": 3]), context(current: 9, cached: [9])) == (6 ... 10, [10, 8, 7, 6]))
    }

    @Test func stagedWaitsForEachStage() {
        let staged = StagedPolicy(values: ["radius": 2])
        // The current page without data is the app's to fetch (or retry): staged waits for it.
        #expect(decide(staged, context(cached: [])).1 == [])
        #expect(decide(staged, context(cached: [0])).1 == [1, -1])
        #expect(decide(staged, context(cached: [0, 1])).1 == [-1])
        #expect(decide(staged, context(direction: .prev, cached: [0, 1, -1])).1 == [-2, 2])
    }

    @Test func onDemandKeepsOnlyTheShownPage() {
        #expect(decide(OnDemandPolicy(), context(current: 4, cached: [3, 4, 5])) == (4 ... 4, []))
    }
}
