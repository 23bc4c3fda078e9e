import Foundation
import Testing
@testable import DeckBench

/// The Poisson bootstrap behind summary.csv's intervals.
@Suite struct BootstrapTests {
    @Test func bucketsDependOnTheFileNameAndSessionOnly() {
        let bucket = BootstrapReplicates.bucket(file: "a/sessions-001.jsonl.zst", session: "s1")
        #expect(bucket == BootstrapReplicates.bucket(file: "elsewhere/sessions-001.jsonl.zst", session: "s1"))
        #expect((0 ..< BootstrapReplicates.buckets).contains(bucket))
        let spread = Set((0 ..< 2_000).map { BootstrapReplicates.bucket(file: "f", session: "s\($0)") })
        #expect(spread.count > 800, "2,000 sessions fill \(spread.count) of 1,024 buckets")
        #expect(BootstrapReplicates.weights(bucket: 3, replicates: 10) == Array(BootstrapReplicates.weights(bucket: 3, replicates: 1_000).prefix(10)))
    }

    /// The weights are the same whether sixteen at a time (four draws on the vector unit) or one
    /// draw at a time make them: a run's first weights are the prefix of a longer run's, past and
    /// at each boundary of sixteen and of a draw's four; and they are the thresholds applied to the
    /// generator's 16-bit quarters, lowest first.
    @Test func weightsAreTheSameSixteenAtATimeAsOneAtATime() {
        for bucket in [0, 3, 1_023, 1_024 + 127] {
            let long = BootstrapReplicates.weights(bucket: bucket, replicates: 1_000)
            for count in [0, 1, 3, 4, 5, 15, 16, 17, 31, 32, 33, 64, 999] {
                #expect(BootstrapReplicates.weights(bucket: bucket, replicates: count) == Array(long.prefix(count)), "bucket \(bucket), \(count)")
            }
            #expect(long.allSatisfy { $0 <= BootstrapReplicates.largestWeight })
        }
        // The first draw of bucket 0's stream, weighed by hand: 0 below 24,109, 1 below 48,219, ...
        var random = SeededGenerator(seed: 0xB007_57A9, keys: RandomKey.bootstrap, 0)
        let bits = random.next()
        let thresholds = [24_109, 48_219, 60_273, 64_292, 65_296, 65_497, 65_531, 65_535]
        let expected = (0 ..< 4).map { quarter in UInt8(thresholds.count { $0 <= Int((bits >> (16 * UInt64(quarter))) & 0xFFFF) }) }
        #expect(Array(BootstrapReplicates.weights(bucket: 0, replicates: 4)) == expected)
        #expect(Array(BootstrapReplicates.weights(bucket: 0, replicates: 1_000).prefix(4)) == expected)
    }

    /// Poisson(1): mean 1, P(0) = e⁻¹, over many draws.
    @Test func weightsArePoissonOne() {
        let all = (0 ..< 100).flatMap { BootstrapReplicates.weights(bucket: $0, replicates: 1_000) }.map(Double.init)
        let mean = all.reduce(0, +) / Double(all.count)
        let zeros = Double(all.filter { $0 == 0 }.count) / Double(all.count)
        #expect(abs(mean - 1) < 0.01)
        #expect(abs(zeros - 0.3679) < 0.01)
        #expect(all.allSatisfy { $0 <= 8 })
    }

    private func session(navigations: Int, stalls: Int) -> SessionMetrics {
        var metrics = SessionMetrics()
        metrics.navigations = navigations
        metrics.stalls = stalls
        return metrics
    }

