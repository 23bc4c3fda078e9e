import Foundation
import TestScratch
import Testing
@testable import DeckBench

/// The empirical network: each request draws one recorded request, its first byte and its pace
/// together; the draws have the data's distribution and are the same for every policy; a session
/// replayed on one recorded request is worked out by hand.
@Suite struct EmpiricalLinkTests {
    static let exampleHAR = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/example-api.har").path

    /// A HAR of `entries` (send, wait, receive ms, bytes).
    static func har(_ entries: [(Double, Double, Double, Int)]) throws -> String {
        let items = entries.enumerated().map { index, entry in
            #"{"request": {"url": "https://a/api/\#(index)"}, "response": {"status": 200, "bodySize": \#(entry.3)}, "#
                + #""timings": {"send": \#(entry.0), "wait": \#(entry.1), "receive": \#(entry.2)}}"#
        }
        let folder = TestScratch.directory + "deckbench-empirical-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/one.har"
        try (#"{"log": {"entries": ["# + items.joined(separator: ",") + "]}}").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// 5,000 draws (250 sessions × 20 pages) of the example HAR's 200 API requests: the drawn
    /// times to first byte are the data's within a Kolmogorov–Smirnov distance of 0.03 (at 5,000
    /// draws, 1.36/√5000 ≈ 0.019 is the 95 % bound for draws from the data itself).
    @Test func drawsHaveTheDataDistribution() throws {
        let link = try EmpiricalLink.load(Self.exampleHAR, filter: "/api/")
        #expect(link.count == 200)
        let commons = SessionCommons(settings: ReplaySettings(seed: 3, bootstrap: 0))
        var drawn: [Int] = []
        for index in 0 ..< 250 {
            let session = Session(id: "s\(index)", file: "f", line: 1, page: 0, first: -10, last: 10, events: [])
            commons.begin(session, sessionKey: StableHash.of(session.id), firstPage: 0, newestPage: 10, endUs: 1_000)
            for page in 0 ..< 20 { drawn.append(link.firstByteUs[commons.draws.recordIndex(page: page, n: 0, in: link)]) }
        }
        let data = link.firstByteUs.sorted(), draws = drawn.sorted()
        var distance = 0.0
        for value in Set(data + draws) {
            let inData = Double(data.count { $0 <= value }) / Double(data.count)
            let inDraws = Double(draws.count { $0 <= value }) / Double(draws.count)
            distance = max(distance, abs(inData - inDraws))
        }
        #expect(distance < 0.03, "KS distance \(distance)")
    }

    /// Two workers' commons (as two policies' replays have) draw the same recorded request for the
    /// same session, page and n, and different n draw afresh.
    @Test func everyPolicyDrawsTheSameRequest() throws {
        let link = try EmpiricalLink.load(Self.exampleHAR, filter: "/api/")
        let session = Session(id: "same", file: "f", line: 1, page: 0, first: -10, last: 10, events: [])
        let (one, other) = (SessionCommons(settings: ReplaySettings(seed: 3, bootstrap: 0)), SessionCommons(settings: ReplaySettings(seed: 3, bootstrap: 0)))
        for commons in [one, other] { commons.begin(session, sessionKey: StableHash.of("same"), firstPage: 0, newestPage: 10, endUs: 1_000) }
        let first = (0 ..< 8).map { one.draws.recordIndex(page: 2, n: $0, in: link) }
        #expect(first == (0 ..< 8).map { other.draws.recordIndex(page: 2, n: $0, in: link) })
        #expect(Set(first).count > 4)
    }

    /// One recorded request: sent in 1 ms, first byte 199 ms later, 10,000 bytes in 100 ms (10 µs a
    /// byte). The first page (20 items of 1,000 bytes) is asked for at t = 0: its first byte comes at
    /// 200 ms; its 20,000 bytes would take 200 ms at that pace, but no draw ends later than the
    /// capture's longest request (300 ms), so they take 100 ms and the first load is 300 ms; a tap
    /// to the next page at 1,000 ms (ondemand) stalls the same 300 ms.
    @Test func aSessionOnOneRecordedRequestByHand() throws {
        let path = try Self.har([(1, 199, 100, 10_000)])
        let network = try NetworkModel.parse("empirical:path=\(path),connections=0")
        let session = scenario(
            #"{"v":1,"session":"e","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":3000,"e":"end"}"#)
        let (m, _) = replay(session, OnDemandPolicy(), network: network)
        #expect(m.firstLoadMs == 300)
        #expect(m.stalls == 1 && m.stallMsTotal == 300)
        #expect(network.spec == "empirical:path=\(path),connections=0,server_ms=0,loss=0,timeout_ms=10000,outage_every_ms=0,outage_ms=0")
    }

    /// The same request as a RUM export's row (start 0, first byte 200, end 300 ms, 10,000 bytes):
    /// the same first load, 300 ms.
    @Test func aRUMExportDrawsTheSameWay() throws {
        let folder = TestScratch.directory + "deckbench-empirical-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/rum.csv"
        try "start,ttfb,end,size\n0,200,300,10000\n".write(toFile: path, atomically: true, encoding: .utf8)
        let network = try NetworkModel.parse("empirical:path=\(path),columns=start;ttfb;end;size,connections=0")
        #expect(network.spec.hasPrefix("empirical:path=\(path),columns=start;ttfb;end;size,connections=0,"))
        let session = scenario(
            #"{"v":1,"session":"e","page":0,"first":-10,"last":10}"#,
            #"{"t":3000,"e":"end"}"#)
        #expect(replay(session, OnDemandPolicy(), network: network).metrics.firstLoadMs == 300)
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=\(path),columns=start;ttfb") }
        // A filter matches URLs: columns without one refuse it, as a malformed spec (exit 64).
        #expect {
            try NetworkModel.parse("empirical:path=\(path),columns=start;ttfb;end;size,filter=api")
        } throws: { error in
            guard case let .malformed(_, _, detail) = error as? SpecError else { return false }
            return detail.contains("url column")
        }
    }

    @Test func anEmpiricalNetworkNeedsARequestToDrawFrom() throws {
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=/no/such.har") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=\(Self.exampleHAR),filter=/nothing-matches/") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=\(Self.exampleHAR),rtt_ms=100") }
    }

    /// A HAR of `entries` (status, send, wait, receive ms, bytes or nil, extra fields).
    static func har(statuses entries: [(Int, Double, Double, Double, Int?, String)]) throws -> String {
        let items = entries.enumerated().map { index, entry in
            let size = entry.4.map { #", "bodySize": \#($0)"# } ?? ""
            return #"{"request": {"url": "https://a/api/\#(index)"}, "response": {"status": \#(entry.0)\#(size)}, "#
                + #""timings": {"send": \#(entry.1), "wait": \#(entry.2), "receive": \#(entry.3)}\#(entry.5)}"#
        }
        let folder = TestScratch.directory + "deckbench-empirical-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/capture.har"
        try (#"{"log": {"entries": ["# + items.joined(separator: ",") + "]}}").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A repeat view: a 304 (263 bytes, receive 0.4 ms), a 200 whose receive is 0 (30,000 bytes),
    /// a 200 of 40,000 bytes in 100 ms (2.5 µs a byte, the only pace measured) and a 503 error
    /// page (left out). Every request takes the 2.5 µs a byte (before: the 304 its own 1.52 µs, the
    /// receive-0 one none at all). The longest request is 60 + 100 = 160 ms. 20,000 bytes take
    /// 50 ms on each; 100,000 bytes would take 250 ms, but end within 160 ms: 120 ms after the
    /// 304's first byte at 40 ms, 60 ms after the 100 ms one, 100 ms after the 60 ms one.
    @Test func aPaceOnlyFromResponsesThatCanMeasureOne() throws {
        let path = try Self.har(statuses: [(304, 0, 40, 0.4, 263, ""), (200, 0, 100, 0, 30_000, ""), (200, 0, 60, 100, 40_000, ""),
                                           (503, 0, 5, 1, 1_000, "")])
        let link = try EmpiricalLink.load(path, filter: nil)
        #expect(link.count == 3 && link.measured == 1)
        #expect(link.microsecondsPerByte == [2.5, 2.5, 2.5])
        #expect(link.longestUs == 160_000)
        #expect((0 ..< 3).map { link.transferUs(record: $0, bytes: 20_000) } == [50_000, 50_000, 50_000])
        #expect((0 ..< 3).map { link.transferUs(record: $0, bytes: 100_000) } == [120_000, 60_000, 100_000])
        // No response can measure a pace: a transfer takes the request's own receive time.
        let small = try EmpiricalLink.load(try Self.har(statuses: [(200, 0, 50, 30, 900, ""), (200, 0, 80, 10, 2_000, "")]), filter: nil)
        #expect(small.measured == 0 && small.microsecondsPerByte == [0, 0])
        #expect((0 ..< 2).map { small.transferUs(record: $0, bytes: 20_000) } == [30_000, 10_000])
        #expect((0 ..< 2).map { small.transferUs(record: $0, bytes: 500) } == [0, 0])
    }

    /// A two-entry capture: the draws reach both entries, each about half the time (of 2,000 draws,
    /// more than 800 each; a draw stuck on one entry, or the last one never drawn, fails).
    @Test func theDrawsReachEveryRecordedRequest() throws {
        let link = try EmpiricalLink.load(try Self.har([(1, 99, 10, 5_000), (1, 399, 20, 8_000)]), filter: nil)
        let commons = SessionCommons(settings: ReplaySettings(seed: 11, bootstrap: 0))
        var counts = [0, 0]
        for index in 0 ..< 100 {
            let session = Session(id: "two\(index)", file: "f", line: 1, page: 0, first: -10, last: 10, events: [])
            commons.begin(session, sessionKey: StableHash.of(session.id), firstPage: 0, newestPage: 10, endUs: 1_000)
            for page in 0 ..< 10 {
                for n in 0 ..< 2 { counts[commons.draws.recordIndex(page: page, n: n, in: link)] += 1 }
            }
        }
        #expect(counts[0] > 800 && counts[1] > 800, "\(counts)")
    }

    /// Property: any HAR the fit accepts (300 random small captures from a seeded generator: 304s,
    /// 503s, failures, redirects, `_fromCache` false, null and "memory", receive 0, sizes missing
    /// or tiny) gives an empirical link whose draws (200 per capture, records picked by the replay's
    /// own draw, responses of 0 to 300 kB) have a first byte within the recorded first bytes and end
    /// within the recorded range: no sooner than the earliest first byte and no later than the
    /// longest request; a response at least as large as every recorded one ends no sooner than
    /// the quickest recorded request.
    @Test func everyDrawStaysWithinTheCapturesRange() throws {
        var random = SeededGenerator(seed: 49, keys: 7)
        let statuses = [200, 200, 200, 200, 304, 304, 503, 0, 302]
        let cacheMarks = ["", #", "_fromCache": false"#, #", "_fromCache": null"#, #", "_fromCache": "memory""#, #", "_fetchType": "Network Load""#]
        var accepted = 0
        for capture in 0 ..< 300 {
            let count = 1 + Int(random.next() % 8)
            let entries = (0 ..< count).map { _ -> (Int, Double, Double, Double, Int?, String) in
                let receive = random.next() % 3 == 0 ? 0 : Double(random.next() % 500_000) / 1_000
                let bytes: Int? = random.next() % 5 == 0 ? nil : Int(random.next() % (random.next() % 2 == 0 ? 2_000 : 200_000))
                return (statuses[Int(random.next() % UInt64(statuses.count))], Double(random.next() % 3_000) / 1_000,
                        Double(1 + random.next() % 2_000_000) / 1_000, receive, bytes, cacheMarks[Int(random.next() % UInt64(cacheMarks.count))])
            }
            let path = try Self.har(statuses: entries)
            let requests = try HARFile(path: path).requests
            guard !requests.isEmpty else { continue }
            accepted += 1
            let link = try EmpiricalLink.load(path, filter: nil)
            let firstBytes = requests.map { $0.firstByteMs * 1_000 }, totals = requests.map { $0.totalMs * 1_000 }
            let (least, most, longest) = (firstBytes.min()!, firstBytes.max()!, totals.max()!)
            let largest = requests.map { $0.bytes ?? Int.max }.max()!
            let commons = SessionCommons(settings: ReplaySettings(seed: UInt64(capture), bootstrap: 0))
            let session = Session(id: "p\(capture)", file: "f", line: 1, page: 0, first: -10, last: 10, events: [])
            commons.begin(session, sessionKey: StableHash.of(session.id), firstPage: 0, newestPage: 10, endUs: 1_000)
            for draw in 0 ..< 200 {
                let record = commons.draws.recordIndex(page: draw % 20, n: draw / 20, in: link)
                let bytes = Int(random.next() % 300_000)
                let firstByte = Double(link.firstByteUs[record]), total = firstByte + Double(link.transferUs(record: record, bytes: bytes))
                #expect(firstByte >= least - 1 && firstByte <= most + 1, "capture \(capture): first byte \(firstByte) outside \(least)…\(most)")
                #expect(total >= least - 1 && total <= longest + 1, "capture \(capture): total \(total) outside \(least)…\(longest)")
                if bytes >= largest {
                    #expect(total >= totals.min()! - 1, "capture \(capture): \(bytes) bytes end at \(total), before any recorded request")
                }
            }
        }
        #expect(accepted > 200, "\(accepted) captures accepted")
    }

    /// A comma in a path is written `\,` (a backslash before a comma or a backslash `\\`); the
    /// full spec writes it so, and parses back to the same network; other backslashes stand for
    /// themselves.
    @Test func aCommaInThePathIsEscaped() throws {
        let path = try Self.har([(1, 99, 10, 5_000)])
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(atPath: path, toPath: folder + "/a,b.har")
        let network = try NetworkModel.parse(#"empirical:path=\#(folder)/a\,b.har,filter=api/\d{1\,3}"#)
        guard case let .empirical(empirical) = network.kind else { Issue.record("\(network.kind.name)"); return }
        #expect(empirical.path == folder + "/a,b.har" && empirical.filter == #"api/\d{1,3}"#)
        #expect(network.spec.hasPrefix(#"empirical:path=\#(folder)/a\,b.har,filter=api/\d{1\,3},connections="#), "\(network.spec)")
        #expect(try NetworkModel.parse(network.spec) == network)
        for value in [#"a\b"#, #"a\\b"#, #"a\"#, #"\,"#, "a,b,", #"c:\dir\"#] {
            #expect(SpecString.unescaped(SpecString.escaped(value)) == value, "\(value)")
        }
    }

    /// An unescaped comma in a value: the part after it has no "=", and the message shows the value
    /// written with `\,` (the part after an escaped comma too); a part without "=" first in the
    /// list, or an empty one, gets no such hint.
    @Test func anUnescapedCommaIsShownEscaped() {
        func message(_ text: String) -> String {
            do { _ = try SpecString(text, what: "network"); return "parsed" } catch { return error.description }
        }
        #expect(message("empirical:path=a,b.har") == #"network "empirical:path=a,b.har" is malformed: expected key=value, got "b.har"; "#
            + #"if it is part of path's value, write the comma as \, (path=a\,b.har); the form is NAME[:key=value,...]"#)
        #expect(message(#"empirical:path=x\,y,z"#).contains(#"(path=x\,y\,z)"#), "\(message(#"empirical:path=x\,y,z"#))")
        #expect(!message("empirical:b.har,path=a").contains("if it is part of"))
        #expect(!message("empirical:path=a,,filter=b").contains("if it is part of"))
        #expect(message("empirical:path=a,filter=b") == "parsed")
        // Every part of the value up to the next pair; none for a number.
        #expect(message("empirical:path=a,b,c.har,filter=x").contains(#"(path=a\,b\,c.har)"#), "\(message("empirical:path=a,b,c.har,filter=x"))")
        #expect(!message("fixed:radius=1,2").contains("if it is part of"))
    }
}
