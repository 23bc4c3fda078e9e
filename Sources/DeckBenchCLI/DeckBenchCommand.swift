import ArgumentParser
import DeckBench
import Foundation

/// The `deckbench` tool: lists the subcommands, nothing more.
@main
struct DeckBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deckbench",
        abstract: "Replay recorded swipe sessions against prefetch policies and measure what users feel.",
        discussion: """
            Exit status: 0 clean; 1 inputs rejected (beyond --max-rejects); 2 regression found (compare, history check); 3 no answer (tune: no candidate within the budget); 64 usage error; 65 data error (recordings with no session, requests that are not a HAR or leave none); 74 I/O error, or a report folder that is not one complete run; 130 / 143 stopped by SIGINT / SIGTERM (temporary files removed).
            """,
        version: DeckBenchVersion.current,
        subcommands: [Replay.self, Tune.self, Learn.self, Report.self, Merge.self, Compare.self, Hull.self, Verify.self, Trace.self, Inspect.self, Generate.self, Import.self, Policies.self, Networks.self, Bench.self, History.self]
    )

    /// Runs the command line, with SIGINT and SIGTERM removing the run's temporary files first
    /// (exit 130, 143). Every error message starts with `error:`, ArgumentParser's too.
    static func main() {
        TemporaryFiles.installSignalHandlers()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
            if !message.isEmpty {
                if code == .success { Console.out(message + "\n") } else { Console.error(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
