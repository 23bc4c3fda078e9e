import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench report`: a run's reports as one self-contained HTML page.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write DIR/report.html: stall CDFs, the policy table, the Pareto front and paired differences per network, the bytes/tail trade-off, the run and its rejects.",
            discussion: "The page is self-contained (inline SVG and CSS, nothing from the network). With --baseline it adds the comparison.")

        @Argument(help: "A report folder written by `deckbench replay` or `deckbench merge`.")
        var folder = "reports"

        @OptionGroup var baseline: BaselineOptions

        func run() throws {
            try writeReport(folder: folder, baseline: baseline.baseline, limits: try baseline.limits.thresholds())
        }
    }
}

/// `--baseline` and its thresholds.
struct BaselineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A baseline report folder to compare with.", valueName: "folder"))
    var baseline: String?

    @OptionGroup var limits: ThresholdOptions
}

/// Reads `folder`'s reports and writes `folder/report.html`.
func writeReport(folder: String, baseline: String? = nil,
                 limits: (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) = ([], [])) throws {
    do {
        let reports = try ReportFolder(folder: folder)
        var comparison: Comparison?
        if let base = baseline {
            try ReportFolder.verify(base)
            let baseSummary = try ReportFolder.text(base + "/summary.csv")
            let candidateSummary = try ReportFolder.text(folder + "/summary.csv")
            comparison = try Comparison(baseline: baseSummary, candidate: candidateSummary,
                                        maxIncrease: limits.increase, maxDecrease: limits.decrease)
        }
        try AtomicFileWriter.write(HTMLReport(reports: reports, comparison: comparison).html, to: folder + "/report.html")
    } catch {
        Console.error("error: \(error)")
        throw ExitStatus.io
    }
}
