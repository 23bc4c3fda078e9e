import Testing
@testable import DeckBench

/// The points compare walks: the baseline's in its order, each paired with the candidate's network
/// that continues it, then the candidate's points that pair with none.
@Suite struct NetworkCounterpartsTests {
    private func points(_ specs: [(String, String)]) -> [ReplayPoint] {
        specs.map { ReplayPoint(policy: $0.0, network: $0.1) }
    }

    /// lte refit to lte:rtt_ms=200 continues lte; 3g is kept; staged on wifi is the candidate's alone.
    @Test func aRefitContinuesItsNetworkAndNewPointsComeLast() {
        let baseline = points([("fixed", "lte"), ("fixed", "3g"), ("staged", "lte")])
        let candidate = points([("staged", "wifi"), ("fixed", "3g"), ("staged", "lte:rtt_ms=200"), ("fixed", "lte:rtt_ms=200")])
        let networks = NetworkCounterparts(baseline: baseline, candidate: candidate)
        #expect(networks.changes.map { "\($0.baseline) → \($0.candidate)" } == ["lte → lte:rtt_ms=200"])
        #expect(networks.candidatePoint(baseline[0]) == ReplayPoint(policy: "fixed", network: "lte:rtt_ms=200"))
        #expect(networks.candidatePoint(baseline[1]) == baseline[1])
        #expect(networks.points(baseline: baseline, candidate: candidate) == baseline + [ReplayPoint(policy: "staged", network: "wifi")])
    }

    @Test func uniqueKeepsTheFirstOrder() {
        #expect(NetworkCounterparts.unique(["lte", "3g", "lte", "wifi", "3g"]) == ["lte", "3g", "wifi"])
    }
}
