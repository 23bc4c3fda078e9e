import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench tune`: which policy to ship, found by racing the candidates on paired sessions
    /// and confirmed on sessions the race never saw.
    struct Tune: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tune",
            abstract: "Find the policy to ship: race candidate policies on paired sessions, confirm the winner on held-out ones.",
            discussion: """
                Every point of every --policy (sweeps allowed) is a candidate on each --network separately. A seeded \
                share of the sessions (--holdout, by file name and session id, or by user when the recordings name \
                users) is set aside; on the rest, all candidates still in replay blocks of sessions that double in \
                size (1/64 of them, then 1/32, ... up to all). The answer is the candidate with the fewest bytes per \
                navigation among those within --byte-budget and not worse than the best by more than --delta; after \
                each block a candidate leaves only when it can no longer be that answer: its interval of bytes per \
                navigation lies wholly above the budget, its paired interval against the leader (the best one within the \
                budget) lies wholly above --delta, or it is confirmed dearer than a cheaper candidate already confirmed \
                within the budget and within --delta (and not better than it by more than --delta). No verdict on fewer \
                than --min-units units or --min-navigations navigations (normal intervals on the bootstrap's standard \
                error, Bonferroni over every comparison of the race: docs/TUNE.md). The shipped policy replays the \
                held-out sessions, beside --incumbent when given: --out gets that replay's reports (summary.csv and the \
                rest, so `report` and `compare` work on it) and tune.csv, every candidate with the round it left, why, \
                and its figures. Same inputs, seed and flags give the same bytes for any --jobs. Exit status 3 when \
                there is no answer (no candidate confirmed within the budget, or no session to search; nothing is \
                written); 4 when there is no confirmed answer: the policy that would be shipped is confirmed worse by \
                more than --delta than one whose bytes straddle the budget, and the answer shows the choice (both \
                replay the held-out sessions; the reports are written).
                """
        )

        @Argument(help: "Recording files or folders (a folder means every .jsonl.zst, .zst and .jsonl below it).")
        var paths: [String] = ["data"]

        @OptionGroup(title: "What is replayed")
        var model: ReplayModelOptions

        @Option(help: ArgumentHelp(
            "A ceiling on the shipped policy's bytes per navigation: bytes_per_navigation=N, or a share of a reference policy's on the "
                + "same sessions, judged paired: bytes_per_navigation=+5%:fixed:radius=2.",
            valueName: "bytes_per_navigation=N|±P%:SPEC"))
        var byteBudget: String?

        @Option(name: .customLong("budget"), help: ArgumentHelp(
            "Deprecated: the former spelling of --byte-budget (the same value); it still works, with a warning. (\"budget\" alone is a "
                + "number of pages, as in learned:budget=N.)",
            valueName: "bytes_per_navigation=N|±P%:SPEC"))
        var deprecatedBudget: String?

        @Option(help: ArgumentHelp("What the race minimises: stall_rate or stall_ms_per_navigation.", valueName: "metric"))
        var objective: TuneObjective = .stallRate

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The indifference zone: ship the fewest bytes among candidates not worse than the best by more than this, in the "
                + "objective's unit (default 0.001 of stall rate, i.e. 0.1 points; 1 ms for stall_ms_per_navigation).",
            valueName: "amount"))
        var delta: Double?

        @Option(help: ArgumentHelp(
            "The policy you ship today: replayed on the held-out sessions beside the answer, which says how much better or worse it is (paired).",
            valueName: "spec"))
        var incumbent: String?

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The share of the sessions held out of the race to confirm the finalists on, from 0 to 0.9 (0: none, and the figure is the race's own, optimistic one).",
            valueName: "fraction"))
        var holdout = 0.3

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The fewest independent units (users when the recordings name them, else sessions) the race judges a candidate on: "
                + "below it, no verdict (default 30).",
            valueName: "n"))
        var minUnits = RaceMinimum.standard.units

        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The fewest navigations the race judges a candidate on: below it, no verdict (default 1000).", valueName: "n"))
        var minNavigations = RaceMinimum.standard.navigations

        @Option(help: ArgumentHelp("Folder for tune.csv and the finalists' held-out reports.", valueName: "folder"))
        var out = "tune"

        @Option(parsing: .unconditional, help: ArgumentHelp("Bootstrap replicates behind every interval (200 to 100000).", valueName: "n"))
        var bootstrap = ReplaySettings.defaultBootstrap

        @OptionGroup var jobsOptions: JobsOptions

        @OptionGroup var rejectsOptions: RejectsOptions

        var jobs: Int { jobsOptions.jobs }
        var maxRejects: Int { rejectsOptions.maxRejects }

        @Option(help: ArgumentHelp("How to write the finalists' sessions.csv: csv, csv.zst or none.", valueName: "csv|csv.zst|none"))
        var sessionsFormat: SessionsFormat = .csv

        @Flag(help: "Also write report.html into --out (see `deckbench report`).")
        var html = false

        @Flag(help: "Print nothing but errors and the answer.")
        var quiet = false

        /// `--byte-budget` and `--incumbent`, with the policies they name, parsed by `validate()`.
        private var parsedBudget = Parsed<TuneBudget?>()
        private var parsedIncumbent = Parsed<(any PrefetchPolicy)?>()

        mutating func validate() throws {
            guard !model.policySpecs.isEmpty else { throw ValidationError(TuneError.noCandidates.description) }
            guard holdout >= 0, holdout <= 0.9 else { throw ValidationError("--holdout must be from 0 to 0.9, got \(holdout)") }
            guard (TuneRun.minimumReplicates ... 100_000).contains(bootstrap) else {
                throw ValidationError("--bootstrap must be from \(TuneRun.minimumReplicates) to 100000 (the race's intervals reach 4 standard "
                    + "errors and more, which fewer replicates estimate too roughly), got \(bootstrap)")
            }
            if let delta, !(delta >= 0 && delta.isFinite) { throw ValidationError("--delta must be a number ≥ 0, got \(delta)") }
            guard minUnits >= 2 else { throw ValidationError("--min-units must be 2 or more (a standard error needs two units), got \(minUnits)") }
            guard minNavigations >= 1 else { throw ValidationError("--min-navigations must be 1 or more, got \(minNavigations)") }
            do {
                parsedIncumbent.set(try incumbent.map { try PolicyRegistry.parse($0) })
            } catch {
                throw ValidationError("--incumbent: \(error)")
            }
            try parseBudget()
        }

        /// `--byte-budget`, or its former spelling `--budget` (said deprecated on stderr), once.
        private mutating func parseBudget() throws {
            let given: (flag: String, text: String)?
            switch (byteBudget, deprecatedBudget) {
            case let (text?, nil): given = ("--byte-budget", text)
            case let (nil, text?):
                Console.error("warning: --budget is deprecated: say --byte-budget (the same value); \"budget\" alone is a number of pages")
                given = ("--budget", text)
            case (nil, nil): given = nil
            case (_?, _?): throw ValidationError("--budget is the former spelling of --byte-budget: give --byte-budget once")
            }
            switch given.map({ TuneBudget.parse($0.text, flag: $0.flag) }) {
            case nil: parsedBudget.set(nil)
            case let .success(parsed)?: parsedBudget.set(parsed)
            case let .failure(error)?: throw ValidationError(error.description)
            }
        }

        func run() throws {
            if objective == .stallRate, let delta, delta > 0.05, !quiet {
                Console.error("warning: --delta \(delta) is \(ReportFormat.number(100 * delta)) points of stall rate (a fraction of "
                    + "navigations: 0.001 is 0.1 points); candidates that much worse than the best may be shipped")
            }
            try Console.refuseFileAsFolder(out)
            let files = try recordingFiles(paths)
            Console.removeLeftovers(in: out)
            Console.noteInPlace(out, quiet: quiet)
            let tune = TuneRun(
                files: files, policies: try model.policies, networks: try model.networks, settings: model.settings(bootstrap: bootstrap),
                objective: objective, budget: try parsedBudget.get(), delta: delta, incumbent: try parsedIncumbent.get(), split: HoldoutSplit(fraction: holdout, seed: model.seed),
                minimum: RaceMinimum(units: minUnits, navigations: minNavigations), outputFolder: out, command: ReplayCommandLine.normalized(Array(CommandLine.arguments.dropFirst())), jobs: jobs,
                sessionsFormat: sessionsFormat)
            let outcome: TuneRun.Outcome
            do {
                let meter = ProgressMeter(enabled: !quiet, plainInterval: 3.5)
                let roundStart = Locked(0.0)
                outcome = try tune.run { progress in
                    if progress.roundDone {
                        meter.show("round \(progress.round) of \(progress.rounds): \(progress.sessions) searched session\(progress.sessions == 1 ? "" : "s"), "
                            + "\(progress.live) candidate\(progress.live == 1 ? "" : "s") in", always: true)
                        roundStart.withLock { $0 = meter.elapsed }
                    } else {
                        meter.show(Self.progressLine(progress, since: roundStart.withLock { $0 }, now: meter.elapsed))
                    }
                }
                meter.finish()
            } catch let error as TuneError {
                Console.error("error: \(error)")
                throw ExitStatus.noAnswer
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            let rejects = outcome.confirmation.rejects
            for reject in rejects { Console.error("rejected: \(reject)") }
            if html { try writeReport(folder: out) }
            for answer in outcome.answers { Console.out(answer.sentence + "\n") }
            if !quiet {
                Console.out("\(outcome.searchedSessions) searched session\(outcome.searchedSessions == 1 ? "" : "s"), \(outcome.confirmation.sessions) held out, "
                    + "\(rejects.count) rejected; reports in \(out)/ (\((outcome.confirmation.manifest.outputs + (html ? ["report.html"] : [])).joined(separator: ", ")))\n")
            }
            try ExitStatus.check(rejects, maxRejects: maxRejects)
            if outcome.answers.contains(where: \.isChoice) { throw ExitStatus.choice }
        }

        /// "round 3 of 7: 41 % of its block read, 812 sessions × 64 candidates replayed, about 12 s left in the round".
        static func progressLine(_ progress: TuneRun.Progress, since start: Double, now: Double) -> String {
            let fraction = progress.bytesTotal > 0 ? min(1, Double(progress.bytesRead) / Double(progress.bytesTotal)) : 0
            let spent = now - start
            let left = fraction > 0.02 ? ", about \(Int((spent / fraction - spent).rounded())) s left in the round" : ""
            if progress.heldOut {
                return "held-out replay: \(Int((100 * fraction).rounded())) % of the input read, \(progress.blockSessions) session"
                    + "\(progress.blockSessions == 1 ? "" : "s") × \(progress.replaying) polic\(progress.replaying == 1 ? "y" : "ies") replayed"
            }
            return "round \(progress.round) of \(progress.rounds): \(Int((100 * fraction).rounded())) % of its block read, "
                + "\(progress.blockSessions) session\(progress.blockSessions == 1 ? "" : "s") × \(progress.replaying) "
                + "candidate\(progress.replaying == 1 ? "" : "s") replayed\(left)"
        }
    }
}

extension TuneObjective: ExpressibleByArgument {}
