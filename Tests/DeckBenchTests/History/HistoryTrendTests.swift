import Foundation
import Testing
@testable import DeckBench

/// trend.csv's `changed`: what differs in the runs on a night, a change for one night only said on
/// that night, recordings as flags are.
@Suite struct HistoryTrendTests {
    /// Nine nights of one series; `corpus` and `flags` per night (1-based).
    private func changed(corpus: (Int) -> String = { _ in "c0" }, flags: (Int) -> String = { _ in "f0" }) -> [String] {
        let rows = (1 ... 9).map { night in
            HistoryRow(run: "r\(night)", label: "n\(night)", time: "2026-10-0\(night)T03:00:00Z", version: "0.2.0", commit: "", corpus: corpus(night),
                       flags: flags(night), policy: "staged:radius=2", network: "lte", metric: "stall_rate", value: "0.06", ciLow: "0.05",
                       ciHigh: "0.07")
        }
        let trend = HistoryTrend(HistoryFile(rows: rows))
        return trend.series[0].nights.enumerated().compactMap { index, night in night.changed.map { "\(index + 1): \($0)" } }
    }

    /// The user test's nights: night 4 replayed fewer recordings, night 7 other flags, each for
    /// that night only. Both are said on their night, neither again on the night after.
    @Test func oneNightOfOtherRecordingsIsMarkedAsFlagsAre() {
        #expect(changed(corpus: { $0 == 4 ? "c1" : "c0" }, flags: { $0 == 7 ? "f1" : "f0" })
            == ["4: new recordings for this night only", "7: new flags for this night only (left out of the search)"])
        // Both on one night: left out, for the flags.
        #expect(changed(corpus: { $0 == 4 ? "c1" : "c0" }, flags: { $0 == 4 ? "f1" : "f0" })
            == ["4: new recordings and new flags for this night only (left out of the search)"])
        // On the second night, with one night before it.
        #expect(changed(corpus: { $0 == 2 ? "c1" : "c0" }) == ["2: new recordings for this night only"])
    }

    /// Recordings that last are a cause, said once; recordings new every night are not named; the
    /// last night's new recordings wait for the next night.
    @Test func recordingsThatLastOrChangeEveryNightAreNotOneNights() {
        #expect(changed(corpus: { $0 >= 4 ? "c1" : "c0" }) == ["4: new recordings"])
        #expect(changed(corpus: { "c\($0)" }).isEmpty)
        #expect(changed(corpus: { $0 == 9 ? "c1" : "c0" }).isEmpty)
    }

    /// A one-night change of recordings is still judged: the nights searched are all nine.
    @Test func oneNightOfOtherRecordingsStaysAmongTheNightsJudged() {
        let rows = (1 ... 9).map { night in
            HistoryRow(run: "r\(night)", label: "", time: "", version: "0.2.0", commit: "", corpus: night == 4 ? "c1" : "c0", flags: "f0",
                       policy: "fixed", network: "lte", metric: "stall_rate", value: "0.03", ciLow: "", ciHigh: "")
        }
        #expect(HistorySeries.all(HistoryFile(rows: rows))[0].judgedNights.count == 9)
    }
}
