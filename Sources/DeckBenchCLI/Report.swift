import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench report`: a run's reports as one self-contained HTML page.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write DIR/report.html: stall CDFs, the policy table, the bytes/tail trade-off, the run and its rejects.",
            discussion: "The page is self-contained (inline SVG and CSS, nothing from the network). With --baseline it adds the comparison.")

        @Argument(help: "A report folder written by `deckbench replay` or `deckbench merge`.")
        var folder = "reports"

        @OptionGroup var baseline: BaselineOptions

        func run() throws {
            try writeReport(folder: folder, baseline: baseline.baseline, maxIncrease: baseline.maxIncrease,
                            maxDecrease: baseline.maxDecrease)
        }
    }
}

/// `--baseline` and its thresholds, shared by `report` and `replay --html`.
struct BaselineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A baseline report folder to compare with.", valueName: "folder"))
    var baseline: String?

    @Option(help: ArgumentHelp("With --baseline: limits for metrics better lower, e.g. stall_ms_p99=10%.", valueName: "metric=amount,..."))
    var maxIncrease: String?

    @Option(help: ArgumentHelp("With --baseline: limits for metrics better higher, e.g. coverage=2%.", valueName: "metric=amount,..."))
    var maxDecrease: String?

    func validate() throws {
        do {
            if let maxIncrease { _ = try Comparison.Threshold.parse(maxIncrease, flag: "--max-increase") }
            if let maxDecrease { _ = try Comparison.Threshold.parse(maxDecrease, flag: "--max-decrease") }
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// Reads `folder`'s reports and writes `folder/report.html`.
func writeReport(folder: String, baseline: String? = nil, maxIncrease: String? = nil, maxDecrease: String? = nil) throws {
    do {
        let reports = try ReportFolder(folder: folder)
        var comparison: Comparison?
        if let base = baseline {
            let baseSummary = try ReportFolder.text(base + "/summary.csv")
            let candidateSummary = try ReportFolder.text(folder + "/summary.csv")
            comparison = try Comparison(
                baseline: baseSummary, candidate: candidateSummary,
                maxIncrease: try maxIncrease.map { (text) throws(SpecError) in try Comparison.Threshold.parse(text, flag: "--max-increase") } ?? [],
                maxDecrease: try maxDecrease.map { (text) throws(SpecError) in try Comparison.Threshold.parse(text, flag: "--max-decrease") } ?? [])
        }
        try AtomicFileWriter.write(HTMLReport(reports: reports, comparison: comparison).html, to: folder + "/report.html")
    } catch {
        Console.error("error: \(error)")
        throw ExitStatus.io
    }
}
