import CSV
import Foundation
import TestScratch
import Testing

/// Runs the built `deckbench` executable as a user would, capturing what it prints.
struct DeckBenchTool {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable beside the test bundle (SwiftPM builds it because the tests depend on it).
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("deckbench")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("deckbench")
    }()

    /// The rows of a CSV file with a header, each a column → value dictionary.
    static func csvRows(_ path: String) throws -> [[String: String]] {
        let reader = try CSVReader(string: try String(contentsOfFile: path, encoding: .utf8), hasHeaderRow: true)
        var rows: [[String: String]] = []
        while reader.next() != nil { rows.append(Dictionary(uniqueKeysWithValues: zip(reader.headerRow!, reader.currentRow!))) }
        return rows
    }

    static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A step of a fixture that a suite builds once (a corpus, a replay) that did not exit 0.
    struct FixtureFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a fixture's step, throwing what it printed unless it exits 0.
    static func prepare(_ arguments: [String], in folder: String) throws {
        let output = try run(arguments, in: folder)
        guard output.status == 0 else {
            throw FixtureFailed(description: "deckbench \(arguments.joined(separator: " ")) exited \(output.status): \(output.stderr)")
        }
    }

    /// A new folder holding a copy of `template`: a fixture built once, for one test that may write in it.
    static func copy(of template: String) throws -> String {
        let folder = temporaryFolder()
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: template, toPath: folder)
        return folder
    }

    /// A new empty folder for one test.
    static func temporaryFolder() -> String {
        let folder = TestScratch.directory + "deckbench-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
