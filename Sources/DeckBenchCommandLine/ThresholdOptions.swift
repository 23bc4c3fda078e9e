import ArgumentParser
import DeckBench

/// `--max-increase` and `--max-decrease`, shared by `compare` and `report --baseline`.
struct ThresholdOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Limits for metrics better lower, e.g. stall_rate=5%,stall_ms_p99=10% (repeatable; a metric once); a metric better higher here is a usage error.",
        valueName: "metric=amount,..."))
    var maxIncrease: [String] = []

    @Option(help: ArgumentHelp(
        "Limits for metrics better higher, e.g. coverage=2% (repeatable; a metric once); a metric better lower here is a usage error.",
        valueName: "metric=amount,..."))
    var maxDecrease: [String] = []

    /// The limits of both flags, parsed by `validate()`.
    private var parsed = Parsed<(increase: [Comparison.Threshold], decrease: [Comparison.Threshold])>()

    mutating func validate() throws {
        parsed.set(try parse())
    }

    /// Every limit given, on either flag.
    var all: [Comparison.Threshold] {
        get throws {
            let limits = try thresholds()
            return limits.increase + limits.decrease
        }
    }

    /// The limits of `--max-increase` and `--max-decrease`, as `validate()` parsed them.
    func thresholds() throws -> (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) {
        try parsed.get()
    }

    /// The parsed limits, or a usage error naming the flag, the metric and what to type instead. A
    /// metric limited twice is refused: which of two limits a gate judges by must not depend on
    /// the order of the flags.
    private func parse() throws -> (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) {
        var up: [Comparison.Threshold] = [], down: [Comparison.Threshold] = []
        do throws(ThresholdError) {
            for text in maxIncrease { up += try Comparison.Threshold.parse(text, side: .lower) }
            for text in maxDecrease { down += try Comparison.Threshold.parse(text, side: .higher) }
        } catch {
            throw ValidationError(error.description)
        }
        for (flag, limits) in [("--max-increase", up), ("--max-decrease", down)] {
            for (index, limit) in limits.enumerated() {
                if let again = limits[..<index].first(where: { $0.metric == limit.metric }) {
                    throw ValidationError("\(flag) limits \(limit.metric) twice (\(again) and \(limit)): give each metric one limit")
                }
            }
        }
        return (up, down)
    }
}
