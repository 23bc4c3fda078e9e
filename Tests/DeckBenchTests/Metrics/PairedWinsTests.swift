import Foundation
import Testing
@testable import DeckBench

/// paired.csv's shares of sessions where one policy beat the other.
@Suite struct PairedWinsTests {
    private func metrics(navigations: Int, stalls: Int, bytes: Int = 0) -> SessionMetrics {
        var metrics = SessionMetrics()
        metrics.navigations = navigations
        metrics.stalls = stalls
        metrics.bytes = bytes
        return metrics
    }

    private func add(_ wins: inout PairedWins, _ sessions: [SessionMetrics]) {
        sessions.withUnsafeBufferPointer { wins.add($0) }
    }

    /// Three policies on one network, four sessions worked by hand (stalls / navigations):
    /// A 1/10 2/10 0/5 0/0, B 2/10 2/10 1/5 1/0, C 1/20 0/10 0/5 0/0. The session without
    /// navigations compares nothing. A–B: A better in 2 of 3, B in none. A–C: A better in 1
    /// (0/5 vs 0/5 ties, 1/10 vs 1/20: C), so A 0 of 3, C 2 of 3. B–C: C better in all 3.
    @Test func sharesCountStrictWinsOverSessionsWithNavigations() throws {
        var wins = PairedWins(policies: 3, networks: 1, columns: MetricSchema.standard.intervalColumns)
        #expect(wins.columns.first == "stall_rate" && !wins.columns.contains("stall_ms_p99"))
        let a = [metrics(navigations: 10, stalls: 1), metrics(navigations: 10, stalls: 2), metrics(navigations: 5, stalls: 0),
                 metrics(navigations: 0, stalls: 0)]
        let b = [metrics(navigations: 10, stalls: 2), metrics(navigations: 10, stalls: 2), metrics(navigations: 5, stalls: 1),
                 metrics(navigations: 0, stalls: 1)]
        let c = [metrics(navigations: 20, stalls: 1), metrics(navigations: 10, stalls: 0), metrics(navigations: 5, stalls: 0),
                 metrics(navigations: 0, stalls: 0)]
        for session in 0 ..< 4 { add(&wins, [a[session], b[session], c[session]]) }
        let ab = try #require(wins.shares(network: 0, a: 0, b: 1, column: "stall_rate"))
        #expect(ab.a == 2.0 / 3 && ab.b == 0)
        let ac = try #require(wins.shares(network: 0, a: 0, b: 2, column: "stall_rate"))
        #expect(ac.a == 0 && ac.b == 2.0 / 3)
        let bc = try #require(wins.shares(network: 0, a: 1, b: 2, column: "stall_rate"))
        #expect(bc.a == 0 && bc.b == 1)
        #expect(wins.shares(network: 0, a: 1, b: 0, column: "stall_rate") == nil)
        #expect(wins.shares(network: 0, a: 0, b: 1, column: "stall_ms_p99") == nil)
    }

    /// Replayers are policy-major: with two networks, policy p on network n is at p × 2 + n.
    @Test func networksArePairedSeparatelyAndMergeAndEncode() throws {
        var wins = PairedWins(policies: 2, networks: 2, columns: MetricSchema.standard.intervalColumns)
        var halves = [wins, wins]
        for session in 0 ..< 6 {
            // A on network 0, A on 1, B on 0, B on 1: on network 0 A stalls less and spends fewer
            // bytes; on network 1 B stalls less, and both spend nothing.
            let sessions = [metrics(navigations: 4, stalls: 1, bytes: 10), metrics(navigations: 4, stalls: 3),
                            metrics(navigations: 4, stalls: 2, bytes: 20), metrics(navigations: 4, stalls: 0)]
            add(&wins, sessions)
            add(&halves[session % 2], sessions)
        }
        #expect(wins.shares(network: 0, a: 0, b: 1, column: "stall_rate").map { [$0.a, $0.b] } == [1, 0])
        #expect(wins.shares(network: 1, a: 0, b: 1, column: "stall_rate").map { [$0.a, $0.b] } == [0, 1])
        #expect(wins.shares(network: 0, a: 0, b: 1, column: "bytes_per_navigation").map { [$0.a, $0.b] } == [1, 0])
        #expect(wins.shares(network: 1, a: 0, b: 1, column: "bytes_per_navigation").map { [$0.a, $0.b] } == [0, 0])
        halves[0].merge(halves[1])
        #expect(halves[0] == wins)
        let decoded = try JSONDecoder().decode(PairedWins.self, from: JSONEncoder().encode(wins))
        #expect(decoded == wins)
        #expect(decoded.shares(network: 1, a: 0, b: 1, column: "stall_rate").map { [$0.a, $0.b] } == [0, 1])
    }
}
