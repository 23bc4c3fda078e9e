import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench verify`: whether report folders are complete runs.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Say whether each report folder is one complete run: every file its manifest.json lists, of that size and SHA-256.",
            discussion: """
                A run writes manifest.json last, so a run stopped part-way (killed, out of disk) leaves a folder whose \
                files do not all match the manifest there; report, compare and merge refuse such a folder with exit 74, \
                and so does this command. Files the manifest does not list (compare.csv, report.html) are not checked.
                """)

        @Argument(help: "Report folders written by `deckbench replay` or `deckbench merge`.")
        var folders: [String] = ["reports"]

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            var incomplete = 0
            for folder in folders {
                do {
                    let verified = try ReportVerification.verify(folder)
                    if quiet {
                    } else if verified.files == 0 {
                        Console.out("\(folder): manifest.json lists no files (written by an earlier DeckBench): nothing to check\n")
                    } else {
                        let shard = verified.manifest.shard.map { " shard \($0) of a run, not the run: `deckbench merge` its shards" } ?? ""
                        Console.out("\(folder): complete\(shard.isEmpty ? "" : ",")\(shard): \(verified.files) files match manifest.json "
                            + "(run \(verified.manifest.runId ?? "?"))\n")
                    }
                } catch {
                    incomplete += 1
                    Console.error("\(folder): NOT complete: \(error)")
                }
            }
            if incomplete > 0 { throw ExitStatus.io }
        }
    }
}
