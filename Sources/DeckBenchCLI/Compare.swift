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
                Policies or networks present on one side only are reported. By default (--gate ci) a metric with an \
                interval (stall_rate, stall_ms_per_navigation, resets_per_navigation, stale_updates_per_navigation, \
                bytes_per_navigation, wasted_prefetches_per_navigation) is a regression only when the whole paired \
                interval of its change is past its limit: the runs' bootstrap replicates, over the same sessions, are \
                compared replicate by replicate, so a change that sampling noise explains passes.
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

        @Option(help: ArgumentHelp(
            "ci: a metric with an interval regresses only when the whole paired interval of its change is past the limit "
                + "(needs both runs' bootstrap.json, over the same recordings; else point, said on stderr); point: the point estimate decides.",
            valueName: "ci|point"))
        var gate: Comparison.Gate = .ci

        private static func summaryPath(_ path: String) -> String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return isFolder.boolValue ? path + "/summary.csv" : path
        }

        func run() throws {
            let limits = try self.limits.thresholds()
            let texts = try [baseline, candidate].map { path -> String in
                let file = Self.summaryPath(path)
                do {
                    try ReportFolder.verify((file as NSString).deletingLastPathComponent)
                } catch {
                    Console.error("error: \(error)")
                    throw ExitStatus.io
                }
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    Console.error("error: cannot read \(file)")
                    throw ExitStatus.io
                }
                return text
            }
            let comparison: Comparison
            do {
                comparison = try Comparison(baseline: texts[0], candidate: texts[1], maxIncrease: limits.increase, maxDecrease: limits.decrease,
                                            pairing: gate == .ci ? pairing() : nil)
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
            for metric in comparison.unjudgedLimits {
                Console.error("compare: \(metric) has a limit but no value on both sides (a run by an earlier DeckBench, or nothing "
                                  + "measured): it judged nothing")
            }
            Console.out(table(comparison) + "\n\(comparison.regressions) regression(s); \(csvPath) written\n")
            if comparison.regressions > 0 { throw ExitStatus.regression }
        }

        /// Both runs' bootstrap buckets when they replayed the same recordings (file names and
        /// session counts); else nil, and a line on stderr saying why the gate is the point estimate.
        private func pairing() -> Comparison.Pairing? {
            let folders = [baseline, candidate].map { path in
                Self.summaryPath(path).hasSuffix("/summary.csv") ? String(Self.summaryPath(path).dropLast("/summary.csv".count)) : "."
            }
            guard let base = BootstrapFile.read(folder: folders[0]), let next = BootstrapFile.read(folder: folders[1]) else {
                Console.error("compare: judging on point estimates: \(BootstrapFile.fileName) is missing in a run (replayed with --bootstrap 0?)")
                return nil
            }
            func inputs(_ folder: String) -> [String]? {
                guard let data = FileManager.default.contents(atPath: folder + "/manifest.json") else { return nil }
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return (try? decoder.decode(Manifest.self, from: data))?.inputs
                    .map { "\($0.file.split(separator: "/").last ?? "")#\($0.sessions)" }.sorted()
            }
            guard let left = inputs(folders[0]), left == inputs(folders[1]) else {
                Console.error("compare: judging on point estimates: the runs did not replay the same recordings (manifest.json inputs differ)")
                return nil
            }
            return Comparison.Pairing(baseline: base, candidate: next)
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
