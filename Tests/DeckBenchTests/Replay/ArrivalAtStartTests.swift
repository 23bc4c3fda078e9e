import Testing
@testable import DeckBench

/// A response alone on the fair-share downlink, its request the only one in flight, has its
/// arrival scheduled when it starts instead of a transfer check when it is through
/// (`SharedDownlink.startAlone`), and so does the one transfer a check leaves
/// (`SharedDownlink.continuesAlone`). The replay must be the one every transfer checked gives, field
/// by field, on links made for ties: no jitter, round trips and rates that make transfers end on
/// the same microsecond as timeouts, as user events and as each other, with and without the user
/// waiting, every policy, one, two and unlimited connections.
@Suite struct ArrivalAtStartTests {
    static let networks = [
        "lte:jitter=0,rtt_ms=100,downlink_kbps=1600,connections=1,timeout_ms=150",
        "lte:jitter=0,rtt_ms=100,downlink_kbps=1600,connections=0,timeout_ms=150",
        "lte:jitter=0,rtt_ms=0,downlink_kbps=1600,connections=2,timeout_ms=100",
        "lte:jitter=0,rtt_ms=60,downlink_kbps=1600,connections=1,timeout_ms=130,loss=0.05",
        "lte:jitter=0,rtt_ms=40,downlink_kbps=3200,connections=2,outage_every_ms=1000,outage_ms=200,timeout_ms=300",
        "lte",
    ]

    @Test(arguments: [false, true])
    func theReplayIsTheOneEveryTransferCheckedGives(userWaits: Bool) throws {
        let generator = SessionGenerator(seed: 41)
        let sessions = (0 ..< 40).map { generator.session($0) }
        let settings = ReplaySettings(seed: 3, content: ContentModel(items: 20, itemBytes: 1_000, churnPerHour: 60), maxAgeMs: 0,
                                      bootstrap: 0, userWaits: userWaits)
        var (atStart, atChecks) = (0, 0)
        for spec in Self.networks {
            let network = try NetworkModel.parse(spec)
            for taken in [compare(OnDemandPolicy(), network, settings, sessions), compare(FixedPolicy(), network, settings, sessions),
                          compare(DirectionalPolicy(), network, settings, sessions), compare(StagedPolicy(), network, settings, sessions)] {
                atStart += taken.atStart
                atChecks += taken.atChecks
            }
        }
        // Both shortcuts were taken, often: the comparison is not between two checked replays.
        #expect(atStart > 1_000)
        #expect(atChecks > 1_000)
    }

    /// Replays `sessions` both ways and expects the same metrics; returns how many arrivals were
    /// scheduled at their transfer's start and when a check left it alone (the link counts them
    /// over its sessions).
    private func compare<Policy: PrefetchPolicy>(_ policy: Policy, _ network: NetworkModel, _ settings: ReplaySettings,
                                                 _ sessions: [Session]) -> (atStart: Int, atChecks: Int) {
        let fast = Replayer(policy: policy, network: network, settings: settings)
        let checked = Replayer(policy: policy, network: network, settings: settings)
        checked.link.checkEveryTransfer()
        for session in sessions {
            let expected = checked.replay(session)
            let got = fast.replay(session)
            #expect(got == expected, "\(Policy.name) on \(network.spec), user waits \(settings.userWaits), session \(session.id)")
        }
        #expect(checked.link.arrivalsAtStart == 0 && checked.link.arrivalsAtChecks == 0)
        return (fast.link.arrivalsAtStart, fast.link.arrivalsAtChecks)
    }
}