    /// The weighted sums on the vector units (AVX2 and FMA where the processor has them, eight
    /// replicates at a time, then four, then one) are the sums bucket by bucket in order, to the
    /// bit: totals are whole numbers and every sum stays below 2⁵³. Replicate counts that are and
    /// are not multiples of eight and four (12: a block of each; 15: and three alone); with the
    /// run's weight table and without; buckets holding only zeros.
    @Test func weightedSumsOnTheVectorUnitsAreTheSumsInBucketOrder() {
        var random = SeededGenerator(seed: 5, keys: 27)
        for replicates in [1, 3, 4, 8, 12, 15, 203, 1_000] {
            var bootstrap = BootstrapReplicates(replicates: replicates)
            for index in 0 ..< 700 {
                var metrics = SessionMetrics()
                if index % 50 != 0 {
                    for keyPath in BootstrapReplicates.counts { metrics[keyPath: keyPath] = Int(random.next() % (index % 3 == 0 ? 1 << 36 : 50)) }
                }
                bootstrap.add(metrics, bucket: BootstrapReplicates.bucket(file: "f", session: "s\(index)"))
            }
            let table = BootstrapReplicates.weightTable(replicates: replicates)
            let reference = bootstrap.replicateSumsInBucketOrder(weights: table)!.sums.map(\.bitPattern)
            #expect(reference.contains { $0 != 0 })
            #expect(bootstrap.replicateSums(weights: table)!.sums.map(\.bitPattern) == reference, "\(replicates) replicates")
            #expect(bootstrap.replicateSums()!.sums.map(\.bitPattern) == reference, "\(replicates) replicates, weights drawn")
        }
    }

    /// Bucket totals below 2³⁰ are summed in integers, in one 15-bit part or two, two buckets at a
    /// time: the same sums as bucket by bucket in order, to the bit. Totals at the edges (32,767 in
    /// every bucket for one count, 32,768 in one bucket of another, 2³⁰ − 1 in one bucket of a
    /// third), an odd and an even number of buckets, replicate counts that leave some to do one at
    /// a time; and a total of 2³⁰, which the doubles take.
    @Test func smallCountsSummedInIntegersAreTheSumsInBucketOrder() {
        var random = SeededGenerator(seed: 6, keys: 28)
        let counts = BootstrapReplicates.counts
        let edge = (1 << 30) - 1
        for (replicates, sessions, largest) in [(8, 1, edge), (8, 2, edge), (13, 301, edge), (1_000, 700, edge), (203, 64, edge), (203, 64, edge + 1)] {
            var bootstrap = BootstrapReplicates(replicates: replicates)
            for index in 0 ..< sessions {
                var metrics = SessionMetrics()
                for (column, keyPath) in counts.enumerated() {
                    switch column {
                    case 0: metrics[keyPath: keyPath] = 32_767
                    case 2: metrics[keyPath: keyPath] = index == sessions / 2 ? 32_768 : Int(random.next() % 3)
                    case 5: metrics[keyPath: keyPath] = index == sessions - 1 ? largest : Int(random.next() % UInt64(largest))
                    default: metrics[keyPath: keyPath] = Int(random.next() % 50)
                    }
                }
                // One session a bucket: each bucket's total is the session's count.
                bootstrap.add(metrics, bucket: index * (BootstrapReplicates.buckets / max(sessions, 1)) % BootstrapReplicates.buckets)
            }
            let table = BootstrapReplicates.weightTable(replicates: replicates)
            let reference = bootstrap.replicateSumsInBucketOrder(weights: table)!.sums.map(\.bitPattern)
            #expect(bootstrap.replicateSums(weights: table)!.sums.map(\.bitPattern) == reference, "\(replicates) replicates, \(sessions) sessions, \(largest)")
            #expect(bootstrap.replicateSums()!.sums.map(\.bitPattern) == reference, "\(replicates) replicates, \(sessions) sessions, weights drawn")
            // The first count is 32,767 times each bucket's weight: a whole replicate's sum.
            let sums = bootstrap.replicateSums(weights: table)!.sums
            #expect(sums[0 ..< replicates].allSatisfy { $0.truncatingRemainder(dividingBy: 32_767) == 0 })
        }
    }

