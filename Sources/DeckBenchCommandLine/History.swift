import ArgumentParser
import DeckBench
import Foundation

extension DeckBenchCommand {
    /// `deckbench history`: the nights of a nightly job kept in one CSV, and their lasting changes.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Keep the runs of a nightly job in one history file and find the changes that last.",
            subcommands: [Append.self, Check.self, Report.self])

        /// A history read but unusable (not a history, damaged) is data (65), as a file of
        /// recordings with no session is; a file not read or written at all, or a report folder
        /// that is not one complete run, is I/O (74).
        static func status(_ failure: HistoryFile.Failure) -> ExitCode {
            failure.isData ? ExitStatus.data : ExitStatus.io
        }

        /// The history at `path` for a command that needs a night: refused (exit 65) when it holds
        /// none (an empty file, or a header alone), as `append` takes it for a new history.
        static func nights(_ path: String) throws -> HistoryFile {
            let file: HistoryFile
            do throws(HistoryFile.Failure) {
                file = try HistoryFile.read(path)
            } catch {
                Console.error("error: \(error)")
                throw status(error)
            }
            guard !file.rows.isEmpty else {
                Console.error("error: \(path) holds no night yet (an empty file, or a header and no row): `deckbench history append` "
                    + "adds one")
                throw ExitStatus.data
            }
            return file
        }
    }
}

