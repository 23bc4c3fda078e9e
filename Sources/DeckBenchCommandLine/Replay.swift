import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench replay`: the main job. Every session against every policy on every network.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay recorded sessions against prefetch policies on simulated networks; write CSV reports.",
            discussion: """
                Writes summary.csv (policy × network), sessions.csv (session × policy × network), \
                rejects.csv and manifest.json into --out; columns are documented in reports/README.md. \
                Every policy runs against every network. Same inputs, seed and flags give the same bytes.
                """
        )

        @Argument(help: "Recording files or folders (a folder means every .jsonl.zst, .zst and .jsonl below it).")
        var paths: [String] = ["data"]

        @OptionGroup(title: "What is replayed")
        var model: ReplayModelOptions

        @Option(help: ArgumentHelp("Folder for the reports.", valueName: "folder"))
        var out = "reports"

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "Bootstrap replicates for the 95 % intervals in summary.csv (NAME_ci_low, NAME_ci_high); 0 = none.", valueName: "n"))
        var bootstrap = ReplaySettings.defaultBootstrap

        @OptionGroup var jobsOptions: JobsOptions

        @OptionGroup var rejectsOptions: RejectsOptions

        var jobs: Int { jobsOptions.jobs }
        var maxRejects: Int { rejectsOptions.maxRejects }

        @Option(help: ArgumentHelp(
            "Replay only shard K of N (K/N, 1-based), chosen by a hash of file and session id; or auto, from "
                + "DECKBENCH_SHARD_INDEX/COUNT, JOB_COMPLETION_INDEX/JOB_COMPLETIONS or SLURM_ARRAY_TASK_ID/COUNT. "
                + "Combine shards with `deckbench merge`.",
            valueName: "K/N|auto"))
        var shard: String?

        @Option(help: ArgumentHelp(
            "How to write sessions.csv: csv, csv.zst (the same bytes compressed with zstd, about a tenth of the size; "
                + "pandas, DuckDB and polars read it directly) or none (only the other reports).",
            valueName: "csv|csv.zst|none"))
        var sessionsFormat: SessionsFormat = .csv

        @Flag(help: "Also write report.html into --out (see `deckbench report`).")
        var html = false

        @Flag(help: "Print nothing but errors (no progress, no summary table).")
        var quiet = false

        /// The shard to replay, `--shard`'s (read with the environment, for auto) or all: made by `validate()`.
        private var selectedShard = Parsed<Shard>()

        mutating func validate() throws {
            guard (0 ... 100_000).contains(bootstrap) else { throw ValidationError("--bootstrap must be from 0 to 100000, got \(bootstrap)") }
            guard let shard else { return selectedShard.set(.all) }
            switch Shard.parse(shard, environment: ProcessInfo.processInfo.environment) {
            case let .success(selected): selectedShard.set(selected)
            case let .failure(error): throw ValidationError(error.description)
            }
        }

        func run() throws {
            try Console.refuseFileAsFolder(out)
            let files = try recordingFiles(paths)
            Console.removeLeftovers(in: out)
            Console.noteInPlace(out, quiet: quiet)
            let run = ReplayRun(
                files: files, policies: try model.policies, networks: try model.networks,
                settings: model.settings(bootstrap: bootstrap),
                outputFolder: out, command: ReplayCommandLine.normalized(Array(CommandLine.arguments.dropFirst())),
                jobs: jobs, shard: try selectedShard.get(), sessionsFormat: sessionsFormat)
            let replayed: ReplayRun.Replayed
            let meter = ProgressMeter(enabled: !quiet)
            do {
                replayed = try run.replay(progress: meter.report)
                meter.finish()
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            for reject in replayed.rejects { Console.error("rejected: \(reject)") }
            try Self.checkNotEmpty(replayed, paths: paths)
            let outcome: ReplayRun.Outcome
            do {
                outcome = try replayed.write()
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            if html { try writeReport(folder: out) }
            if !quiet, let note = outcome.manifest.fewUnitsNote { Console.error("warning: " + note) }
            if !quiet, let note = Self.fewReplicatesNote(bootstrap) { Console.error("warning: " + note) }
            if !quiet { Console.out(Self.table(outcome, out: out)) }
            try ExitStatus.check(outcome.rejects, maxRejects: maxRejects)
        }

        /// What intervals from fewer replicates than `tune` races on are worth (nil for none, or
        /// enough): their bounds are the few replicates' extremes, one replicate's value at 1.
        static func fewReplicatesNote(_ replicates: Int) -> String? {
            guard replicates > 0, replicates < TuneRun.minimumReplicates else { return nil }
            return "the intervals are read from \(replicates) bootstrap replicate\(replicates == 1 ? "" : "s") only: "
                + "their bounds are the 2.5th and 97.5th percentiles of so few (docs/STATISTICS.md's error rates were measured with "
                + "1,000, and `tune` asks for \(TuneRun.minimumReplicates) at least); --bootstrap 1000 for intervals to rely on"
        }

        /// Recordings that hold no valid session (a 0-byte file, a file of blank lines, an empty
        /// zstd frame, or every session rejected: an export that wrote error pages) are a data
        /// error (exit 65), not an empty run, whatever `--max-rejects` allows: nothing is written,
        /// so the last run's reports in the folder stay as they were (a nightly job's broken export
        /// does not replace last night's reports with reports of nothing), and the run says so. A
        /// shard with no session of a corpus that has some is a shard like any other.
        static func checkNotEmpty(_ replayed: ReplayRun.Replayed, paths: [String]) throws {
            guard replayed.sessions == 0, replayed.sessionsInInput == 0 else { return }
            let read = "\(replayed.filesRead) file\(replayed.filesRead == 1 ? "" : "s"), \(replayed.linesRead) line\(replayed.linesRead == 1 ? "" : "s")"
            if replayed.rejects.isEmpty {
                Console.error("error: no session in the recordings (\(paths.joined(separator: ", "))): \(read), none of them a session; "
                    + "nothing written")
            } else {
                Console.error("error: no valid session in the recordings (\(paths.joined(separator: ", "))): \(read), "
                    + "\(replayed.rejects.count) rejected (above) and none accepted; nothing written, the folder keeps its last run")
            }
            throw ExitStatus.data
        }

        /// The short human summary: policy, network, stall rate (with its 95 % interval when the
        /// run has one), p99 stall, resets, wasted prefetches.
        static func table(_ outcome: ReplayRun.Outcome, out: String) -> String {
            let intervals = outcome.summaries.contains { !$0.summary.replicates.isEmpty }
            // On few units the intervals are widened (or absent): the header says so, stderr why.
            let few = outcome.manifest.bootstrapUnits.map { " (95 % CI, \($0) \(outcome.manifest.bootstrapUnit ?? "session")\($0 == 1 ? "" : "s"): few)" }
            var table = TextTable(header: ["policy", "network", intervals ? "stall rate" + (few ?? " (95 % CI)") : "stall rate", "p99 stall", "resets", "wasted"])
            let stallRate = IntervalColumn.of(.stallRate)[0]
            var unmeasured = 0
            for (entry, estimates) in zip(outcome.summaries, outcome.estimates) {
                let (policy, network, summary) = (entry.policy, entry.network, entry.summary)
                let totals = summary.totals
                var rate = totals.navigations == 0 ? "-" : percent(totals.stalls, totals.navigations)
                if let interval = estimates?.interval(stallRate) {
                    rate += " (" + [interval.low, interval.high].map { String(format: "%.1f", 100 * $0) }.joined(separator: "–") + ")"
                    // One replicate is one value whatever the sessions: `fewReplicatesNote` says so instead.
                    if interval.low == interval.high, totals.stalls > 0, totals.stalls < totals.navigations,
                       summary.replicates.replicates > 1 { unmeasured += 1 }
                }
                let p99 = summary.stallMsPerNavigation.count == 0 ? "-" : "\(summary.stallMsPerNavigation.value(at: 99)) ms"
                table.append([policy, shortName(network), rate, p99, String(totals.resets), String(totals.wastedPrefetches)])
            }
            // Replicates that all weigh the same sessions alike (one user names every session, or one
            // session) give an interval of no width around a rate that varies: it measures no noise.
            let note = unmeasured == 0 ? "" : "\nnote: \(unmeasured) interval\(unmeasured == 1 ? " has" : "s have") no width around a stall rate "
                + "between 0 and 100 %: every bootstrap replicate weighed the same sessions alike (one user names every session, "
                + "or there is one session), so they measure no noise; compare calls such rows inconclusive (docs/STATISTICS.md)\n"
            return table.rendered + note
                + "\n\(outcome.sessions) session\(outcome.sessions == 1 ? "" : "s"), \(outcome.rejects.count) rejected; reports in \(out)/ "
                + "(\(outcome.manifest.outputs.joined(separator: ", ")))\n"
        }

        /// A preset's name when the network is the preset unchanged, else the full spec.
        private static func shortName(_ spec: String) -> String {
            NetworkPresets.all.first { $0.spec == spec }?.name ?? spec
        }

        private static func percent(_ part: Int, _ whole: Int) -> String {
            let tenths = (part * 1_000 + whole / 2) / whole
            return "\(tenths / 10).\(tenths % 10)%"
        }
    }
}

/// The values spelled out: ArgumentParser's defaults write each raw value through a string
/// interpolation of a generic value (`String(describing:)`'s dynamic casts and their conformance
/// scans, six at every start of every subcommand that has `--sessions-format`).
extension SessionsFormat: ExpressibleByArgument {
    public var defaultValueDescription: String { rawValue }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    /// No value has a description other than its name.
    public static var allValueDescriptions: [String: String] { [:] }
}
extension Comparison.Gate: ExpressibleByArgument {}
