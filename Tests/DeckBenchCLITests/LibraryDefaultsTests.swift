import DeckBench
import Foundation
import Testing

/// A library run with the library's defaults writes what `deckbench replay` writes with none of
/// its flags: the defaults cannot drift apart (`ReplaySettings()` against the flags' defaults,
/// `PolicyRegistry.defaults` against `--policy`'s, the preset against `--network`'s).
@Suite struct LibraryDefaultsTests {
    @Test func aLibraryRunWithTheDefaultsWritesTheCommandLinesReports() throws {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "12", "--files", "1", "--seed", "5", "--level", "3"], in: folder)
        #expect(generated.status == 0)
        let recording = folder + "/rec/sessions-001.jsonl.zst"
        let tool = try DeckBenchTool.run(["replay", recording, "--out", folder + "/cli", "--quiet"])
        #expect(tool.status == 0, "\(tool.stderr)")

        let outcome = try ReplayRun(files: [recording], policies: PolicyRegistry.defaults,
                                    networks: [NetworkModel.parse(NetworkPresets.defaultName)], settings: ReplaySettings(),
                                    outputFolder: folder + "/library", command: ["library"]).run()

        // The default has intervals: what `hull` and a paired `compare` need.
        #expect(ReplaySettings().bootstrap > 0)
        #expect(outcome.estimates.allSatisfy { $0 != nil })
        let cliFiles = try FileManager.default.contentsOfDirectory(atPath: folder + "/cli").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/library").sorted() == cliFiles)
        #expect(cliFiles.contains("paired.csv") && cliFiles.contains("bootstrap.json"))
        for name in cliFiles where name != "manifest.json" {
            let cli = try Data(contentsOf: URL(fileURLWithPath: folder + "/cli/" + name))
            let library = try Data(contentsOf: URL(fileURLWithPath: folder + "/library/" + name))
            #expect(cli == library, "\(name) differs")
        }
        // The manifests differ only in the command line (and so in the run id it goes into).
        var cli = try manifest(folder + "/cli")
        var library = try manifest(folder + "/library")
        #expect(cli.bootstrap == ReplaySettings().bootstrap)
        (cli.command, cli.runId, library.command, library.runId) = ([], nil, [], nil)
        #expect(cli == library)
    }

    private func manifest(_ folder: String) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json")))
    }
}
