import Foundation
import Testing

/// `deckbench help WORD …`: a word that names no command is a usage error naming it and the
/// commands there are (ArgumentParser alone showed the nearest help with exit 0); words that name
/// commands, and `help` alone, show their help as before.
@Suite struct HelpTopicTests {
    @Test func aWordThatNamesNoCommandIsAUsageError() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let typo = try DeckBenchTool.run(["help", "imprt"], in: folder)
        #expect(typo.status == 64 && typo.stdout.isEmpty)
        #expect(typo.stderr.hasPrefix("error: help: no command \"imprt\" in `deckbench`; its commands: replay, tune, learn, "), "\(typo.stderr)")
        #expect(typo.stderr.contains(", import, ") && typo.stderr.hasSuffix(", history\n"), "\(typo.stderr)")
        let deeper = try DeckBenchTool.run(["help", "networks", "fitt"], in: folder)
        #expect(deeper.status == 64 && deeper.stderr.hasPrefix("error: help: no command \"fitt\" in `deckbench networks`; its commands: "),
                "\(deeper.stderr)")
        #expect(deeper.stderr.contains("fit"), "\(deeper.stderr)")
        let leaf = try DeckBenchTool.run(["help", "replay", "extra"], in: folder)
        #expect(leaf.status == 64)
        #expect(leaf.stderr == "error: help: `deckbench replay` has no command \"extra\"; `deckbench replay --help` shows its help\n", "\(leaf.stderr)")
    }

    @Test func wordsThatNameCommandsShowTheirHelp() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let root = try DeckBenchTool.run(["help"], in: folder)
        #expect(root.status == 0 && root.stdout.contains("SUBCOMMANDS:"), "\(root.stdout)")
        let replay = try DeckBenchTool.run(["help", "replay"], in: folder)
        #expect(replay.status == 0 && replay.stdout.contains("--bootstrap"), "\(replay.stdout)")
        let fit = try DeckBenchTool.run(["help", "networks", "fit"], in: folder)
        #expect(fit.status == 0 && fit.stdout.contains("USAGE: deckbench networks fit"), "\(fit.stdout)")
        #expect(try DeckBenchTool.run(["replay", "--help"], in: folder).status == 0)
    }
}
