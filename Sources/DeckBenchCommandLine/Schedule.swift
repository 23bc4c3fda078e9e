import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench schedule`: the request schedule of a few sessions' replays, as data, for the
    /// real-network check (`make real-check`, realnet/README.md).
    struct Schedule: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schedule",
            abstract: "Replay a few sessions and write their request schedule (requests.csv, navigations.csv) for the real-network check.",
            discussion: """
                Takes the flags of `replay` that say what is replayed, with the same defaults, and replays the first \
                --sessions valid sessions (or those named by --session) with each policy on each network. requests.csv \
                has a row a request: when the app asked (sent_us), got a connection (started_us) and the request ended \
                (end_us), its bytes and how it ended. navigations.csv has a row a navigation: when its data was needed, \
                whether the replay stalled, and which request brought the data (supplier). realnet/check.py plays the \
                requests over a real TCP stack and judges each navigation again; see realnet/README.md.
                """)

        @Argument(help: "Recording files or folders of recordings (read in sorted order).")
        var files: [String]

        @Option(help: ArgumentHelp("How many sessions to replay: the first valid ones, in file order (default 10).", valueName: "n"))
        var sessions: Int?

        @Option(name: .customLong("session"), help: ArgumentHelp("The id of a session to replay, repeatable (instead of --sessions).", valueName: "id"))
        var ids: [String] = []

        @OptionGroup(title: "What is replayed")
        var model: ReplayModelOptions

        @Option(help: ArgumentHelp("The folder to write requests.csv and navigations.csv in (made if missing).", valueName: "path"))
        var out = "schedule"

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            if let sessions, sessions < 1 { throw ValidationError("--sessions must be at least 1 (got \(sessions))") }
            if sessions != nil, !ids.isEmpty { throw ValidationError("give --session or --sessions, not both") }
            if let twice = Dictionary(grouping: ids, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
                throw ValidationError("--session \(twice) is given twice")
            }
        }

        func run() throws {
            let paths = try recordingFiles(files)
            let found = try chosenSessions(in: paths)
            guard !found.isEmpty else {
                Console.error("error: no valid session in \(files.joined(separator: ", "))")
                throw ExitStatus.data
            }
            let policies = try model.policies, networks = try model.networks, settings = model.settings(bootstrap: 0)
            var timelines: [SessionTimeline] = []
            var table = TextTable(header: ["policy", "network", "sessions", "requests", "navigations", "stalls", "stall ms"])
            var totals: [String: (requests: Int, navigations: Int, stalls: Int, stallMs: Int)] = [:]
            for session in found {
                for replay in SessionTrace.replay(session, policies: policies, networks: networks, settings: settings) {
                    timelines.append(replay.timeline)
                    let key = replay.timeline.policy + "\u{0}" + replay.timeline.network
                    var total = totals[key] ?? (0, 0, 0, 0)
                    total.requests += replay.metrics.requests
                    total.navigations += replay.metrics.navigations
                    total.stalls += replay.metrics.stalls
                    total.stallMs += replay.metrics.stallMsTotal
                    totals[key] = total
                }
            }
            let schedule = RequestSchedule(timelines: timelines)
            do {
                _ = try AtomicFileWriter.write(schedule.requestsCSV, to: out + "/requests.csv")
                _ = try AtomicFileWriter.write(schedule.navigationsCSV, to: out + "/navigations.csv")
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            guard !quiet else { return }
            for timeline in timelines.prefix(policies.count * networks.count) {
                let total = totals[timeline.policy + "\u{0}" + timeline.network]!
                table.append([timeline.policy, String(timeline.network.prefix { $0 != ":" }), String(found.count), String(total.requests),
                              String(total.navigations), String(total.stalls), String(total.stallMs)])
            }
            Console.out(table.rendered + "wrote \(out)/requests.csv and \(out)/navigations.csv\n")
        }

        /// The sessions named by --session (each must be found), or the first --sessions valid ones.
        private func chosenSessions(in paths: [String]) throws -> [Session] {
            guard ids.isEmpty else {
                var named: [Session] = []
                for id in ids {
                    do {
                        named.append(try SessionTrace.find(id, inAny: paths, place: files.joined(separator: ", ")))
                    } catch {
                        Console.error("error: \(error)")
                        switch error {
                        case .notFound: throw ExitStatus.usage
                        case .rejected: throw ExitStatus.inputsRejected
                        case .unreadable: throw ExitStatus.io
                        }
                    }
                }
                return named
            }
            let wanted = sessions ?? 10
            let (found, rejects) = SessionTrace.first(wanted, inAny: paths)
            if !rejects.isEmpty, !quiet {
                Console.error("warning: \(rejects.count) reject\(rejects.count == 1 ? "" : "s") skipped, the first: \(rejects[0])")
            }
            if found.count < wanted, !found.isEmpty, !quiet {
                Console.error("schedule: \(found.count) valid session\(found.count == 1 ? "" : "s") in all, fewer than --sessions \(wanted)")
            }
            return found
        }
    }
}