extension DeckBenchCommand.History {
    /// `deckbench history append`: run folders into a history.
    struct Append: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "append",
            abstract: "Add report folders (each one complete run) to a history file, one row per run × policy × network × metric.",
            discussion: """
                The metrics are those compare can judge, with their 95 % intervals where the run has them; columns in \
                reports/README.md. Each append is a night, named by its label when it has one (a rerun under the same \
                label with identical results is the same night; one with other results is another night of that \
                label, with a warning), else by its time (by default when the run was written): identical runs on \
                other nights are nights all the same, and the same folder appended twice is added once. The file is \
                rewritten beside itself and renamed over it, so a killed append leaves the old history whole; appends \
                at once take turns (a lock on the history's folder). A folder that is not a complete run, or is one \
                shard's (merge first), is refused (exit 74), and so is a damaged history (exit 65: a night's rows split, \
                twice or cut short, said with the line); every folder is read before anything is written. An empty file \
                is a new history.
                """)

        @Argument(help: "Report folders written by `deckbench replay` or `deckbench merge`, oldest first.")
        var folders: [String]

        @Option(help: ArgumentHelp("The history file (created when missing).", valueName: "file"))
        var history: String

        @Option(help: ArgumentHelp("What to call the run: a git SHA, a date (default: none).", valueName: "text"))
        var label = ""

        @Option(help: ArgumentHelp("The run's time, ISO 8601 (default: manifest.json's modification time; a nightly passes the job's start).",
                                   valueName: "time"))
        var time: String?

        @Option(help: ArgumentHelp("The commit of the code under test (default: $GITHUB_SHA, else none).", valueName: "sha"))
        var commit: String?

        @Option(help: ArgumentHelp("The metrics kept (default: those with an interval: stall_rate, stall_ms_p99, bytes_per_navigation, …).",
                                   valueName: "metric,..."))
        var metrics: String?

        private var metricList: [String]? { metrics.map { $0.split(separator: ",").map(String.init) } }

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard !folders.isEmpty else { throw ValidationError("give the report folders to append") }
            if let metricList, metricList.isEmpty {
                throw ValidationError("--metrics names no metric (\"\(metrics ?? "")\": an unset variable?); leave it out for the default")
            }
            if let metricList, let problem = HistoryEntry.check(metrics: metricList) { throw ValidationError("--metrics: \(problem)") }
            if let time, HistoryEntry.utcTime(time) == nil {
                throw ValidationError("--time must be an ISO 8601 date and time such as 2026-11-26T03:00:00Z, got \(time)")
            }
        }

        func run() throws {
            let entry = HistoryEntry(label: label, time: time.flatMap(HistoryEntry.utcTime),
                                     commit: commit ?? ProcessInfo.processInfo.environment["GITHUB_SHA"] ?? "", metrics: metricList)
            // Every folder is read before anything is written: a folder that is no complete run
            // leaves the history as it was, not half appended.
            var nights: [(folder: String, rows: [HistoryRow])] = []
            for folder in folders {
                do throws(HistoryFile.Failure) {
                    nights.append((folder, try entry.rows(folder: folder)))
                } catch {
                    Console.error("error: \(error)" + (folders.count > 1 ? " (nothing was appended)" : ""))
                    throw ExitStatus.io
                }
            }
            for (folder, rows) in nights {
                do throws(HistoryFile.Failure) {
                    let appended = try HistoryFile.append(rows, to: history)
                    let added = appended.rows
                    if let time = rows.first?.time, appended.isBackfilled(time: time) {
                        Console.error("warning: \(folder)'s time \(time) is before the last night's (\(appended.lastTime ?? "")): nights are "
                            + "kept in the order they are appended, so it became the last night")
                    }
                    if appended.labelTaken, let label = rows.first?.label {
                        Console.error("warning: another night in \(history) has the label \(label) with other results (another seed, corpus, "
                            + "flags or code): it is kept as a second night of that label")
                    }
                    if !quiet {
                        Console.out(rows.isEmpty ? "\(folder): no row to add (its summary.csv has none of the metrics kept)\n"
                            : added == 0 ? "\(folder): night \(appended.heldRun ?? rows[0].run) is in \(history) already\n"
                            : "\(folder): \(added) rows added to \(history)\n")
                    }
                } catch {
                    Console.error("error: \(error)")
                    throw DeckBenchCommand.History.status(error)
                }
            }
        }
    }

    /// `deckbench history check`: the lasting changes past a limit.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Fail (exit 2) when a metric moved past its limit and stayed there for at least --min-nights nights.",
            discussion: """
                In each series (a metric of a policy on a network, night by night) the most evident change among the \
                last --window nights that has held --min-nights is found (docs/NIGHTLY.md says how: a step placed where \
                two levels part best, or a creep, a rise night by night, where it fits better than any step; judged on the \
                runs' own intervals, nights of one recordings and seed sharing one error, Bonferroni over the starts); it fails the \
                check (FAIL) when its whole 95 % interval lies past the limit, and is said (unconfirmed) when the \
                interval excludes no change but holds the limit. A night that brought lasting new recordings, flags, network parameters or a new \
                DeckBench version splits the series: its step is said (explained) when its whole interval lies past the limit, \
                and never fails, and the nights \
                after it are judged on their own. Each line ends with the smallest change the history could confirm \
                (detectable). Exit 2 on a FAIL.
                """)

        @Argument(help: ArgumentHelp("The history file.", valueName: "file"))
        var history: String

        @OptionGroup var thresholds: ThresholdOptions

        @Option(parsing: .unconditional, help: "Nights a change must have held, its first included.")
        var minNights = 3

        @Option(parsing: .unconditional, help: "Changes starting among the last this many nights are judged.")
        var window = 30

        @Flag(help: "Print nothing but the failures.")
        var quiet = false

        func validate() throws {
            guard minNights >= 1 else { throw ValidationError("--min-nights must be 1 or more, got \(minNights)") }
            guard window >= 1 else { throw ValidationError("--window must be 1 or more, got \(window)") }
            guard try !thresholds.all.isEmpty else { throw ValidationError("give the limits: --max-increase and/or --max-decrease") }
        }

        func run() throws {
            let file = try DeckBenchCommand.History.nights(history)
            let search = ChangePointSearch(minNights: minNights, window: window)
            let limits = try thresholds.all
            try Self.refuseUnkept(limits, in: file, history: history)
            let check = HistoryCheck(limits: limits, search: search)
            let findings = check.findings(file)
            for finding in findings where finding.fails || !quiet {
                Console.out(finding.line + "\n")
            }
            if !quiet { Console.out(Self.summary(file, search: search, findings: findings) + "\n") }
            if findings.contains(where: \.fails) { throw ExitStatus.regression }
        }

        /// Refuses (exit 64) a limit on a metric the history keeps no series of: it would judge nothing.
        static func refuseUnkept(_ limits: [Comparison.Threshold], in file: HistoryFile, history: String) throws {
            let kept = Set(file.rows.map(\.metric))
            if let missing = limits.first(where: { !kept.contains($0.metric) }) {
                Console.error("error: \(history) holds no series of \(missing.metric) (it keeps \(kept.sorted().joined(separator: ", "))): "
                    + "a limit on it would judge nothing; append with --metrics to keep it")
                throw ExitStatus.usage
            }
        }

        /// The check's last line: "30 nights, 36 series: 3 lasting changes past their limits", and
        /// what is too short to judge.
        static func summary(_ file: HistoryFile, search: ChangePointSearch, findings: [HistoryCheck.Finding]) -> String {
            let series = HistorySeries.all(file)
            let short = series.filter { $0.nights.count < search.nightsNeeded }.count
            let unjudged = short == 0 ? ""
                : short == series.count ? "; too short to judge: a change needs \(search.nightsNeeded) nights with a value "
                    + "(\(search.nightsNeeded - search.minNights) before it, --min-nights \(search.minNights) from it)"
                : "; \(short) of them too short to judge yet (fewer than \(search.nightsNeeded) nights with a value)"
            return "\(Self.count(file.runs.count, "night")), \(series.count) series: "
                + HistoryCheck.verdict(failed: findings.filter(\.fails).count) + unjudged
        }

        static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }

    /// `deckbench history report`: the history drawn night by night.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write trend.html (each series night by night, its intervals as a band, its change points) and trend.csv (what it shows).",
            discussion: "Change points are searched over each whole series (docs/NIGHTLY.md); those whose first night brought new "
                + "recordings, flags or a version are said to be explained by them. With --max-increase/--max-decrease (and "
                + "--min-nights, --window as `history check` takes them) the page also shows the check's verdict, its lines, "
                + "and each limit on the charts it judges.")

        @Argument(help: ArgumentHelp("The history file.", valueName: "file"))
        var history: String

        @Option(help: ArgumentHelp("Folder for trend.html and trend.csv.", valueName: "folder"))
        var out = "trend"

        @OptionGroup var thresholds: ThresholdOptions

        @Option(parsing: .unconditional, help: "Nights a change must have held, its first included (for the check's verdict).")
        var minNights = 3

        @Option(parsing: .unconditional, help: "Changes starting among the last this many nights are judged (for the check's verdict).")
        var window = 30

        func validate() throws {
            guard minNights >= 1 else { throw ValidationError("--min-nights must be 1 or more, got \(minNights)") }
            guard window >= 1 else { throw ValidationError("--window must be 1 or more, got \(window)") }
            if try thresholds.all.isEmpty, minNights != 3 || window != 30 {
                throw ValidationError("--min-nights and --window shape the check's verdict, which the page shows only with "
                    + "--max-increase or --max-decrease")
            }
        }

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            let file = try DeckBenchCommand.History.nights(history)
            try Console.refuseFileAsFolder(out)
            let trend = HistoryTrend(file)
            let limits = try thresholds.all
            try Check.refuseUnkept(limits, in: file, history: history)
            let search = ChangePointSearch(minNights: minNights, window: window)
            let findings = HistoryCheck(limits: limits, search: search).findings(file)
            let check = limits.isEmpty ? nil : TrendPage.Check(limits: limits, findings: findings,
                                                               summary: Check.summary(file, search: search, findings: findings))
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                Console.error("error: cannot create the folder \(out): \(Self.reason(error, folder: out))")
                throw ExitStatus.io
            }
            do throws(OutputError) {
                try AtomicFileWriter.write(trend.csv, to: out + "/trend.csv")
                try AtomicFileWriter.write(TrendPage(trend: trend, runs: file.runs.count, check: check).html, to: out + "/trend.html")
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            let folder = out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
            if !quiet { Console.out("wrote \(folder)/trend.html and \(folder)/trend.csv: \(Check.count(file.runs.count, "night")), \(trend.series.count) series\n") }
        }

        /// Why a folder could not be made, in words: the system's reason (a file on the path, no
        /// permission, a full disk), not Foundation's error domain and code.
        static func reason(_ error: Error, folder: String) -> String {
            // Foundation says a file on the path only as "error 512": find it.
            var ancestor = (folder as NSString).deletingLastPathComponent
            while !ancestor.isEmpty, ancestor != "/" {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isFolder) {
                    if !isFolder.boolValue { return "\(ancestor) is a file, not a folder" }
                    break
                }
                ancestor = (ancestor as NSString).deletingLastPathComponent
            }
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(underlying.code))).lowercased()
            }
            switch (error as? CocoaError)?.code {
            case .fileWriteFileExists?: return "a file of that name is on its path"
            case .fileWriteNoPermission?: return "permission denied"
            case .fileWriteOutOfSpace?: return "the disk is full"
            case .fileWriteVolumeReadOnly?: return "a read-only file system"
            default: return "the system refused it (\((error as NSError).domain) error \((error as NSError).code))"
            }
        }
    }
}
