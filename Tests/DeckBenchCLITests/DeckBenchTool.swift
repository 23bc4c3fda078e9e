import CSV
import Foundation
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

    /// A new empty folder for one test.
    static func temporaryFolder() -> String {
        let folder = NSTemporaryDirectory() + "deckbench-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
