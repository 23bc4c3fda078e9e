import ArgumentParser
import DeckBench

extension DeckBenchCommand {
    /// `deckbench merge`: the shards of one run into what one machine would have written.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Combine the outputs of `replay --shard K/N` runs into exactly what one machine would write.",
            discussion: "Refuses folders that are not shards of the same run (version, flags, seed, inputs) or that miss a shard.")

        @Argument(help: "The shard output folders, one per shard, in any order.")
        var folders: [String]

        @Option(help: ArgumentHelp("Folder for the merged reports.", valueName: "folder"))
        var out = "reports"

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard !folders.isEmpty else { throw ValidationError("give the shard folders to merge") }
        }

        func run() throws {
            Console.removeLeftovers(in: out)
            Console.noteInPlace(out, quiet: quiet)
            do {
                let manifest = try ShardMerge.merge(folders, into: out)
                if !quiet, let note = manifest.fewUnitsNote { Console.error("warning: " + note) }
                if !quiet {
                    Console.out("merged \(folders.count) shard\(folders.count == 1 ? "" : "s"): \(manifest.sessions) session\(manifest.sessions == 1 ? "" : "s"), \(manifest.rejects) rejected; reports in \(out)/\n")
                }
            } catch {
                Console.error("error: \(error)")
                if case .output = error { throw ExitStatus.io }
                if case .unreadable = error { throw ExitStatus.io }
                if case .incomplete = error { throw ExitStatus.io }
                throw ExitStatus.usage
            }
        }
    }
}
