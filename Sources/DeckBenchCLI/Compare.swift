import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench compare`: what changed between two runs, and whether it is a regression.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two runs' summary.csv per policy × network; exit 2 when a threshold is crossed.",
            discussion: """
                Metrics better lower (stall_rate, stall_ms_p99, resets, bytes_per_navigation, ...) are limited by \
                --max-increase, metrics better higher (prefetch_accuracy, coverage) by --max-decrease. An amount \
                with % is relative to the baseline (any worsening from a baseline of 0 crosses it), without % absolute. \
                Policies or networks present on one side only are reported.
                """)

        @Argument(help: "The baseline run's report folder (or its summary.csv).")
        var baseline: String

        @Argument(help: "The candidate run's report folder (or its summary.csv).")
        var candidate: String

        @OptionGroup var limits: ThresholdOptions

        @Option(help: ArgumentHelp("Where to write compare.csv (default: CANDIDATE/compare.csv).", valueName: "path"))
        var out: String?

        @Flag(help: "Print only regressions and missing rows, not every change.")
        var brief = false

        private static func summaryPath(_ path: String) -> String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return isFolder.boolValue ? path + "/summary.csv" : path
        }

        func run() throws {
            let limits = try self.limits.thresholds()
            let texts = try [baseline, candidate].map { path -> String in
                let file = Self.summaryPath(path)
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    Console.error("error: cannot read \(file)")
                    throw ExitStatus.io
                }
                return text
            }
            let comparison: Comparison
            do {
                comparison = try Comparison(baseline: texts[0], candidate: texts[1], maxIncrease: limits.increase, maxDecrease: limits.decrease)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.usage
            }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder)
            let csvPath = out ?? (isFolder.boolValue ? candidate + "/compare.csv" : "compare.csv")
            do {
                try AtomicFileWriter.write(comparison.csv, to: csvPath)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            Console.out(table(comparison) + "\n\(comparison.regressions) regression(s); \(csvPath) written\n")
            if comparison.regressions > 0 { throw ExitStatus.regression }
        }

        private func table(_ comparison: Comparison) -> String {
            var table = TextTable(header: ["policy", "network", "metric", "baseline", "candidate", "change", "limit", "status"])
            for row in comparison.rows {
                let shown: Bool
                switch row.status {
                case .regression, .missingInBaseline, .missingInCandidate: shown = true
                case .unchanged, .undefined: shown = false
                case .better, .worse: shown = !brief
                }
                guard shown else { continue }
                let change = row.changePercent.map { String(format: "%+.1f%%", $0) } ?? row.change.map { String(format: "%+g", $0) } ?? ""
                table.append([row.policy, row.network, row.metric, row.baseline, row.candidate, change, row.threshold,
                              row.status == .regression ? "REGRESSION" : row.status.rawValue])
            }
            return table.rendered
        }
    }
}
