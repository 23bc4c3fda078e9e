import ArgumentParser
import DeckBench

/// `--max-increase` and `--max-decrease`, shared by `compare` and `report --baseline`.
struct ThresholdOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Limits for metrics better lower, e.g. stall_ms_p99=10%,resets=5%.", valueName: "metric=amount,..."))
    var maxIncrease: String?

    @Option(help: ArgumentHelp("Limits for metrics better higher, e.g. coverage=2%.", valueName: "metric=amount,..."))
    var maxDecrease: String?

    func validate() throws {
        _ = try thresholds()
    }

    /// The parsed limits, or a usage error naming the flag.
    func thresholds() throws -> (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) {
        try Self.parse(increase: maxIncrease, decrease: maxDecrease)
    }

    static func parse(increase: String?, decrease: String?) throws -> (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) {
        do {
            let up = try increase.map { (text) throws(SpecError) in try Comparison.Threshold.parse(text, flag: "--max-increase") } ?? []
            let down = try decrease.map { (text) throws(SpecError) in try Comparison.Threshold.parse(text, flag: "--max-decrease") } ?? []
            return (up, down)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
