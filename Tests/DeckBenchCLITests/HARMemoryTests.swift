import Foundation
import Testing

/// `networks fit` reads a HAR as a stream: on a generated capture of 200,000 entries (about 680 MB,
/// Chrome's shape: 14 request and 14 response headers an entry, a 304 or a 503 one time in ten)
/// its peak resident memory, as `/usr/bin/time -v` reports it, stays under 4 × the file + 100 MB.
/// Slow (it writes and reads 680 MB): runs under `make test-long` (DECKBENCH_LONG=1) only.
@Suite struct HARMemoryTests {
    static let entries = 200_000

    /// Writes the capture, a batch of entries at a time; returns its size in bytes.
    static func writeCapture(_ path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        let headers = "[" + (0 ..< 14).map { #"{"name": "x-header-\#($0)", "value": "\#(String(repeating: "v", count: 60))"}"# }
            .joined(separator: ", ") + "]"
        var size = 0
        func write(_ text: String) throws {
            let data = Data(text.utf8)
            size += data.count
            try file.write(contentsOf: data)
        }
        try write(#"{"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": ["# + "\n")
        var batch = ""
        for index in 0 ..< entries {
            let status = index % 10 == 3 ? 304 : (index % 10 == 7 ? 503 : 200)
            let bytes = 200 + (index * 7_919) % 60_000, wait = 60 + Double((index * 104_729) % 200_000) / 1_000
            batch += #"{"startedDateTime": "2026-11-26T10:00:00.000Z", "time": \#(wait + 20), "request": {"method": "GET", "#
                + #""url": "https://api.example.com/feed/\#(index)", "httpVersion": "h2", "headers": \#(headers), "queryString": [], "#
                + #""cookies": [], "headersSize": -1, "bodySize": 0}, "response": {"status": \#(status), "statusText": "", "#
                + #""httpVersion": "h2", "headers": \#(headers), "cookies": [], "content": {"size": \#(bytes), "mimeType": "application/json"}, "#
                + #""redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": \#(bytes), "_error": null}, "cache": {}, "#
                + #""timings": {"blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.2, "wait": \#(wait), "receive": 20, "#
                + #""_blocked_queueing": 0.5}, "_fromCache": null, "_priority": "High", "_resourceType": "fetch"}"#
                + (index + 1 < entries ? ",\n" : "\n")
            if batch.utf8.count > 1 << 20 {
                try write(batch)
                batch = ""
            }
        }
        try write(batch + "]}}\n")
        return size
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["DECKBENCH_LONG"] != nil))
    func peakMemoryStaysNearTheFilesSize() throws {
        let folder = DeckBenchTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.har"
        let size = try Self.writeCapture(path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-v", DeckBenchTool.executable.path, "networks", "fit", path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stdout.contains("180000 requests; left out 0 cached, 0 failed, 20000 errors"), "\(stdout)")
        let line = try #require(stderr.split(separator: "\n").first { $0.contains("Maximum resident set size") })
        let kilobytes = try #require(Int(line.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""))
        let limit = 4 * size + 100 * 1_000_000
        print("HAR of \(Self.entries) entries, \(size) bytes: peak RSS \(kilobytes * 1_024) bytes (limit \(limit))")
        #expect(kilobytes * 1_024 <= limit, "peak RSS \(kilobytes) kB for a file of \(size) bytes")
    }
}
