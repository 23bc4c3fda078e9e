import Testing
@testable import DeckBench

/// `paired.csv` on hand-made summaries.
@Suite struct PairedTableTests {
    /// A summary of `sessions` sessions, each with 10 navigations and `stalls(index)` stalls, in
    /// the buckets the sessions' ids give.
    private func summary(_ stalls: (Int) -> Int, sessions: Int = 300) -> MetricsSummary {
        var summary = MetricsSummary()
        summary.replicates = BootstrapReplicates(replicates: 200)
        for index in 0 ..< sessions {
            var metrics = SessionMetrics()
            metrics.navigations = 10
            metrics.stalls = stalls(index)
            metrics.bytes = 1_000
            summary.add(metrics)
            summary.replicates.add(metrics, bucket: BootstrapReplicates.bucket(file: "f", session: "s\(index)"))
        }
        return summary
    }

    private func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// B stalls once more than A in every session: a difference of exactly −0.1 in every
    /// replicate, so its interval is the point; equal bytes give 0 [0, 0].
    @Test func aConstantDifferenceHasAPointInterval() throws {
        let a = summary { $0 % 3 }
        let b = summary { $0 % 3 + 1 }
        let csv = try #require(PairedTable().csv([PointSummary(policy: "A", network: "n", summary: a), PointSummary(policy: "B", network: "n", summary: b)]))
        let stallRate = try #require(rows(csv).first { $0[3] == "stall_rate" })
        #expect(stallRate == ["n", "A", "B", "stall_rate", "0.1000", "0.2000", "-0.1000", "-0.1000", "-0.1000", "", ""])
        let bytes = try #require(rows(csv).first { $0[3] == "bytes_per_navigation" })
        #expect(Array(bytes.suffix(5)) == ["0.0000", "0.0000", "0.0000", "", ""])
    }

    /// Noisy differences: the interval holds the point and is narrower than the two separate intervals.
    @Test func pairingNarrowsTheInterval() throws {
        let a = summary { ($0 * 7) % 5 }
        let b = summary { ($0 * 7) % 5 + ($0 % 4 == 0 ? 1 : 0) }
        let csv = try #require(PairedTable().csv([PointSummary(policy: "A", network: "n", summary: a), PointSummary(policy: "B", network: "n", summary: b)]))
        let row = try #require(rows(csv).first { $0[3] == "stall_rate" })
        let (point, low, high) = (Double(row[6])!, Double(row[7])!, Double(row[8])!)
        #expect(low <= point && point <= high && high < 0)
        let separate = [a, b].map { $0.replicates.interval(\.stalls, over: \.navigations)! }
        #expect(high - low < (separate[0].high - separate[0].low) + (separate[1].high - separate[1].low))
    }

    @Test func pairsAreAllUpTo16PoliciesElseEachWithTheFirst() {
        #expect(PairedWins.pairs(3).map { [$0.0, $0.1] } == [[0, 1], [0, 2], [1, 2]])
        #expect(PairedWins.pairs(16).count == 120)
        #expect(PairedWins.pairs(17).map { [$0.0, $0.1] } == (1 ..< 17).map { [0, $0] })
        #expect(PairedTable().csv([PointSummary(policy: "A", network: "n", summary: MetricsSummary())]) == nil)
    }
}

extension PairedTableTests {
    /// With the wins counted, each ratio row ends with the two shares; `stall_ms_p99` has a row
    /// with an interval in whole ms and no shares.
    @Test func sharesAndTheP99Row() throws {
        var a = summary { $0 % 3 }
        var b = summary { $0 % 3 + 1 }
        for (index, summary) in [a, b].enumerated() {
            var copy = summary
            for session in 0 ..< 300 {
                let bucket = BootstrapReplicates.bucket(file: "f", session: "s\(session)")
                if session % 5 == 0 { copy.stallMsPerStall.record(200 + 100 * index + session) } else { copy.navigationsWithoutStall += 1 }
                copy.replicates.recordStall(session % 5 == 0 ? 200 + 100 * index + session : 0, bucket: bucket)
            }
            if index == 0 { a = copy } else { b = copy }
        }
        var wins = PairedWins(policies: 2, networks: 1, columns: MetricSchema.standard.intervalColumns)
        for session in 0 ..< 300 {
            var ma = SessionMetrics(), mb = SessionMetrics()
            (ma.navigations, ma.stalls, mb.navigations, mb.stalls) = (10, session % 3, 10, session % 3 + 1)
            [ma, mb].withUnsafeBufferPointer { wins.add($0) }
        }
        let csv = try #require(PairedTable().csv([PointSummary(policy: "A", network: "n", summary: a), PointSummary(policy: "B", network: "n", summary: b)], wins: wins))
        let stallRate = try #require(rows(csv).first { $0[3] == "stall_rate" })
        #expect(Array(stallRate.suffix(2)) == ["1.0000", "0.0000"])
        let p99 = try #require(rows(csv).first { $0[3] == "stall_ms_p99" })
        let (pointA, pointB) = (try #require(Int(p99[4])), try #require(Int(p99[5])))
        #expect(pointA == a.stallMsPerNavigation.value(at: 99) && pointB == b.stallMsPerNavigation.value(at: 99))
        #expect(Int(p99[6]) == pointA - pointB)
        let (low, high) = (try #require(Int(p99[7])), try #require(Int(p99[8])))
        #expect(low <= high && high < 0, "B's stalls are 100 ms longer: \(low) … \(high)")
        #expect(Array(p99.suffix(2)) == ["", ""])
    }
}
