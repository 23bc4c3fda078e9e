import Testing
@testable import DeckBench

/// How a history's rows become series: a network followed by its preset across a change of its
/// parameters (a cause, not a new series), unless a run holds two networks of that preset.
@Suite struct HistorySeriesTests {
    private func row(_ run: String, network: String, value: String = "0.03", policy: String = "fixed") -> HistoryRow {
        HistoryRow(run: run, label: "", time: "2026-11-01T03:00:00Z", version: "0.1.0", commit: "", corpus: "c0", flags: "f0",
                   policy: policy, network: network, metric: "stall_rate", value: value, ciLow: "", ciHigh: "")
    }

    @Test func aNetworksNewParametersContinueItsSeriesAsACause() throws {
        let rows = (1 ... 12).map { row("r\($0)", network: $0 <= 8 ? "lte" : "lte:rtt_ms=200") }
        let series = HistorySeries.all(HistoryFile(rows: rows))
        #expect(series.count == 1)
        let only = try #require(series.first)
        #expect(only.network == "lte" && only.rows.count == 12)
        #expect(only.cause(at: 8) == "a new network")
        #expect(only.cause(at: 7) == nil && only.cause(at: 9) == nil)
        // A spec that changes every night (an RTT creep written in it) explains nothing: it did not last.
        let creep = HistorySeries.all(HistoryFile(rows: (1 ... 12).map { row("r\($0)", network: "lte:rtt_ms=\(100 + 10 * $0)") }))
        #expect(creep.count == 1 && creep[0].cause(at: 9) == nil)
    }

    @Test func twoNetworksOfOnePresetInARunKeepTheirWholeSpecs() {
        let rows = (1 ... 3).flatMap { [row("r\($0)", network: "lte"), row("r\($0)", network: "lte:loss=0.3"), row("r\($0)", network: "3g")] }
        let series = HistorySeries.all(HistoryFile(rows: rows))
        #expect(series.map(\.network) == ["lte", "lte:loss=0.3", "3g"])
        #expect(series.allSatisfy { $0.rows.count == 3 })
        // Trace and empirical links are followed by their kind, whatever file they name.
        let traces = HistorySeries.all(HistoryFile(rows: [row("a", network: "trace:path=a.trace"), row("b", network: "trace:path=b.trace"),
                                                          row("c", network: "trace:path=b.trace")]))
        #expect(traces.map(\.network) == ["trace"])
        #expect(traces[0].cause(at: 1) == "a new network")
        // Tonight's new network is no cause yet: a spec new every night looks the same on its first.
        let tonight = HistorySeries.all(HistoryFile(rows: [row("a", network: "lte"), row("b", network: "lte"), row("c", network: "lte:rtt_ms=90")]))
        #expect(tonight[0].cause(at: 2) == nil)
    }
}
