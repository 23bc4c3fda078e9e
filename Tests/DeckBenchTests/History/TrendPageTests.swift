import Foundation
import Testing
@testable import DeckBench

/// trend.html's axes and words at their edges: a series that never moves, a single night.
@Suite struct TrendPageTests {
    private func history(nights: Int, value: String, metric: String = "stall_ms_per_navigation") -> HistoryFile {
        HistoryFile(rows: (1 ... nights).map { night in
            HistoryRow(run: "r\(night)", label: "n\(night)", time: "", version: "0.2.0", commit: "", corpus: "c0", flags: "f0",
                       policy: "fixed", network: "lte", metric: metric, value: value, ciLow: value, ciHigh: value)
        })
    }

    /// The labels of the `y` ticks (left of the plot, `text-anchor="end"`) or of the x ticks.
    private func labels(_ html: String, axis: Character) -> [String] {
        let pattern = axis == "y" ? #"text-anchor="end" class="small">([^<]*)<"# : #"y="214" text-anchor="middle" class="small">([^<]*)<"#
        let regex = try? NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return (regex?.matches(in: html, range: range) ?? []).compactMap { Range($0.range(at: 1), in: html).map { String(html[$0]) } }
    }

    /// A rate always 0 (the user test's "-0. -0. 0 0. 0."): an axis from 0 to 1 in quarters.
    @Test func aSeriesAlwaysZeroHasAnAxisFromZero() {
        let html = TrendPage(trend: HistoryTrend(history(nights: 9, value: "0")), runs: 9).html
        #expect(labels(html, axis: "y") == ["0", "0.25", "0.5", "0.75", "1"])
        // Always 0.03: a tenth of it spare either side, ticks 0.002 apart.
        let level = TrendPage(trend: HistoryTrend(history(nights: 9, value: "0.03")), runs: 9).html
        #expect(labels(level, axis: "y") == ["0.026", "0.028", "0.03", "0.032", "0.034"])
        // A share (the stall rate) in %, as the report shows it.
        let share = TrendPage(trend: HistoryTrend(history(nights: 9, value: "0.03", metric: "stall_rate")), runs: 9).html
        #expect(labels(share, axis: "y") == ["2.6 %", "2.8 %", "3 %", "3.2 %", "3.4 %"])
    }

    /// Ticks as fine as the step, whatever its size; never "-0".
    @Test func tickLabelsHaveTheDecimalsTheirStepNeeds() {
        #expect(TrendPage.axisLabel(-1e-17, step: 0.25) == "0")
        #expect(TrendPage.axisLabel(0.00075, step: 0.00025) == "0.00075")
        #expect(TrendPage.axisLabel(0.00005, step: 0.00005) == "0.00005")
        #expect(TrendPage.axisLabel(0.03, step: 0.002) == "0.03")
        #expect(TrendPage.axisLabel(46_500, step: 500) == "46500")
        #expect(TrendPage.axisLabel(-2.5, step: 2.5) == "-2.5")
    }

    /// One night: "1 night", "0 change points", its point in the middle of an axis labelled 1 alone.
    @Test func oneNightIsOneNight() {
        let html = TrendPage(trend: HistoryTrend(history(nights: 1, value: "0.03")), runs: 1).html
        #expect(html.contains(">1 night, 1 series, 0 change points ("), "\(html.prefix(3_000))")
        #expect(labels(html, axis: "x").filter { !$0.isEmpty } == ["1"])
        #expect(html.contains(#"<circle cx="405.0""#))
        // Its interval, which a band of two nights or more would show, as a bar.
        let interval = HistoryFile(rows: [HistoryRow(run: "r1", label: "", time: "", version: "0.2.0", commit: "", corpus: "c0", flags: "f0",
                                                     policy: "fixed", network: "lte", metric: "stall_rate", value: "0.03", ciLow: "0.02",
                                                     ciHigh: "0.04")])
        #expect(TrendPage(trend: HistoryTrend(interval), runs: 1).html.contains(##"stroke="#c9d9ea" stroke-width="6""##))
        let two = TrendPage(trend: HistoryTrend(history(nights: 2, value: "0.03")), runs: 2).html
        #expect(two.contains(">2 nights, 1 series, 0 change points (") && labels(two, axis: "x") == ["1", "2"])
    }
}