    /// `add` reads the fields of `counts` one by one, in that order.
    @Test func addReadsTheCountsInOrder() {
        var metrics = SessionMetrics()
        for (index, keyPath) in BootstrapReplicates.counts.enumerated() { metrics[keyPath: keyPath] = 10 + index }
        for (index, keyPath) in BootstrapReplicates.counts.enumerated() {
            var replicates = BootstrapReplicates(replicates: 50)
            replicates.add(metrics, bucket: 7)
            // Every replicate holds bucket 7 with some weight, or nothing: the ratio is exact.
            #expect(replicates.interval(keyPath, over: \.navigations).map { [$0.low, $0.high] } == [Double(10 + index) / 10, Double(10 + index) / 10])
        }
    }

    /// The buckets keep the counts of the standard metrics that declare a ratio interval, in the
    /// order bootstrap.json and shard.json (format 1) store them.
    @Test func countsComeFromTheMetricsThatDeclareIntervals() {
        let expected: [Metric.Count] = [\.navigations, \.stalls, \.stallMsTotal, \.resets, \.staleUpdates, \.bytes, \.wastedPrefetches]
        #expect(BootstrapReplicates.counts == expected)
        #expect(MetricSchema.standard.intervalColumns.map(\.name) == [
            "stall_rate", "stall_ms_p99", "stall_ms_stalled_p99", "stall_ms_cvar99", "stall_ms_per_navigation", "resets_per_navigation",
            "stale_updates_per_navigation",
            "bytes_per_navigation", "wasted_prefetches_per_navigation",
        ])
    }

    /// A metric with an interval is one descriptor: `interval: true` on a ratio of kept counts
    /// gives summary.csv its bounds, computed from the same buckets.
    @Test func aDescriptorWithAnIntervalGetsItsBounds() {
        let stallsPerReset = Metric("stalls_per_reset", unit: .ratio, better: .lower, summary: .ratioOfSums(\.stalls, over: \.resets),
                                    interval: true, meaning: "stalls / resets")
        let schema = MetricSchema.standard.adding([stallsPerReset])
        let table = SummaryTable(schema: schema, intervals: true)
        #expect(table.header.suffix(4) == ["stalls_per_reset", "stalls_per_reset_ci_low", "stalls_per_reset_ci_high", "pareto"])
        var summary = MetricsSummary()
        summary.replicates = BootstrapReplicates(replicates: 100)
        for index in 0 ..< 39 {
            var metrics = session(navigations: 10, stalls: 2 + index % 3)
            metrics.resets = 4
            summary.add(metrics)
            summary.replicates.add(metrics, bucket: BootstrapReplicates.bucket(file: "f", session: "s\(index)"))
        }
        let row = table.rows([PointSummary(policy: "p", network: "n", summary: summary)])[0]
        let low = Double(row[row.count - 3])!, high = Double(row[row.count - 2])!
        // 13 sessions each of 2, 3 and 4 stalls over 4 resets: the ratio is 117 / 156 = 0.75 and every replicate lies in [0.5, 1].
        #expect(Double(row[row.count - 4]) == 0.7500)
        #expect(0.5 <= low && low < 0.75 && 0.75 < high && high <= 1)
        let plain = Metric("stalls_per_reset", unit: .ratio, summary: .ratioOfSums(\.stalls, over: \.resets), meaning: "stalls / resets")
        #expect(IntervalColumn.of(plain).isEmpty)
    }

    @Test func halvesMergeIntoTheWhole() {
        var whole = BootstrapReplicates(replicates: 200)
        var first = BootstrapReplicates(replicates: 200)
        var second = BootstrapReplicates(replicates: 200)
        for index in 0 ..< 50 {
            let bucket = BootstrapReplicates.bucket(file: "f", session: "s\(index)")
            let metrics = session(navigations: 10 + index % 7, stalls: index % 3)
            whole.add(metrics, bucket: bucket)
            if index < 25 { first.add(metrics, bucket: bucket) } else { second.add(metrics, bucket: bucket) }
        }
        first.merge(second)
        #expect(first == whole)
        let interval = whole.interval(\.stalls, over: \.navigations)!
        #expect(interval.low < interval.high)
        #expect(whole.interval(\.stalls, over: \.navigations, weights: BootstrapReplicates.weightTable(replicates: 200))! == interval)
        // The same ratio in every session: every replicate gives it, so the interval is a point.
        var constant = BootstrapReplicates(replicates: 200)
        for index in 0 ..< 30 {
            constant.add(session(navigations: 10 * (1 + index % 4), stalls: 1 + index % 4),
                         bucket: BootstrapReplicates.bucket(file: "f", session: "c\(index)"))
        }
        #expect(constant.interval(\.stalls, over: \.navigations).map { [$0.low, $0.high] } == [0.1, 0.1])
        #expect(BootstrapReplicates().interval(\.stalls, over: \.navigations) == nil)
    }

    /// How many of `populations` seeded synthetic populations of `sessions` sessions have their
    /// true stall rate inside the 95 % interval (200 replicates). Navigations are 1 to 40 per
    /// session and a stall probability is drawn per session from 0 to 0.3, independent of them, so
    /// the true stall rate is 0.15.
    private func covered(populations: Int, sessions: Int, seed: UInt64, file: String) -> Int {
        let weights = BootstrapReplicates.weightTable(replicates: 200)
        var covered = 0
        for population in 0 ..< populations {
            var random = SeededGenerator(seed: seed, keys: UInt64(population))
            var replicates = BootstrapReplicates(replicates: 200)
            for index in 0 ..< sessions {
                let navigations = 1 + Int(random.next() % 40)
                let probability = 0.3 * random.unit()
                var stalls = 0
                for _ in 0 ..< navigations where random.unit() < probability { stalls += 1 }
                replicates.add(session(navigations: navigations, stalls: stalls),
                               bucket: BootstrapReplicates.bucket(file: "\(file)-\(population)", session: "s\(index)"))
            }
            if let interval = replicates.interval(\.stalls, over: \.navigations, weights: weights), interval.low <= 0.15, 0.15 <= interval.high {
                covered += 1
            }
        }
        return covered
    }

    /// 200 populations of 200 sessions (about one a bucket): at least 90 % covered.
    @Test func intervalsCoverTheTrueStallRate() {
        let count = covered(populations: 200, sessions: 200, seed: 77, file: "population")
        #expect(count >= 180, "covered \(count) of 200")
    }

    /// Many sessions a bucket (4,000 sessions in 1,024 buckets, 60 populations): resampling buckets
    /// still covers the true rate about 95 % of the time (at least 51 of 60, 85 %).
    @Test func intervalsCoverWithSeveralSessionsABucket() {
        let count = covered(populations: 60, sessions: 4_000, seed: 78, file: "large")
        #expect(count >= 51, "covered \(count) of 60")
    }

    /// The counters are written as strings of integers; files of earlier versions (arrays, no
    /// stall times) still read, without what they did not hold.
    @Test func countersRoundTripAndEarlierFilesRead() throws {
        var replicates = BootstrapReplicates(replicates: 20)
        for index in 0 ..< 40 {
            let bucket = BootstrapReplicates.bucket(file: "f", session: "s\(index)")
            replicates.add(session(navigations: 5, stalls: index % 2), bucket: bucket)
            replicates.recordStall(index % 2 == 0 ? 0 : 120 + index, bucket: bucket)
        }
        let data = try JSONEncoder().encode(replicates)
        #expect(try JSONDecoder().decode(BootstrapReplicates.self, from: data) == replicates)
        let earlier = #"{"replicates":2,"totals":["# + Array(repeating: "1", count: BootstrapReplicates.buckets * 7).joined(separator: ",") + "]}"
        let decoded = try JSONDecoder().decode(BootstrapReplicates.self, from: Data(earlier.utf8))
        #expect(decoded.replicates == 2 && decoded.stallMs.isEmpty)
        #expect(decoded.interval(\.stalls, over: \.navigations).map { [$0.low, $0.high] } == [1, 1])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BootstrapReplicates.self, from: Data(#"{"replicates":2,"totals":"1,x"}"#.utf8)) }
        #expect(IntegerListText.values("3,0,-12") == [3, 0, -12] && IntegerListText.values("") == [] && IntegerListText.text([7, 0]) == "7,0")
    }
}
