import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// HAR 1.2 read on hand-made files: every timing field, −1 for "does not apply", the entries left
/// out (cached, failed, redirects, filtered) counted, a malformed entry named and its neighbours kept.
@Suite struct HARFileTests {
    private func write(_ text: String, name: String = "capture.har") throws -> String {
        let folder = TestScratch.directory + "deckbench-har-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
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
        #expect(har.rejects == ["\(path): entry 7: timings.wait is missing (HAR 1.2 requires send, wait and receive, numbers ≥ 0)"])
        #expect(har.requests[0].totalMs == 151)
    }

    /// A timing that is not a number is named with what it is: a string (quoted), a Boolean, null
    /// (missing); a negative one with its value; a set-up field below −1 likewise. The entries
    /// around them are kept.
    @Test func aTimingThatIsNotANumberIsNamedWithWhatItIs() throws {
        let entries = [
            entry("https://api.example.com/1", timings: #""send": 1, "wait": "120", "receive": 5"#),
            entry("https://api.example.com/2", timings: #""send": 1, "wait": 80, "receive": 5"#),
            entry("https://api.example.com/3", timings: #""send": 1, "wait": -5, "receive": 5"#),
            entry("https://api.example.com/4", timings: #""send": true, "wait": 80, "receive": 5"#),
            entry("https://api.example.com/5", timings: #""send": 1, "wait": 80, "receive": null"#),
            entry("https://api.example.com/6", timings: #""connect": "n/a", "send": 1, "wait": 80, "receive": 5"#),
            entry("https://api.example.com/7", timings: #""connect": -2, "send": 1, "wait": 80, "receive": 5"#),
            entry("https://api.example.com/8", timings: #""send": 1, "wait": "a string far longer than twenty characters", "receive": 5"#),
            // A status written as a string is named; one under 100 (-1) is a request without a response.
            entry("https://api.example.com/9", status: 200, timings: #""send": 1, "wait": 80, "receive": 5"#).replacingOccurrences(of: #""status": 200"#, with: #""status": "200""#),
            entry("https://api.example.com/10", status: -1, timings: #""send": 1, "wait": 80, "receive": 5"#),
            entry("https://api.example.com/11", status: 100, timings: #""send": 1, "wait": 80, "receive": 5"#),
        ]
        let path = try write(#"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["# + entries.joined(separator: ",\n") + "]}}")
        let har = try HARFile(path: path)
        #expect(har.requests == [RecordedRequest(firstByteMs: 81, receiveMs: 5, bytes: 2000, setupMs: 0, connectMs: nil),
                                 RecordedRequest(firstByteMs: 81, receiveMs: 5, bytes: 2000, setupMs: 0, connectMs: nil)])
        #expect(har.failed == 1, "\(har)")
        let required = "(HAR 1.2 requires send, wait and receive, numbers ≥ 0)"
        #expect(har.rejects == [
            "\(path): entry 1: timings.wait is the string \"120\", not a number \(required)",
            "\(path): entry 3: timings.wait is -5, negative (HAR 1.2 requires send, wait and receive ≥ 0)",
            "\(path): entry 4: timings.send is true, not a number \(required)",
            "\(path): entry 5: timings.receive is missing \(required)",
            "\(path): entry 6: timings.connect is the string \"n/a\", not a number ≥ -1",
            "\(path): entry 7: timings.connect is -2, below -1 (-1: does not apply)",
            "\(path): entry 8: timings.wait is the string \"a string far longer …\", not a number \(required)",
            "\(path): entry 9: response.status is the string \"200\", not a number",
        ], "\(har.rejects)")
    }

    /// An error is a status of 400 or more, 400 itself included: of 200, 400 and 404 one request
    /// is left and two errors; at the edge, 399 is a redirect (3xx, not 304), 400 and 401 errors.
    @Test func aStatusOf400OrMoreIsAnError() throws {
        let timings = #""send": 1, "wait": 50, "receive": 5"#
        let document = { (statuses: [Int]) in
            #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
                + statuses.map { entry("https://api.example.com/s/\($0)", status: $0, timings: timings) }.joined(separator: ",\n") + "]}}"
        }
        let har = try HARFile(path: try write(document([200, 400, 404])))
        #expect(har.requests == [RecordedRequest(firstByteMs: 51, receiveMs: 5, bytes: 2000, setupMs: 0, connectMs: nil)])
        #expect(har.errors == 2 && har.redirects == 0 && har.failed == 0 && har.cached == 0 && har.rejects.isEmpty, "\(har)")
        let edge = try HARFile(path: try write(document([399, 400, 401])))
        #expect(edge.requests.isEmpty && edge.redirects == 1 && edge.errors == 2, "\(edge)")
    }

    /// A file that is not a HAR says why; a gzip-compressed one says so (a HAR is read plain or zstd).
    @Test func aFileThatIsNotAHARIsNamedWithItsReason() throws {
        let gzip = String(decoding: [0x1F, 0x8B, 0x08, 0x00, 0x41], as: UTF8.self)
        for (text, reason) in [("not json", "not a JSON object"), (#"{"entries": []}"#, "no \"log\" with \"entries\""),
                               (gzip, "gzip-compressed: a HAR is read plain or zstd-compressed; decompress it (gunzip) first")] {
            let path = try write(text)
            #expect {
                _ = try HARFile(path: path)
            } throws: { error in
                (error as? HARFile.Failure).map { $0.path == path && $0.description.contains(reason) } ?? false
            }
        }
    }

    /// The shapes real exports have. Chrome: a 304 revalidation (a few hundred bytes, receive
    /// under a millisecond), a 503 error page, a 200 whose receive is 0, `"_fromCache": false` and
    /// `null` on entries that went to the network. Safari: `"_fetchType": "Memory Cache"` and
    /// "Disk Cache" served locally, "Network Load" not. Firefox: empty `timings` and all-zero
    /// timings for what its cache served. mitmproxy: ssl written beside connect (ssl > connect).
    static let realShapes = [
        // 1: Chrome 304: kept, 0.2 + 31.8 ms to the first byte, 263 bytes.
        #"{"request": {"url": "https://api.example.com/feed"}, "response": {"status": 304, "bodySize": 0, "_transferSize": 263, "content": {"size": 20480}}, "#
            + #""timings": {"blocked": 1.5, "dns": -1, "ssl": -1, "connect": -1, "send": 0.2, "wait": 31.8, "receive": 0.4}, "_fromCache": false}"#,
        // 2: Chrome 503 error page: left out, counted in errors.
        #"{"request": {"url": "https://api.example.com/feed"}, "response": {"status": 503, "_transferSize": 1043, "content": {"size": 890}}, "#
            + #""timings": {"send": 0.1, "wait": 12, "receive": 0.3}, "_fromCache": null}"#,
        // 3: Chrome 200 with receive 0 and `_fromCache: null`: kept.
        #"{"request": {"url": "https://api.example.com/page/2"}, "response": {"status": 200, "_transferSize": 18000, "content": {"size": 52000}}, "#
            + #""timings": {"send": 0, "wait": 140, "receive": 0}, "_fromCache": null}"#,
        // 4: Safari from its memory cache.
        #"{"request": {"url": "https://api.example.com/page/1"}, "response": {"status": 200, "bodySize": -1, "content": {"size": 0}}, "#
            + #""timings": {"blocked": 0, "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": 0.03, "receive": 0.02}, "_fetchType": "Memory Cache"}"#,
        // 5: Safari from its disk cache.
        #"{"request": {"url": "https://api.example.com/page/3"}, "response": {"status": 200, "bodySize": -1, "content": {"size": 0}}, "#
            + #""timings": {"send": 0, "wait": 0.5, "receive": 0.1}, "_fetchType": "Disk Cache"}"#,
        // 6: Safari over the network: kept; TCP 29 − 19 = 10 ms; 5,495 bytes.
        #"{"request": {"url": "https://api.example.com/page/4"}, "response": {"status": 200, "bodySize": 5150, "_transferSize": 5495, "content": {"size": 23866}}, "#
            + #""timings": {"blocked": 2, "dns": 51, "connect": 29, "ssl": 19, "send": 1, "wait": 6, "receive": 21}, "_fetchType": "Network Load"}"#,
        // 7: Firefox, served from its cache: empty timings.
        #"{"request": {"url": "https://api.example.com/logo.png"}, "response": {"status": 200, "bodySize": -1, "content": {"size": 0}}, "timings": {}}"#,
        // 8: Firefox, served from its cache: every timing 0.
        #"{"request": {"url": "https://api.example.com/app.js"}, "response": {"status": 200, "bodySize": 0, "content": {"size": 9000}}, "#
            + #""timings": {"blocked": 0, "dns": 0, "ssl": 0, "connect": 0, "send": 0, "wait": 0, "receive": 0}}"#,
        // 9: mitmproxy: ssl 26 beside connect 22.5 (not inside it): TCP is the 22.5 ms; 110 bytes.
        #"{"request": {"url": "https://api.example.com/ping"}, "response": {"status": 200, "bodySize": 110, "content": {"size": 110}}, "#
            + #""timings": {"connect": 22.5, "ssl": 26, "send": 1, "wait": 35, "receive": 1}}"#,
        // 10: Chrome `_fromCache: true`-style Boolean from other tools: cached.
        #"{"request": {"url": "https://api.example.com/page/5"}, "response": {"status": 200, "bodySize": 100}, "#
            + #""timings": {"send": 0, "wait": 1, "receive": 1}, "_fromCache": true}"#,
    ]

    static func har(_ entries: [String]) -> String {
        "\u{FEFF}" + #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "pages": [{"id": "p", "title": "a \"quoted\" [title], {x}"}], "#
            + #""entries": [\#n"# + entries.joined(separator: ",\n") + "]}}"
    }

    static let realShapesRead = [
        RecordedRequest(firstByteMs: 32, receiveMs: 0.4, bytes: 263, setupMs: 1.5, connectMs: nil),
        RecordedRequest(firstByteMs: 140, receiveMs: 0, bytes: 18000, setupMs: 0, connectMs: nil),
        RecordedRequest(firstByteMs: 7, receiveMs: 21, bytes: 5495, setupMs: 82, connectMs: 10),
        RecordedRequest(firstByteMs: 36, receiveMs: 1, bytes: 110, setupMs: 48.5, connectMs: 22.5),
    ]

    @Test func readsTheShapesRealExportsHave() throws {
        let har = try HARFile(path: try write(Self.har(Self.realShapes)))
        #expect(har.requests == Self.realShapesRead)
        #expect(har.cached == 5 && har.errors == 1 && har.failed == 0 && har.redirects == 0 && har.rejects.isEmpty, "\(har)")
    }

    /// A HAR is known by what it holds, whatever its name: `.json`, or zstd-compressed `.har.zst`.
    @Test func aHARNamedJSONOrCompressedIsRead() throws {
        let text = Self.har(Self.realShapes)
        let json = try write(text, name: "export.json")
        #expect(HARFile.looksLikeHAR(json))
        #expect(try HARFile(path: json).requests == Self.realShapesRead)
        let compressed = (json as NSString).deletingLastPathComponent + "/capture.har.zst"
        let writer = try ZstdWriter(path: compressed, level: 3)
        try writer.write(Array(text.utf8))
        _ = try writer.finish()
        #expect(HARFile.looksLikeHAR(compressed))
        #expect(try HARFile(path: compressed).requests == Self.realShapesRead)
        let lines = try write(#"{"start": 0, "ttfb": 10, "end": 20, "bytes": 5}"# + "\n", name: "rum.json")
        #expect(!HARFile.looksLikeHAR(lines))
    }

    /// A file that breaks off after two entries keeps them, and names the break after them as the
    /// file's fault (its callers refuse it), not as a malformed entry.
    @Test func aFileThatBreaksOffKeepsTheEntriesBeforeIt() throws {
        let text = Self.har(Array(Self.realShapes.prefix(3)))
        let path = try write(String(text.dropLast(40)))
        let har = try HARFile(path: path)
        #expect(har.requests == [Self.realShapesRead[0]])
        #expect(har.errors == 1)
        #expect(har.rejects.isEmpty, "\(har.rejects)")
        let broken = try #require(har.broken)
        #expect(!broken.unreadable && broken.description.hasPrefix("\(path): breaks off after entry 2 ("), "\(broken)")
        #expect(try HARFile(path: write(text)).broken == nil)
    }

    /// A missing file and a directory cannot be read; a JSON object without a log is not a HAR.
    @Test func unreadableAndNotAHARAreTold() throws {
        let folder = (try write("{}") as NSString).deletingLastPathComponent
        for path in [folder + "/missing.har", folder] {
            #expect { _ = try HARFile(path: path) } throws: { ($0 as? HARFile.Failure)?.unreadable == true }
        }
        #expect { _ = try HARFile(path: folder + "/capture.har") } throws: { ($0 as? HARFile.Failure).map { !$0.unreadable } ?? false }
    }
}
