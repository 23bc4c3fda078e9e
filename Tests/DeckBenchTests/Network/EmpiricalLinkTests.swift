import Foundation
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
        let folder = NSTemporaryDirectory() + "deckbench-empirical-" + UUID().uuidString
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
        let commons = SessionCommons(settings: ReplaySettings(seed: 3))
        var drawn: [Int] = []
        for index in 0 ..< 250 {
            let session = Session(id: "s\(index)", file: "f", line: 1, page: 0, first: -10, last: 10, events: [])
            commons.begin(session, sessionKey: StableHash.of(session.id), firstPage: 0, newestPage: 10, endUs: 1_000)
            for page in 0 ..< 20 { drawn.append(link.firstByteUs[commons.recordIndex(page: page, n: 0, in: link)]) }
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
        let (one, other) = (SessionCommons(settings: ReplaySettings(seed: 3)), SessionCommons(settings: ReplaySettings(seed: 3)))
        for commons in [one, other] { commons.begin(session, sessionKey: StableHash.of("same"), firstPage: 0, newestPage: 10, endUs: 1_000) }
        let first = (0 ..< 8).map { one.recordIndex(page: 2, n: $0, in: link) }
        #expect(first == (0 ..< 8).map { other.recordIndex(page: 2, n: $0, in: link) })
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
        let folder = NSTemporaryDirectory() + "deckbench-empirical-" + UUID().uuidString
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
    }

    @Test func anEmpiricalNetworkNeedsARequestToDrawFrom() throws {
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=/no/such.har") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=\(Self.exampleHAR),filter=/nothing-matches/") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("empirical:path=\(Self.exampleHAR),rtt_ms=100") }
    }
}
