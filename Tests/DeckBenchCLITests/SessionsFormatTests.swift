import Foundation
import Testing
@testable import DeckBench

/// `--sessions-format`: csv.zst is csv's bytes compressed, none writes no sessions file, and both
/// keep every other guarantee (same bytes for every --jobs, shards merge to the whole run).
@Suite struct SessionsFormatTests {
    private static let flags = ["--network", "3g:connections=2", "--quiet"]

    private func corpus() throws -> String {
        let folder = DeckBenchTool.temporaryFolder()
        let generated = try DeckBenchTool.run(["generate", "--out", "rec", "--sessions", "200", "--files", "2", "--seed", "4", "--level", "3"],
                                              in: folder)
        #expect(generated.status == 0)
        return folder
    }

    private func replay(_ folder: String, _ arguments: [String]) throws {
        let output = try DeckBenchTool.run(["replay", "rec"] + arguments + Self.flags, in: folder)
        #expect(output.status == 0, "\(output.stderr)")
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func decompressed(_ path: String) throws -> Data {
        let input = try RecordingInput(path: path)
        var data = Data()
        while let chunk = try input.nextChunk() { data.append(contentsOf: chunk) }
        return data
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func csvZstIsTheSameRowsCompressedAndTheSameForEveryJobs() throws {
        let folder = try corpus()
        try replay(folder, ["--out", "plain"])
        try replay(folder, ["--out", "z1", "--sessions-format", "csv.zst", "--jobs", "1"])
        try replay(folder, ["--out", "z3", "--sessions-format", "csv.zst", "--jobs", "3"])
        let plain = try bytes(folder + "/plain/sessions.csv")
        let compressed = try bytes(folder + "/z1/sessions.csv.zst")
        #expect(try decompressed(folder + "/z1/sessions.csv.zst") == plain)
        #expect(compressed.count * 4 < plain.count, "\(compressed.count) compressed bytes for \(plain.count)")
        #expect(!exists(folder + "/z1/sessions.csv"))
        for name in ["sessions.csv.zst", "summary.csv", "distributions.csv", "rejects.csv", "manifest.json"] {
            #expect(try bytes(folder + "/z1/" + name) == (try bytes(folder + "/z3/" + name)), "\(name)")
        }
        for name in ["summary.csv", "distributions.csv", "rejects.csv"] {
            #expect(try bytes(folder + "/plain/" + name) == (try bytes(folder + "/z1/" + name)), "\(name)")
        }
        let manifest = try String(contentsOfFile: folder + "/z1/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"sessions.csv.zst\"") && !manifest.contains("\"sessions.csv\""))
    }

    @Test func noneWritesEverythingButTheSessions() throws {
        let folder = try corpus()
        try replay(folder, ["--out", "plain"])
        try replay(folder, ["--out", "none", "--sessions-format", "none"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/none").sorted()
            == ["bootstrap.json", "distributions.csv", "manifest.json", "paired.csv", "rejects.csv", "summary.csv"])
        #expect(try bytes(folder + "/plain/summary.csv") == (try bytes(folder + "/none/summary.csv")))
    }

    @Test func shardsMergeInTheirFormat() throws {
        let folder = try corpus()
        for format in ["csv.zst", "none"] {
            try replay(folder, ["--out", "whole-" + format, "--sessions-format", format])
            for index in 1 ... 2 {
                try replay(folder, ["--out", "s\(index)-" + format, "--shard", "\(index)/2", "--sessions-format", format])
            }
            let merged = try DeckBenchTool.run(["merge", "s2-" + format, "s1-" + format, "--out", "merged-" + format, "--quiet"], in: folder)
            #expect(merged.status == 0, "\(merged.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/whole-" + format).sorted()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/merged-" + format).sorted() == names)
            for name in names {
                #expect(try bytes(folder + "/whole-\(format)/" + name) == (try bytes(folder + "/merged-\(format)/" + name)), "\(format): \(name)")
            }
        }
        // Shards of two formats are not one run.
        let mixed = try DeckBenchTool.run(["merge", "s1-csv.zst", "s2-none", "--out", "mixed"], in: folder)
        #expect(mixed.status != 0)
        #expect(mixed.stderr.contains("are shards of different runs"))
    }

    @Test func aRunInAnotherFormatLeavesNoSessionsFileOfTheLastOne() throws {
        let folder = try corpus()
        try replay(folder, ["--out", "out"])
        try replay(folder, ["--out", "out", "--sessions-format", "csv.zst"])
        #expect(!exists(folder + "/out/sessions.csv") && exists(folder + "/out/sessions.csv.zst"))
        try replay(folder, ["--out", "out", "--sessions-format", "none"])
        #expect(!exists(folder + "/out/sessions.csv") && !exists(folder + "/out/sessions.csv.zst"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let folder = try corpus()
        let output = try DeckBenchTool.run(["replay", "rec", "--sessions-format", "parquet"], in: folder)
        #expect(output.status == 64)
        #expect(output.stderr.contains("csv.zst"))
    }
}
