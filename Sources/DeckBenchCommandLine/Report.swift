import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench report`: a run's reports as one self-contained HTML page.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write DIR/report.html: what to ship; per network a heatmap of each swept family, stall times, the policy table, the Pareto front and paired differences; the bytes/tail trade-off; the run and its rejects.",
            discussion: """
                The page is self-contained (inline SVG, CSS and a few lines of script that sort the tables; nothing from \
                the network). It opens with what to ship: with --byte-budget, tune's rule on the run's own sessions (the \
                fewest bytes among the policies confirmed within the budget and within 0.1 points of the lowest stall \
                rate, paired; or no confirmed answer at a knee), outlined in the heatmaps; without one, the Pareto front \
                and what each step along it buys. A folder written by `deckbench tune` opens with tune's own answer, and \
                --byte-budget does not change it. A family swept over one or two parameters (--policy \
                directional:behind=0..7,ahead=1..8) is drawn as a heatmap. With --baseline it adds the comparison, judged \
                as `deckbench compare` judges it.
                """)

        @Argument(help: "A report folder written by `deckbench replay` or `deckbench merge`.")
        var folder = "reports"

        @OptionGroup var baseline: BaselineOptions

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The byte budget the page answers within, as BYTES or tune's absolute form bytes_per_navigation=BYTES: tune's rule "
                + "on the run's sessions, the fewest bytes among the policies confirmed within it and within 0.1 points of the "
                + "lowest stall rate (paired); that cell is outlined (default: none, and the page shows the front instead).",
            valueName: "bytes"))
        var byteBudget: String?

        /// The budget in bytes, read by `validate()`.
        private var parsedByteBudget = Parsed<Double?>()

        mutating func validate() throws {
            guard let byteBudget else { return parsedByteBudget.set(nil) }
            parsedByteBudget.set(try Self.bytes(byteBudget))
        }

        /// BYTES or bytes_per_navigation=BYTES, more than 0; tune's relative form (+N%:POLICY) needs a
        /// reference run, which a report folder of a sweep does not name, so it is refused with that reason.
        static func bytes(_ text: String) throws -> Double {
            let prefix = TuneBudget.column.name + "="
            let amount = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            if amount.contains("%") {
                throw ValidationError("--byte-budget takes bytes (BYTES or \(prefix)BYTES), not tune's relative form: got \(text)")
            }
            guard let bytes = Double(amount), bytes > 0, bytes.isFinite else {
                throw ValidationError("--byte-budget must be a number of bytes > 0 (BYTES or \(prefix)BYTES), got \(text)")
            }
            return bytes
        }

        func run() throws {
            try writeReport(folder: folder, baseline: baseline.baseline, limits: try baseline.limits.thresholds(),
                            byteBudget: try parsedByteBudget.get())
            if !quiet { Console.out("wrote \(ReportFolder.path(folder, .page))\n") }
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
                 limits: (increase: [Comparison.Threshold], decrease: [Comparison.Threshold]) = ([], []), byteBudget: Double? = nil) throws {
    do {
        let reports = try ReportFolder(folder: folder)
        var comparison: Comparison?
        var settings: ComparedSettings?
        if let base = baseline {
            try ReportFolder.verify(base)
            let baseSummary = try ReportFolder.text(base + "/summary.csv")
            let candidateSummary = try ReportFolder.text(folder + "/summary.csv")
            let pairing = Comparison.Pairing.read(baseline: base, candidate: folder)
            if let fallback = pairing.fallback { Console.error("report: judging the baseline on point estimates: " + fallback) }
            comparison = try Comparison(baseline: baseSummary, candidate: candidateSummary,
                                        maxIncrease: limits.increase, maxDecrease: limits.decrease, pairing: pairing.pairing,
                                        files: (base + "/summary.csv", folder + "/summary.csv"))
            settings = comparison.map { DeckBenchCommand.Compare.settings($0, folders: [base, folder]) }
            if let caveat = settings?.caveat { Console.error("report: " + caveat) }
        }
        let page = HTMLReport(reports: reports, comparison: comparison, settings: settings, limits: limits.increase + limits.decrease,
                              byteBudget: byteBudget)
        try AtomicFileWriter.write(page.html, to: ReportFolder.path(folder, .page))
    } catch {
        Console.error("error: \(error)")
        throw ExitStatus.io
    }
}
