import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench trace`: one session's timeline, for Perfetto or chrome://tracing.
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trace",
            abstract: "Replay one session and write its timeline as Chrome trace-event JSON (open it in ui.perfetto.dev or chrome://tracing).",
            discussion: """
                Takes the flags of `replay` that say what is replayed (policies, networks, seed, content, max age, \
                --user-waits), with the same defaults, so the timeline is the replay behind the session's rows of \
                sessions.csv. One process per policy × network, on one time axis (the replay's virtual clock): a track \
                for the user's gestures, one for the page shown, one for resets, one for stalls, one per connection in use \
                (each request a slice from when it got the connection to its end: page, kind, bytes, retry, how it \
                ended, whether a prefetch proved useful or wasted).
                """)

        @Argument(help: "The recording file that holds the session, or a folder of recordings (searched in sorted order).")
        var file: String

        @Option(help: ArgumentHelp("The id of the session to trace.", valueName: "id"))
        var session: String

        @OptionGroup(title: "What is replayed")
        var model: ReplayModelOptions

        @Option(help: ArgumentHelp("Where to write the trace.", valueName: "path"))
        var out = "trace.json"

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            let found: Session
            let files = try recordingFiles([file])
            do {
                found = try SessionTrace.find(session, inAny: files, place: file)
            } catch {
                Console.error("error: \(error)")
                switch error {
                case .notFound: throw ExitStatus.usage
                case .rejected: throw ExitStatus.inputsRejected
                case .unreadable: throw ExitStatus.io
                }
            }
            let replays = SessionTrace.replay(found, policies: try model.policies, networks: try model.networks,
                                              settings: model.settings(bootstrap: 0))
            let document = TraceDocument(timelines: replays.map(\.timeline), about: [
                ("file", file), ("session", found.id), ("seed", String(model.seed)), ("user_waits", String(model.userWaits)),
                ("deckbench", DeckBenchVersion.current),
            ])
            do {
                _ = try AtomicFileWriter.write(document.json(), to: out)
            } catch {
                Console.error("error: \(error)")
                throw ExitStatus.io
            }
            guard !quiet else { return }
            var table = TextTable(header: ["policy", "network", "stalls", "stall ms", "requests", "resets", "session ms"])
            for replay in replays {
                let metrics = replay.metrics
                table.append([replay.timeline.policy, String(replay.timeline.network.prefix { $0 != ":" }), String(metrics.stalls),
                           String(metrics.stallMsTotal), String(metrics.requests), String(metrics.resets), String(metrics.sessionMs)])
            }
            Console.out(table.rendered + "wrote \(out): open it in ui.perfetto.dev or chrome://tracing\n")
        }
    }
}
