import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench compare`: what changed between two runs, and whether it is a regression.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Compare two runs' summary.csv per policy × network; exit 2 on a regression.",
            discussion: """
                Metrics better lower (stall_rate, stall_ms_stalled_p99, resets_per_navigation, bytes_per_navigation, ...) are \
                limited by --max-increase, metrics better higher (prefetch_accuracy, coverage) by --max-decrease; a metric on \
                the wrong flag, or an unknown name, is a usage error (exit 64). An amount with % is relative to the baseline \
                (any worsening from a baseline of 0 crosses it), without % absolute. Every row with a limit gets a verdict: \
                regression (its interval wholly past the limit), within (wholly inside it) or inconclusive (it straddles the \
                limit: this run cannot tell). By default (--gate ci) a metric with an interval is judged on a simultaneous \
                interval built from both runs' bootstrap replicates over the same sessions, paired replicate by replicate, \
                and widened so that all judged rows hold at once at --level: two one-sided bounds, each holding for every \
                row at once at --level (the interval between them, both bounds together, at 1 − 2 × (1 − level): 90 % by \
                default). With nothing changed, the chance that any row is a regression is at most about 1 − level. Runs \
                replayed with different --bootstrap counts are judged on the replicates they share, and runs whose \
                bootstrap resampled different units (users in one, sessions in the other) unpaired, each said on stderr; \
                a tail with too few stalls to judge is inconclusive. A limit of 0 on such a metric is refused (exit 64: an interval \
                can never confirm "no change at all"); use --gate point for it. Metrics without an interval, runs without \
                bootstrap.json or over other recordings, and --gate point are judged on the point estimate (the reason goes \
                to stderr). A network is paired as `history` follows it: by its preset or kind when each run replays only one \
                network of that name (lte with lte:rtt_ms=200: judged, and said as a change of the model, as a change of \
                --item-bytes is), else by its whole spec. A policy or network of the baseline that the candidate lacks is a \
                regression unless --allow-missing. A limit that judges no row is an error (exit 64); one on a column the baseline predates is a \
                note on stderr. The first line of the output is the verdict with the three counts; exit 2 on a regression, \
                and under --strict on an inconclusive row or a limit the baseline predates too; 74 when a folder is not one complete run.
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
            "ci: a metric with an interval is judged on the simultaneous paired interval of its change (needs both runs' "
                + "bootstrap.json, over the same recordings; else point, said on stderr); point: the point estimate decides.",
            valueName: "ci|point"))
        var gate: Comparison.Gate = .ci

        @Option(help: ArgumentHelp(
            "The chance that every judged row's interval holds at once (0.5 to 0.999); 1 − level bounds how often an unchanged run fails.",
            valueName: "share"))
        var level: Double = 0.95

        @Flag(help: "Fail (exit 2) on an inconclusive row too (one whose interval holds its limit), and on a limit whose column the baseline predates.")
        var strict = false

        @Option(help: ArgumentHelp(
            "Calibration only: judge as if the candidate were worse by MULTIPLE × the metric's limit (its point and every replicate "
                + "shifted; the noise kept), to measure how often the gate catches a regression of that size (make gate-calibration).",
            valueName: "metric=multiple,..."))
        var plant: String?

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        /// `--plant`, parsed by `validate()`: metric → multiple of its limit.
        private var plants = Parsed<[String: Double]>()

        /// `--plant`, parsed: metric → multiple of its limit.
        private func parsePlant() throws -> [String: Double] {
            var planted: [String: Double] = [:]
            let limited = Set(try limits.all.map(\.metric))
            for item in (plant ?? "").split(separator: ",") {
                let parts = item.split(separator: "=", omittingEmptySubsequences: false)
                guard parts.count == 2, let multiple = Double(parts[1]), multiple.isFinite, multiple >= 0 else {
                    throw ValidationError("--plant \(item): give metric=multiple, e.g. stall_rate=2 (a worsening of twice its limit)")
                }
                let metric = String(parts[0])
                guard limited.contains(metric), MetricSchema.standard.intervalColumns.contains(where: { $0.name == metric }) else {
                    throw ValidationError("--plant \(metric): a planted worsening needs a metric with an interval and a limit on it")
                }
                planted[metric] = multiple
            }
            guard planted.isEmpty || gate == .ci else { throw ValidationError("--plant judges simultaneous intervals: it needs --gate ci") }
            return planted
        }

        mutating func validate() throws {
            plants.set(try parsePlant())
            guard level >= 0.5, level <= 0.999 else {
                throw ValidationError("--level \(level): give the share of runs every interval holds in, from 0.5 to 0.999 (default 0.95)")
            }
            guard gate == .ci else { return }
            let parsed = try limits.thresholds()
            let zero = Comparison.zeroLimitsOnIntervals(parsed.increase).map { "--max-increase \($0.metric)=\($0.description)" }
                + Comparison.zeroLimitsOnIntervals(parsed.decrease).map { "--max-decrease \($0.metric)=\($0.description)" }
            guard zero.isEmpty else {
                throw ValidationError(zero.joined(separator: ", ") + ": a limit of 0 on a metric with an interval can never be confirmed "
                    + "(every real run's interval has width, so each row would be inconclusive at best); give the largest change you "
                    + "accept, e.g. stall_rate=2%, or judge the point estimate with --gate point")
            }
        }

        /// How the comparison is printed on stdout.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, table, csv
        }

        func run() throws {
            let limits = try self.limits.thresholds()
            let folders = try [baseline, candidate].map(Self.reportFolder)
            try Self.checkShards(folders)
            if let out { try Self.checkOut(out, folders: folders) }
            let paths = folders.map { ReportFolder.path($0, .summary) }
            let texts = try paths.map { path -> String in
                do {
                    return try ReportFolder.text(path)
                } catch {
                    Console.error("error: \(error)")
                    throw ExitStatus.io
                }
            }
            let comparison: Comparison
            do {
                comparison = try Comparison(baseline: texts[0], candidate: texts[1], maxIncrease: limits.increase, maxDecrease: limits.decrease,
                                            pairing: gate == .ci ? pairing(folders) : nil, allowMissing: allowMissing, level: level,
                                            planted: try plants.get(), files: (paths[0], paths[1]))
            } catch let error as ComparisonError {
                // A summary.csv that does not read is a folder that is not one complete run.
                Console.error("error: \(error)")
                throw ExitStatus.io
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.usage
            }
            if !comparison.candidateLacks.isEmpty {
                Console.error("error: \(paths[1]) has no column \(comparison.candidateLacks.joined(separator: ", ")), which the baseline has "
                                  + "and a limit judges (removed by hand or by a tool?): the candidate is not the complete run the gate needs")
                throw ExitStatus.io
            }
            // A limit that judges no row because the candidate lacks the baseline's policies or
            // networks is not a usage error: the missing rows fail the run (exit 2) and are listed.
            let missing = comparison.rows.contains { $0.status == .missingInCandidate && comparison.isRegression($0) }
            if !comparison.limitsJudgingNothing.isEmpty, !missing {
                Console.error("error: the limit on \(comparison.limitsJudgingNothing.joined(separator: ", ")) judged no row: no policy × network "
                                  + "of the baseline has a value for it in both runs, so it could never fail")
                throw ExitStatus.usage
            }
            if !quiet {
                if limits.increase.isEmpty, limits.decrease.isEmpty {
                    Console.error("compare: no --max-increase or --max-decrease: no metric is judged, so this passes whatever changed "
                        + "(a policy or network missing in the candidate still fails)")
                }
                for caution in comparison.cautions { Console.error("compare: " + caution) }
            }
            if !quiet, let caveat = Self.settings(comparison, folders: folders).caveat { Console.error("compare: " + caveat) }
            if let plant, !quiet {
                Console.error("compare: --plant \(plant): a calibration verdict, as if the candidate were that much worse; not a judgment of it")
            }
            let csvPath = out ?? ReportFolder.path(folders[1], .compare)
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
            case .table: Console.out(table(comparison) + "\n\(ComparisonVerdict(comparison, limits: try self.limits.all, strict: strict).verdictLine)\n"
                                         + "\(csvPath) written\n")
            case .text: Console.out(text(comparison, limits: try self.limits.all) + "\(csvPath) written\n")
            }
            if comparison.inconclusive > 0, !quiet {
                Console.error("compare: \(comparison.inconclusive) row\(comparison.inconclusive == 1 ? "" : "s") inconclusive: the interval holds "
                                  + "the limit, so this run can neither confirm a regression nor rule it out"
                                  + (strict ? " (--strict: a failure)" : " (--strict makes that a failure)"))
            }
            if ComparisonVerdict(comparison, limits: try self.limits.all, strict: strict).fails { throw ExitStatus.regression }
        }

        /// Both runs' settings as their manifests record them, with the changes of the model
        /// (`ComparedSettings`); the networks' alone when a manifest does not read.
        static func settings(_ comparison: Comparison, folders: [String]) -> ComparedSettings {
            let manifests = folders.map { try? ReportVerification.verify($0).manifest }
            return ComparedSettings(comparison, baseline: manifests[0], candidate: manifests[1])
        }

        /// Two runs of different shares of the sessions (one shard against a whole run, or two
        /// different shards) replayed different sessions: refused.
        private static func checkShards(_ folders: [String]) throws {
            let shards = folders.map { (try? ReportFolder(folder: $0))?.manifest.shard }
            guard shards[0] != shards[1] else { return }
            Console.error("error: the baseline is \(shards[0].map { "shard \($0)" } ?? "a whole run") and the candidate "
                + "\(shards[1].map { "shard \($0)" } ?? "a whole run"): they replayed different sessions; `deckbench merge` the shards first")
            throw ExitStatus.usage
        }

        /// `--out` never overwrites a file of a run (a compared folder's summary.csv, say), and is
        /// written as plain CSV, so a name ending in .zst is refused.
        private static func checkOut(_ out: String, folders: [String]) throws {
            let name = (out as NSString).lastPathComponent
            let folder = (out as NSString).deletingLastPathComponent
            let runFile = ReportFile.allCases.contains { $0.name == name && $0 != .compare }
                && FileManager.default.fileExists(atPath: (folder.isEmpty ? "." : folder) + "/" + ReportFile.manifest.name)
            if runFile {
                Console.error("error: --out \(out) is a file of the run in \(folder.isEmpty ? "." : folder): give compare.csv another name")
                throw ExitStatus.usage
            }
            if name.hasSuffix(".zst") {
                Console.error("error: --out \(out): compare writes plain CSV; give a name that does not end in .zst")
                throw ExitStatus.usage
            }
        }

        /// The report folder a typed path names: the folder itself, or the folder of a summary.csv;
        /// verified, or an error naming the path as typed and what is wrong with it.
        private static func reportFolder(_ typed: String) throws -> String {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: typed, isDirectory: &isFolder)
            var folder = typed
            if exists, !isFolder.boolValue, (typed as NSString).lastPathComponent == ReportFile.summary.name {
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
            let verdict = ComparisonVerdict(comparison, limits: limits, strict: strict)
            guard brief else { return verdict.text }
            // The networks a name stands for, as the full text lists them: a log must say which one failed.
            let definitions = verdict.networkDefinitions.map { "  \($0.name) = \($0.spec)\n" }.joined()
            return verdict.verdictLine + "\n" + definitions
                + comparison.rows.filter { comparison.isRegression($0) || $0.verdict == .inconclusive }
                    .map { "  \($0.policy) on \(verdict.network(of: $0)): \($0.metric.isEmpty ? $0.status.rawValue : $0.metric)"
                        + ($0.verdict == .inconclusive ? " (inconclusive)" : "") }
                    .map { $0 + "\n" }.joined()
        }

        /// Both runs' bootstrap buckets when they replayed the same recordings; else nil, and a line
        /// on stderr saying why the gate is the point estimate.
        private func pairing(_ folders: [String]) -> Comparison.Pairing? {
            let read = Comparison.Pairing.read(baseline: folders[0], candidate: folders[1])
            if let fallback = read.fallback { Console.error("compare: judging on point estimates: " + fallback) }
            return read.pairing
        }

        private func table(_ comparison: Comparison) -> String {
            let verdict = ComparisonVerdict(comparison, limits: [])
            var table = TextTable(header: ["policy", "network", "metric", "baseline", "candidate", "change", "limit", "status", "verdict"])
            for row in comparison.rows {
                guard !brief || comparison.isRegression(row) || row.verdict == .inconclusive else { continue }
                let change = row.changePercent.map { String(format: "%+.1f%%", $0) } ?? row.change.map { String(format: "%+g", $0) } ?? ""
                table.append([row.policy, verdict.network(of: row), row.metric, row.baseline, row.candidate, change, row.threshold,
                              comparison.isRegression(row) ? "REGRESSION" : row.status.rawValue, row.verdict?.rawValue ?? ""])
            }
            return table.rendered
        }
    }
}
