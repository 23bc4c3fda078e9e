import Foundation
import Testing

/// Every percentile column of summary.csv against the distribution it comes from, read back from
/// distributions.csv: the value of the level where the cumulative count first reaches the nearest
/// rank ⌈p/100 × count⌉ (at least 1), or the exact maximum when that is the last level; and a
/// maximum that lies in the last level.
@Suite struct PercentileColumnTests {
    @Test func percentileColumnsAgreeWithTheirDistributions() throws {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "150", "--files", "1", "--seed", "5", "--level", "3"],
                                      in: folder).status == 0)
        // A lossy link spreads stalls over levels above 2047 ms, where HdrHistogram's levels are ranges.
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "o", "--quiet", "--network", "lte", "--network", "3g:loss=0.2",
                                       "--churn-per-hour", "300"], in: folder).status == 0)
        let summary = try DeckBenchTool.csvRows(folder + "/o/summary.csv")
        let steps = try DeckBenchTool.csvRows(folder + "/o/distributions.csv")
        var checked = 0
        for row in summary {
            for metric in ["stall_ms", "stall_ms_stalled", "first_load_ms", "diff_ops"] {
                let levels = steps.filter { $0["policy"] == row["policy"] && $0["network"] == row["network"] && $0["metric"] == metric }
                    .map { (value: Int($0["value"]!)!, count: Int($0["count"]!)!) }
                guard !levels.isEmpty else {
                    #expect(row[metric + "_p99"] == "", "\(metric) has no values, so no percentile")
                    continue
                }
                let total = levels.reduce(0) { $0 + $1.count }
                let maximum = try #require(Int(row["\(metric)_max"]!))
                #expect(maximum <= levels.last!.value && (levels.count == 1 || maximum > levels[levels.count - 2].value))
                for (statistic, percentile) in [("p50", 50), ("p90", 90), ("p99", 99)] {
                    let rank = max(1, (percentile * total + 99) / 100)
                    var cumulative = 0
                    let index = levels.firstIndex { cumulative += $0.count; return cumulative >= rank }!
                    let value = index == levels.count - 1 ? maximum : levels[index].value
                    #expect(row["\(metric)_\(statistic)"] == String(value), "\(row["policy"]!) \(metric)_\(statistic)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 4 * 2 * 3 * 3)
    }
}
