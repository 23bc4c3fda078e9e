import Testing
@testable import DeckBench

/// Properties every replay must have, checked on generated sessions under every policy and on
/// networks that exercise queues, shared bandwidth, jitter and churn.
@Suite struct ReplayInvariantTests {
    static let networks = [
        "lte", "slow-3g:connections=1", "wifi:connections=0,jitter=1", "3g:downlink_kbps=0,rtt_ms=2000",
    ].map { try! NetworkModel.parse($0) }

    @Test(arguments: networks, [false, true])
    func countsAddUp(network: NetworkModel, userWaits: Bool) {
        let generator = SessionGenerator(seed: 99)
        let settings = ReplaySettings(seed: 3, content: ContentModel(items: 15, itemBytes: 2_000, churnPerHour: 120), bootstrap: 0, userWaits: userWaits)
        let extra = ["staged:radius=0", "fixed:radius=0", "adaptive", "adaptive:budget=3,prior_same=1,prior_reversed=1"]
        for policy in PolicyRegistry.defaults + extra.map({ try! PolicyRegistry.parse($0) }) {
            func check(_ policy: some PrefetchPolicy) {
                let replayer = Replayer(policy: policy, network: network, settings: settings)
                for index in 0 ..< 150 {
                    let session = generator.session(index)
                    var expected = RecordingSummary()
                    expected.add(session)
                    let m = replayer.replay(session)
                    #expect(m.navigations == expected.navigations, "\(policy.spec) \(session.id)")
                    #expect(m.bounces == expected.bounces)
                    #expect(m.stalls == m.missStalls + m.lateStalls)
                    #expect(m.stalls <= m.navigations)
                    #expect(m.abandonedStalls <= m.stalls)
                    #expect(m.coveredNavigations + m.stalls <= m.navigations)
                    #expect(m.resets == m.needlessResets + m.staleUpdates)
                    #expect(m.disruptiveResets <= m.resets)
                    #expect(m.prefetches == m.usefulPrefetches + m.wastedPrefetches, "\(policy.spec) \(session.id)")
                    #expect(m.prefetches <= m.requests)
                    #expect(m.firstLoadMs != nil)
                    #expect(m.stallMsMax <= m.stallMsTotal)
                    #expect(m.diffOpsTotal >= m.staleUpdates)
                    // Open loop the session lasts as recorded; closed loop the waits add to it.
                    // The waits are the stalls' parts after their commits (1 ms of rounding each).
                    if userWaits { #expect(m.sessionMs >= session.endMs) } else { #expect(m.sessionMs == session.endMs) }
                    #expect(m.addedWaitMs <= m.stallMsTotal + m.stalls, "\(policy.spec) \(session.id)")
                    #expect(m.sessionMs - session.endMs <= m.addedWaitMs + 1)
                    if policy is OnDemandPolicy { #expect(m.prefetches == 0) }
                }
                let summary = replayer.summary
                #expect(summary.sessions == 150)
                #expect(summary.stallMsPerNavigation.count == summary.totals.navigations)
                #expect(summary.stallMsPerStall.count == summary.totals.stalls)
                #expect(summary.diffOps.count == summary.totals.staleUpdates)
                #expect(summary.firstLoadMs.count == 150)
            }
            check(policy)
        }
    }

    /// A policy whose window is the shown page alone prefetches nothing: whatever its name, it
    /// replays exactly like `ondemand`, on every network (loss, outages, queues, traces of
    /// retries), since the shown page is the app's.
    @Test func policiesWithoutAWindowReplayExactlyLikeOnDemand() {
        let generator = SessionGenerator(seed: 31)
        let settings = ReplaySettings(seed: 6, content: ContentModel(churnPerHour: 60), bootstrap: 0)
        let networks = ["lte", "very-bad", "subway", "3g:connections=1,loss=0.3,timeout_ms=2000", "edge:connections=2"]
            .map { try! NetworkModel.parse($0) }
        let narrow = ["fixed:radius=0", "staged:radius=0", "directional:behind=0,ahead=0", "adaptive:budget=0"].map { try! PolicyRegistry.parse($0) }
        for network in networks {
            let onDemand = Replayer(policy: OnDemandPolicy(), network: network, settings: settings)
            let sessions = (0 ..< 150).map { generator.session($0) }
            let expected = sessions.map(onDemand.replay)
            #expect(expected.map(\.retries).reduce(0, +) > 0 || !network.losesRequests, "\(network.name) must exercise retries")
            for policy in narrow {
                func run(_ policy: some PrefetchPolicy) -> [SessionMetrics] {
                    let replayer = Replayer(policy: policy, network: network, settings: settings)
                    return sessions.map(replayer.replay)
                }
                let got = run(policy)
                for (index, metrics) in got.enumerated() where metrics != expected[index] {
                    Issue.record("\(policy.spec) on \(network.spec), session \(sessions[index].id): \(metrics) ≠ ondemand's \(expected[index])")
                    break
                }
            }
        }
    }

    @Test func replayingTwiceGivesTheSameMetrics() {
        let generator = SessionGenerator(seed: 5)
        let network = try! NetworkModel.parse("3g:connections=2")
        let settings = ReplaySettings(seed: 8, content: ContentModel(churnPerHour: 60), bootstrap: 0)
        let first = Replayer(policy: StagedPolicy(), network: network, settings: settings)
        let second = Replayer(policy: StagedPolicy(), network: network, settings: settings)
        let sessions = (0 ..< 50).map { generator.session($0) }
        // The second replayer sees the sessions in reverse order: a replay depends on its session only.
        let forward = sessions.map(first.replay)
        let backward = sessions.reversed().map(second.replay).reversed()
        #expect(forward == Array(backward))
        #expect(first.summary == second.summary)
    }

    /// Replayers of one worker share a `SessionCommons` (round-trip and loss draws, content, diffs):
    /// each session replayed by all of them in turn gives what replayers with their own worlds give.
    @Test func sharingTheCommonDrawsChangesNothing() {
        let generator = SessionGenerator(seed: 12)
        let settings = ReplaySettings(seed: 4, content: ContentModel(items: 30, churnPerHour: 600), bootstrap: 0)
        let networks = ["very-bad", "3g:jitter=1,loss=0.2,connections=2"].map { try! NetworkModel.parse($0) }
        let policies: [any PrefetchPolicy] = PolicyRegistry.defaults
        let commons = SessionCommons(settings: settings)
        func shared(_ policy: some PrefetchPolicy, _ network: NetworkModel) -> any SessionReplaying {
            Replayer(policy: policy, network: network, settings: settings, commons: commons)
        }
        func alone(_ policy: some PrefetchPolicy, _ network: NetworkModel) -> any SessionReplaying {
            Replayer(policy: policy, network: network, settings: settings)
        }
        let sharing = policies.flatMap { policy in networks.map { shared(policy, $0) } }
        let separate = policies.flatMap { policy in networks.map { alone(policy, $0) } }
        var staleUpdates = 0
        for index in 0 ..< 120 {
            let session = generator.session(index)
            for (a, b) in zip(sharing, separate) {
                let metrics = a.replay(session)
                #expect(metrics == b.replay(session), "\(a.policySpec) \(a.networkSpec) \(session.id)")
                staleUpdates += metrics.staleUpdates
            }
        }
        #expect(staleUpdates > 0, "the sessions must exercise shared diffs")
    }
}
