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
                --max-increase, metrics better higher (prefetch_accuracy, coverage) by --max-decrease; a metric on the \
                wrong flag, or an unknown name, is a usage error (exit 64). An amount with % is relative to the baseline \
                (any worsening from a baseline of 0 crosses it), without % absolute. A policy or network of the baseline \
                that the candidate lacks is a regression unless --allow-missing. A limit that judges no row (no value in \
                both runs) is an error (exit 64); one on a column the baseline predates is a note on stderr. By default \
                (--gate ci) a metric with an interval (stall_rate, stall_ms_p99, stall_ms_per_navigation, \
                resets_per_navigation, stale_updates_per_navigation, bytes_per_navigation, \
                wasted_prefetches_per_navigation) is a regression only when the whole paired interval of its change is \
                past its limit: the runs' bootstrap replicates, over the same sessions, are compared replicate by \
                replicate, so a change that sampling noise explains passes. The first line of the output is the verdict \
                (PASS or FAIL); exit 2 on a regression, 74 when a folder is not one complete run.
                """)

        @Argument(help: "The baseline run's report folder (or its summary.csv).")
        var baseline: String

        @Argument(help: "The candidate run's report folder (or its summary.csv).")
        var candidate: String

        @OptionGroup var limits: ThresholdOptions

        @Option(help: ArgumentHelp("Where to write compare.csv (default: CANDIDATE/compare.csv).", valueName: "path"))
        var out: String?

        @Flag(help: "Print only the verdict and the regressions.")
        var brief = false

        @Flag(help: "A policy or network of the baseline that the candidate lacks is listed, not a regression.")
        var allowMissing = false

        @Option(help: ArgumentHelp(
            "text: the verdict first, then regressions, what got worse but passed, what got better (lines within 120 columns); "
                + "table: every row; csv: compare.csv on stdout.",
            valueName: "text|table|csv"))
        var format: Format = .text

        @Option(help: ArgumentHelp(
            "ci: a metric with an interval regresses only when the whole paired interval of its change is past the limit "
                + "(needs both runs' bootstrap.json, over the same recordings; else point, said on stderr); point: the point estimate decides.",
            valueName: "ci|point"))
        var gate: Comparison.Gate = .ci

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        /// How the comparison is printed on stdout.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, table, csv
        }

        func run() throws {
            let limits = try self.limits.thresholds()
            let folders = try [baseline, candidate].map(Self.reportFolder)
            let texts = try folders.map { folder -> String in
                do {
                    return try ReportFolder.text(ReportFolder.path(folder, "summary.csv"))
                } catch {
                    Console.error("error: \(error)")
                    throw ExitStatus.io
                }
            }
            let comparison: Comparison
            do {
                comparison = try Comparison(baseline: texts[0], candidate: texts[1], maxIncrease: limits.increase, maxDecrease: limits.decrease,
                                            pairing: gate == .ci ? pairing(folders) : nil, allowMissing: allowMissing)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.usage
            }
            let csvPath = out ?? ReportFolder.path(folders[1], "compare.csv")
            do {
                try AtomicFileWriter.write(comparison.csv, to: csvPath)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            for metric in comparison.unjudgedLimits {
                Console.error("compare: \(metric) has a limit but the baseline has no such column (written by an earlier DeckBench): "
                                  + "it judged nothing")
            }
            switch quiet ? nil : format {
            case nil: break
            case .csv: Console.out(comparison.csv)
            case .table: Console.out(table(comparison) + "\n\(ComparisonVerdict(comparison, limits: try self.limits.all).verdictLine)\n"
                                         + "\(csvPath) written\n")
            case .text: Console.out(text(comparison, limits: try self.limits.all) + "\(csvPath) written\n")
            }
            if !comparison.limitsJudgingNothing.isEmpty {
                Console.error("error: the limit on \(comparison.limitsJudgingNothing.joined(separator: ", ")) judged no row: no policy × network "
                                  + "of the baseline has a value for it in both runs, so it could never fail")
                throw ExitStatus.usage
            }
            if comparison.regressions > 0 { throw ExitStatus.regression }
        }

        /// The report folder a typed path names: the folder itself, or the folder of a summary.csv;
        /// verified, or an error naming the path as typed and what is wrong with it.
        private static func reportFolder(_ typed: String) throws -> String {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: typed, isDirectory: &isFolder)
            var folder = typed
            if exists, !isFolder.boolValue, (typed as NSString).lastPathComponent == "summary.csv" {
                let parent = (typed as NSString).deletingLastPathComponent
                folder = parent.isEmpty ? "." : parent
            }
            do {
                try ReportFolder.verify(folder)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            return folder
        }

        private func text(_ comparison: Comparison, limits: [Comparison.Threshold]) -> String {
            let verdict = ComparisonVerdict(comparison, limits: limits)
            guard brief else { return verdict.text }
            return verdict.verdictLine + "\n"
                + comparison.rows.filter(comparison.isRegression)
                    .map { "  \($0.policy) on \(verdict.networkNames[$0.network] ?? $0.network): \($0.metric.isEmpty ? $0.status.rawValue : $0.metric)" }
                    .map { $0 + "\n" }.joined()
        }

        /// Both runs' bootstrap buckets when they replayed the same recordings (file names and
        /// session counts); else nil, and a line on stderr saying why the gate is the point estimate.
        private func pairing(_ folders: [String]) -> Comparison.Pairing? {
            guard let base = BootstrapFile.read(folder: folders[0]), let next = BootstrapFile.read(folder: folders[1]) else {
                Console.error("compare: judging on point estimates: \(BootstrapFile.fileName) is missing or unreadable in a run "
                                  + "(replayed with --bootstrap 0, or written by a newer DeckBench)")
                return nil
            }
            func inputs(_ folder: String) -> [String]? {
                guard let data = FileManager.default.contents(atPath: ReportFolder.path(folder, "manifest.json")) else { return nil }
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
            let names = ComparisonVerdict(comparison, limits: []).networkNames
            var table = TextTable(header: ["policy", "network", "metric", "baseline", "candidate", "change", "limit", "status"])
            for row in comparison.rows {
                guard !brief || comparison.isRegression(row) else { continue }
                let change = row.changePercent.map { String(format: "%+.1f%%", $0) } ?? row.change.map { String(format: "%+g", $0) } ?? ""
                table.append([row.policy, names[row.network] ?? row.network, row.metric, row.baseline, row.candidate, change, row.threshold,
                              comparison.isRegression(row) ? "REGRESSION" : row.status.rawValue])
            }
            return table.rendered
        }
    }
}
