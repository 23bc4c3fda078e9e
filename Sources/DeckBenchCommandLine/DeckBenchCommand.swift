import ArgumentParser
import DeckBench
import Foundation

/// The whole `deckbench` command line, as a library: `deckbench` itself is `main()`, and a team's
/// executable is `main(adding: [ItsPolicy.self])`, every subcommand then knowing its policies as
/// it knows the built-in ones (docs/POLICIES.md).
public struct DeckBenchCommand: ParsableCommand {
    public init() {}

    /// Named as it was started (`deckbench`, or a team's `OwnPolicyBench`), so that usage lines
    /// and help show what to type.
    public static let configuration = CommandConfiguration(
        // The path's last component read without a `URL` (a runtime conformance scan at every start).
        commandName: CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "deckbench",
        abstract: "Replay recorded swipe sessions against prefetch policies and measure what users feel.",
        discussion: """
            Exit status: 0 clean; 1 inputs rejected (beyond --max-rejects); 2 regression found (compare, history check); 3 no answer (tune: no candidate within the budget); 64 usage error; 65 data error (recordings with no session, requests that are not a HAR or leave none); 74 I/O error, or a report folder that is not one complete run; 130 / 143 stopped by SIGINT / SIGTERM (temporary files removed).
            """,
        version: DeckBenchVersion.current,
        // Each subcommand names itself (`commandName`): a derived name costs a `String(describing:)`
        // of its type at every start, 22.8 M instructions of a replay of the bench slice.
        subcommands: [Replay.self, Tune.self, Learn.self, Report.self, Merge.self, Compare.self, Hull.self, Verify.self, Trace.self, Schedule.self, Inspect.self, Generate.self, Import.self, Policies.self, Networks.self, Bench.self, History.self]
    )

    /// Runs the command line with the built-in policies and `policies` added to them, each in the
    /// default job (what `replay` runs without `--policy`).
    public static func main(adding policies: [any PrefetchPolicy.Type]) {
        main(adding: policies.map { PolicyEntry($0) })
    }

    /// Runs the command line with the built-in policies and `entries` added to them (an entry
    /// says whether its policy is in the default job). A policy that cannot be added (a name
    /// taken, a default outside its range) stops it with exit 70 before anything runs.
    public static func main(adding entries: [PolicyEntry]) {
        do {
            try PolicyRegistry.add(entries)
        } catch {
            Console.error("error: \(error)")
            Foundation.exit(ExitStatus.software.rawValue)
        }
        main()
    }

    /// Runs the command line, with SIGINT and SIGTERM removing the run's temporary files first
    /// (exit 130, 143). Every error message starts with `error:`, ArgumentParser's too.
    public static func main() {
        TemporaryFiles.installSignalHandlers()
        if let unknown = HelpTopic.unknown(in: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            Console.error(HelpTopic.message(word: unknown.word, path: unknown.path, commands: unknown.commands))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot()
            if let repeated = RepeatedOption.first(in: Array(CommandLine.arguments.dropFirst()), root: Self.self) {
                Console.error("error: \(repeated.option) was given \(repeated.values.count == 2 ? "twice" : "\(repeated.values.count) times") (\(repeated.values.joined(separator: ", then "))): "
                    + "it takes one value, and only the last would count; give it once")
                Foundation.exit(ExitStatus.usage.rawValue)
            }
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
