import Foundation
import Testing

/// A stopped run leaves nothing behind: SIGINT and SIGTERM remove its staging folder and files and
/// exit 130 and 143; what a run killed outright left is removed by the next run into the folder.
@Suite struct ShutdownTests {
    private func temporaryFiles(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tmp") }.sorted()
    }

    /// The run's staging folder beside `out` (`StagedFolder`), where its files are written.
    private func staging(_ folder: String, pid: Int32) -> String {
        folder + "/.out.deckbench-\(pid)"
    }

    private func stagingFolders(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".out.deckbench-") }
    }

    /// A corpus that takes the debug build some seconds to replay, and a complete run of it in `out`.
    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        #expect(try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "3000", "--files", "2", "--seed", "3", "--level", "1"],
                                      in: folder).status == 0)
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--policy", "fixed"], in: folder).status == 0)
        return folder
    }

    /// Starts a replay into `out` and sends `signalNumber` once its first temporary file exists;
    /// returns the process, ended, and what it wrote on stderr.
    private func replay(in folder: String, stoppedBy signalNumber: Int32) throws -> (process: Process, stderr: String) {
        let process = Process()
        process.executableURL = DeckBenchTool.executable
        process.arguments = ["replay", "rec", "--out", "out", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, temporaryFiles(staging(folder, pid: process.processIdentifier)).isEmpty, Date() < deadline {
            usleep(5_000)
        }
        #expect(process.isRunning, "the run ended before it could be stopped")
        kill(process.processIdentifier, signalNumber)
        let said = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process, String(decoding: said, as: UTF8.self))
    }

    /// Stopped, the run says so in one line (even under --quiet), exits 128 + the signal's number
    /// and leaves no partial file.
    @Test(arguments: [(SIGTERM, Int32(143), "terminated"), (SIGINT, Int32(130), "interrupted")])
    func aSignalRemovesTheTemporaryFiles(signalNumber: Int32, status: Int32, word: String) throws {
        let folder = try corpus()
        let (process, stderr) = try replay(in: folder, stoppedBy: signalNumber)
        #expect(process.terminationReason == .exit && process.terminationStatus == status)
        #expect(stderr == word + ": stopped before the end; no partial output is left (outputs are written atomically)\n")
        #expect(temporaryFiles(folder + "/out") == [])
        #expect(stagingFolders(folder) == [])
        // The folder still holds the earlier complete run.
        #expect(try DeckBenchTool.run(["verify", "out"], in: folder).status == 0)
    }

    @Test func theNextRunRemovesWhatAKilledRunLeft() throws {
        let folder = try corpus()
        let process = try replay(in: folder, stoppedBy: SIGKILL).process
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(temporaryFiles(staging(folder, pid: process.processIdentifier)) == ["sessions.csv.\(process.processIdentifier).tmp"])
        #expect(stagingFolders(folder) == [".out.deckbench-\(process.processIdentifier)"])
        let next = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--policy", "fixed", "--sessions-format", "none"],
                                         in: folder)
        #expect(next.status == 0)
        #expect(next.stderr == "removed .out.deckbench-\(process.processIdentifier), the unfinished reports a killed run into out left beside it\n")
        #expect(stagingFolders(folder) == [])
        // A temporary file a killed run left in the folder itself (a run in place) goes too.
        let dead = folder + "/out/summary.csv.999999.tmp"
        #expect(FileManager.default.createFile(atPath: dead, contents: Data()))
        let again = try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--policy", "fixed", "--sessions-format", "none"],
                                          in: folder)
        #expect(again.stderr == "removed 1 temporary file left in out by a run that was killed: summary.csv.999999.tmp\n")
        // A file of a live process is not touched, nor a file DeckBench does not write.
        let live = folder + "/out/summary.csv.\(getpid()).tmp"
        #expect(FileManager.default.createFile(atPath: live, contents: Data()))
        let foreign = folder + "/out/notes.999999.tmp"
        #expect(FileManager.default.createFile(atPath: foreign, contents: Data()))
        #expect(try DeckBenchTool.run(["replay", "rec", "--out", "out", "--quiet", "--policy", "fixed", "--sessions-format", "none"],
                                      in: folder).stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: live) && FileManager.default.fileExists(atPath: foreign))
    }
}
