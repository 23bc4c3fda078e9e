import CZstd
import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// Files and readers for tests: every test gets its own temporary folder.
struct Fixtures {
    let folder: String

    init() {
        folder = TestScratch.directory + "deckbench-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// Writes `text` as it is (a plain `.jsonl` recording, or anything else).
    @discardableResult
    func plain(_ name: String, _ text: String) -> String {
        bytes(name, Array(text.utf8))
    }

    @discardableResult
    func bytes(_ name: String, _ bytes: [UInt8]) -> String {
        let path = path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// `text` compressed as one zstd frame per element of `frames`.
    static func zstd(_ frames: [String], level: Int32 = 3) -> [UInt8] {
        var result: [UInt8] = []
        for frame in frames {
            let source = Array(frame.utf8)
            var output = [UInt8](repeating: 0, count: ZSTD_compressBound(source.count))
            let written = output.withUnsafeMutableBytes { out in
                source.withUnsafeBytes { input in
                    ZSTD_compress(out.baseAddress, out.count, input.baseAddress, input.count, level)
                }
            }
            precondition(ZSTD_isError(written) == 0)
            result += output[0 ..< written]
        }
        return result
    }

    @discardableResult
    func compressed(_ name: String, frames: [String]) -> String {
        bytes(name, Self.zstd(frames))
    }

    /// Everything a reader yields for `path`, split into sessions and rejects.
    static func read(_ path: String, file: String? = nil) -> (sessions: [Session], rejects: [Reject]) {
        var sessions: [Session] = []
        var rejects: [Reject] = []
        for item in RecordingReader(path: path, file: file) {
            switch item {
            case let .session(session): sessions.append(session)
            case let .reject(reject): rejects.append(reject)
            }
        }
        return (sessions, rejects)
    }

    /// Reads `text` as a plain recording named `test.jsonl`.
    func read(text: String) -> (sessions: [Session], rejects: [Reject]) {
        Self.read(plain("test.jsonl", text), file: "test.jsonl")
    }
}

/// Lines of a small valid session, for building bigger fixtures.
func sessionLines(_ id: String, events: Int = 2, page: Int = 0) -> String {
    var text = #"{"v":1,"session":"\#(id)","page":\#(page),"first":-10,"last":10}"# + "\n"
    for index in 0 ..< events {
        text += #"{"t":\#(1000 * (index + 1)),"e":"tap","dir":"prev"}"# + "\n"
    }
    return text
}
