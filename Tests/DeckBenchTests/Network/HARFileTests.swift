import Foundation
import Testing
@testable import DeckBench

/// HAR 1.2 read on hand-made files: every timing field, −1 for "does not apply", the entries left
/// out (cached, failed, redirects, filtered) counted, a malformed entry named and its neighbours kept.
@Suite struct HARFileTests {
    private func write(_ text: String) throws -> String {
        let folder = NSTemporaryDirectory() + "deckbench-har-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/capture.har"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func entry(_ url: String, status: Int = 200, timings: String, response: String = #""bodySize": 2000, "content": {"size": 2000}"#,
                       extra: String = "") -> String {
        #"{"startedDateTime": "2026-11-26T10:00:00.000Z", "time": 1, "request": {"method": "GET", "url": "\#(url)"}, "#
            + #""response": {"status": \#(status), \#(response)}, "timings": {\#(timings)}\#(extra)}"#
    }

    @Test func readsEveryTimingAndLeavesOutWhatTellsNothing() throws {
        let entries = [
            // 1: a new connection: blocked 2, dns 10, connect 60 of which ssl 25 (TCP 35), send 1, wait 120, receive 30.
            entry("https://api.example.com/day/1", timings: #""blocked": 2, "dns": 10, "connect": 60, "ssl": 25, "send": 1, "wait": 120, "receive": 30"#,
                  response: #""bodySize": 1800, "_transferSize": 2100, "content": {"size": 5000}"#),
            // 2: a reused connection: set-up fields −1.
            entry("https://api.example.com/day/2", timings: #""blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 0.5, "wait": 80.5, "receive": 12"#),
            // 3: from the memory cache.
            entry("https://api.example.com/day/3", timings: #""send": 0, "wait": 0, "receive": 0"#, extra: #", "_fromCache": "memory""#),
            // 4: failed.
            entry("https://api.example.com/day/4", status: 0, timings: #""send": 0, "wait": -1, "receive": -1"#),
            // 5: a redirect.
            entry("https://api.example.com/old", status: 302, timings: #""send": 1, "wait": 50, "receive": 0"#),
            // 6: not an API request.
            entry("https://cdn.example.com/logo.png", timings: #""send": 1, "wait": 20, "receive": 5"#),
            // 7: malformed: no wait.
            entry("https://api.example.com/day/7", timings: #""send": 1, "receive": 5"#),
            // 8: 304, a revalidation that went to the network: kept.
            entry("https://api.example.com/day/8", status: 304, timings: #""send": 1, "wait": 90, "receive": 0"#,
                  response: #""bodySize": 0, "content": {"size": 2000}"#),
            // 9: a transfer size of 0 for a body of 2,000 bytes: served from the disk cache.
            entry("https://api.example.com/day/9", timings: #""send": 0, "wait": 1, "receive": 0"#,
                  response: #""bodySize": -1, "_transferSize": 0, "content": {"size": 2000}"#),
        ]
        let path = try write(#"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["# + entries.joined(separator: ",\n") + "]}}")
        let har = try HARFile(path: path, filter: try NSRegularExpression(pattern: "^https://api\\."))
        #expect(har.requests == [
            RecordedRequest(firstByteMs: 121, receiveMs: 30, bytes: 2100, setupMs: 72, connectMs: 35),
            RecordedRequest(firstByteMs: 81, receiveMs: 12, bytes: 2000, setupMs: 0, connectMs: nil),
            RecordedRequest(firstByteMs: 91, receiveMs: 0, bytes: 0, setupMs: 0, connectMs: nil),
        ])
        #expect(har.cached == 2 && har.failed == 1 && har.redirects == 1 && har.filtered == 1)
        #expect(har.rejects == ["\(path): entry 7: timings.wait is missing or negative (HAR 1.2 requires send, wait and receive ≥ 0)"])
        #expect(har.requests[0].totalMs == 151)
    }

    @Test func aFileThatIsNotAHARIsNamedWithItsReason() throws {
        for (text, reason) in [("not json", "not a JSON object"), (#"{"entries": []}"#, "no \"log\" with \"entries\"")] {
            let path = try write(text)
            #expect {
                _ = try HARFile(path: path)
            } throws: { error in
                (error as? HARFile.Failure).map { $0.path == path && $0.description.contains(reason) } ?? false
            }
        }
    }
}
