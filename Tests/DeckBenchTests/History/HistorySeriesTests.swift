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
        // A spec that changes every night (an RTT creep written in it) is a new network each night:
        // the code is not blamed for a network that slows.
        let creep = HistorySeries.all(HistoryFile(rows: (1 ... 12).map { row("r\($0)", network: "lte:rtt_ms=\(100 + 10 * $0)") }))
        #expect(creep.count == 1 && creep[0].cause(at: 9) == "a new network")
    }

    /// A job tried on another network for `length` nights (from night 13, after 12 on lte) and
    /// back on lte for `after` nights: stall_rate 3 % with a fixed pattern of noise (±0.15 points)
    /// and ±0.4-point intervals, 1.5 points more on the other network, `shift(night)` added.
    private func tried(length: Int, after: Int, shift: (Int) -> Double = { _ in 0 }) -> HistoryFile {
        let noise = [0.0, 0.0015, -0.001, 0.0005, -0.0015, 0.001, -0.0005]
        return HistoryFile(rows: (1 ... 12 + length + after).map { night in
            let other = (13 ..< 13 + length).contains(night)
            let value = 0.03 + noise[night % noise.count] + (other ? 0.015 : 0) + shift(night)
            var row = row("r\(night)", network: other ? "lte:rtt_ms=200" : "lte", value: String(format: "%.4f", value))
            (row.ciLow, row.ciHigh) = (String(format: "%.4f", value - 0.004), String(format: "%.4f", value + 0.004))
            return row
        })
    }

    /// A try of 2 nights or more on another network: its step is a cause, and so is the night it
    /// is undone, said as the earlier network's return; a try of one night is a one-night change,
    /// left out of the nights judged, and its undoing is no cause.
    @Test func aTryOfTwoNightsOrMoreIsACauseAndSoIsItsUndoing() throws {
        let one = try #require(HistorySeries.all(tried(length: 1, after: 6)).first)
        #expect(one.isOneNightChange(at: 12) && one.cause(at: 12) == nil && one.cause(at: 13) == nil)
        for length in 2 ... 7 {
            let series = HistorySeries.all(tried(length: length, after: 6))
            #expect(series.count == 1 && series[0].rows.count == 18 + length)
            #expect(series[0].cause(at: 12) == "a new network", "\(length) nights")
            #expect(!series[0].isOneNightChange(at: 12), "\(length) nights")
            #expect(series[0].cause(at: 12 + length) == "the network of before", "\(length) nights")
            #expect((13 ... 17 + length).allSatisfy { $0 == 12 + length || series[0].cause(at: $0) == nil }, "\(length) nights")
        }
    }

    /// What `history check` says of a three-night try (1.5 points more, at a limit of 0.3 points),
    /// every morning: its step explained by the new network on its night, measured on the try's
    /// own nights once its undoing has held a second night (a cause then), and never a FAIL.
    @Test func checkOfAThreeNightTry() throws {
        let check = HistoryCheck(limits: [Comparison.Threshold(metric: "stall_rate", amount: 0.003, relative: false)])
        let during = check.findings(tried(length: 3, after: 0))
        let step = try #require(during.first)
        #expect(during.count == 1 && step.cause == "a new network" && step.startRow == 12 && step.change.nights == 3)
        #expect(abs(step.size - 0.01496) < 1e-5, "\(step.size)")
        for after in 1 ... 10 {
            let findings = check.findings(tried(length: 3, after: after))
            #expect(findings.filter(\.fails).isEmpty, "\(after) nights after")
            let said = findings.map { "\($0.verdict) \($0.startRow) \($0.change.nights) \($0.size)" }
            #expect(findings.count == 1 && findings[0].cause == "a new network" && findings[0].startRow == 12
                && findings[0].change.nights == (after == 1 ? 4 : 3), "\(after) nights after: \(said)")
        }
    }

    /// A step of the code's own after a three-night try fails as it does after a week's try
    /// (#63's known issue): the try's undoing is a cause ("the network of before"), so the try's
    /// nights are a part of their own and the later step, 1.5 points from the 9th night after the
    /// try (night 24), is judged on the nights since the undoing alone.
    @Test func aStepAfterAShortTryIsFailed() throws {
        let check = HistoryCheck(limits: [Comparison.Threshold(metric: "stall_rate", amount: 0.003, relative: false)])
        let week = check.findings(tried(length: 7, after: 15) { $0 >= 28 ? 0.015 : 0 })
        #expect(week.filter(\.fails).map(\.startRow) == [27], "\(week.map { ($0.verdict, $0.startRow, $0.size) })")
        for length in 2 ... 6 {
            let findings = check.findings(tried(length: length, after: 15) { $0 >= 21 + length ? 0.015 : 0 })
            let said = findings.map { "\($0.verdict) \($0.startRow) \($0.size)" }
            #expect(findings.filter(\.fails).map(\.startRow) == [20 + length], "try of \(length): \(said)")
        }
        let series = try #require(HistorySeries.all(tried(length: 3, after: 15)).first)
        #expect(series.cause(at: 12) == "a new network" && series.cause(at: 15) == "the network of before")
    }

    /// Nights of the stall rate (3 % with a fixed noise pattern, ±0.4-point intervals) with
    /// `shift`, `corpus` and `flags` by night (1-based).
    private func nights(_ count: Int, shift: (Int) -> Double, corpus: (Int) -> String = { _ in "c0" },
                        flags: (Int) -> String = { _ in "f0" }) -> HistoryFile {
        let noise = [0.0, 0.0015, -0.001, 0.0005, -0.0015, 0.001, -0.0005]
        return HistoryFile(rows: (1 ... count).map { night in
            let value = 0.03 + noise[night % noise.count] + shift(night)
            return HistoryRow(run: "r\(night)", label: "", time: "", version: "0.1.0", commit: "", corpus: corpus(night), flags: flags(night),
                              policy: "fixed", network: "lte", metric: "stall_rate", value: String(format: "%.4f", value),
                              ciLow: String(format: "%.4f", value - 0.004), ciHigh: String(format: "%.4f", value + 0.004))
        })
    }

    /// New flags on night 17 (a step of 1 point, explained), then a step of the code's own of 1.5
    /// points on night 20, three nights into the new flags' part: judged on those three nights'
    /// baseline and failed, not folded for good into the flags' explained step.
    @Test func aStepAFewNightsAfterACauseIsJudged() throws {
        let check = HistoryCheck(limits: [Comparison.Threshold(metric: "stall_rate", amount: 0.005, relative: false)])
        let history = nights(30, shift: { ($0 >= 17 ? 0.01 : 0) + ($0 >= 20 ? 0.015 : 0) }, flags: { $0 >= 17 ? "f1" : "f0" })
        let findings = check.findings(history)
        let said = findings.map { "\($0.verdict) \($0.startRow) \($0.size)" }
        #expect(findings.filter(\.fails).map(\.startRow) == [19], "\(said)")
        #expect(findings.contains { $0.cause == "new flags" && $0.startRow == 16 && $0.change.nights == 3 }, "\(said)")
    }

    /// A job replaying new recordings every night whose export repeats night 21's on night 22: no
    /// cause (recordings new on most nights explain nothing), so a regression from night 21 fails.
    @Test func recordingsRepeatedOnceInANightlyCorpusExplainNothing() throws {
        let check = HistoryCheck(limits: [Comparison.Threshold(metric: "stall_rate", amount: 0.005, relative: false)])
        let history = nights(30, shift: { $0 >= 21 ? 0.015 : 0 }, corpus: { "c\($0 == 22 ? 21 : $0)" })
        let series = try #require(HistorySeries.all(history).first)
        #expect(series.cause(at: 20) == nil)
        #expect(check.findings(history).filter(\.fails).map(\.startRow) == [20])
    }

    /// Flags that change every night (an item size grown a little each night) are a cause each
    /// night: the pages grew, the code is not blamed, and nothing fails.
    @Test func flagsThatChangeEveryNightAreACauseEachNight() throws {
        let check = HistoryCheck(limits: [Comparison.Threshold(metric: "stall_rate", amount: 0.005, relative: false)])
        let history = nights(30, shift: { $0 >= 20 ? 0.002 * Double($0 - 19) : 0 }, flags: { $0 >= 20 ? "f\($0)" : "f0" })
        let series = try #require(HistorySeries.all(history).first)
        #expect((19 ..< 29).allSatisfy { series.cause(at: $0) == "new flags" })
        #expect(check.findings(history).filter(\.fails).isEmpty)
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
