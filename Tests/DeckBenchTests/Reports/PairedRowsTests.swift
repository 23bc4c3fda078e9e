import Testing
@testable import DeckBench

/// paired.csv made row by row (values dropped as soon as no pair needs them) is the file made from
/// every row's values, with more policies than are all paired and with fewer.
@Suite struct PairedRowsTests {
    private func summaries(policies: Int) -> [PointSummary] {
        var random = SeededGenerator(seed: 3, keys: UInt64(policies))
        var rows: [PointSummary] = []
        for policy in 0 ..< policies {
            for network in ["lte", "3g"] {
                var summary = MetricsSummary()
                summary.replicates = BootstrapReplicates(replicates: 50)
                for session in 0 ..< 30 {
                    var metrics = SessionMetrics()
                    metrics.navigations = 5 + Int(random.next() % 20)
                    metrics.stalls = Int(random.next() % UInt64(1 + metrics.navigations / (1 + policy % 4)))
                    metrics.bytes = 1_000 * (1 + policy) + Int(random.next() % 500)
                    summary.add(metrics)
                    let bucket = BootstrapReplicates.bucket(file: "f", session: "s\(session)")
                    summary.replicates.add(metrics, bucket: bucket)
                    summary.replicates.recordStall(metrics.stalls * 37, bucket: bucket)
                }
                rows.append(PointSummary(policy: "p\(policy)", network: network, summary: summary))
            }
        }
        return rows
    }

    @Test func rowByRowEqualsEveryRowAtOnce() throws {
        for policies in [5, 20] {
            let rows = summaries(policies: policies)
            let table = PairedTable()
            let whole = ReplicateEstimates.of(rows, columns: table.schema.intervalColumns)
            let dropped = ReplicateEstimates.of(rows, columns: table.schema.intervalColumns, valuesForPairsOnly: true)
            #expect(dropped.filter { $0?.hasValues == true }.count == (policies > PairedWins.allPairsUpTo ? 2 : 2 * policies))
            // The reference: every row's estimates with all their values, handed over at once.
            let wholeRows = PairedTable.Rows(table: table, summaries: rows, wins: nil)
            for (index, estimates) in whole.enumerated() { wholeRows.add(index, estimates) }
            let reference = wholeRows.csv()
            #expect(table.csv(rows) == reference)
            let lines = reference.split(separator: "\n").count
            let pairs = policies > PairedWins.allPairsUpTo ? policies - 1 : policies * (policies - 1) / 2
            // Every interval column but the three tails of stall_ms (these summaries record no stall_ms
            // distribution, so they have no point).
            #expect(lines == 1 + 2 * pairs * (table.schema.intervalColumns.count - 3))
            // Rows computed on three threads, a chunk at a time: the same intervals and the same file.
            let threaded = table.estimatesAndCSV(rows, wins: nil, threads: 3)
            #expect(threaded.csv == reference)
            for (one, other) in zip(threaded.estimates, dropped) {
                for column in table.schema.intervalColumns {
                    #expect(one?.interval(column)?.low == other?.interval(column)?.low)
                    #expect(one?.interval(column)?.high == other?.interval(column)?.high)
                    #expect(one?.values(column) == other?.values(column))
                }
            }
        }
    }
}
