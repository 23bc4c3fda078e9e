import ArgumentParser
import DeckBench

/// `--max-increase` and `--max-decrease`, shared by `compare` and `report --baseline`.
struct ThresholdOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Limits for metrics better lower, e.g. stall_rate=5%,stall_ms_p99=10%; a metric better higher here is a usage error.",
        valueName: "metric=amount,..."))
    var maxIncrease: String?

    @Option(help: ArgumentHelp(
        "Limits for metrics better higher, e.g. coverage=2%; a metric better lower here is a usage error.",
        valueName: "metric=amount,..."))
    var maxDecrease: String?

    func validate() throws {
        _ = try thresholds()
    }

    /// Every limit given, on either flag.
    var all: [Comparison.Threshold] {
        get throws {
            let limits = try thresholds()
            return limits.increase + limits.decrease
        }
    }

    /// The parsed limits, or a usage error naming the flag, the metric and what to type instead.
    func thresholds() throws -> (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) {
        do {
            let up = try maxIncrease.map { (text) throws(ThresholdError) in try Comparison.Threshold.parse(text, side: .lower) } ?? []
            let down = try maxDecrease.map { (text) throws(ThresholdError) in try Comparison.Threshold.parse(text, side: .higher) } ?? []
            return (up, down)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
