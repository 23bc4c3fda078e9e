import Foundation
import Testing
@testable import DeckBench

/// The trace file's building blocks: lanes that never overlap, JSON text, and a timeline of a
/// hand-worked session.
@Suite struct TraceDocumentTests {
    @Test func lanesReuseTheLowestFreeLaneAndNeverOverlap() {
        // 0: 0–10, 1: 5–8, 2: 8–12 (lane 1 is free at 8), 3: 10–20 (lane 0 free at 10), 4: 11–13.
        let lanes = TraceDocument.lanes([(0, 0, 10), (1, 5, 8), (2, 8, 12), (3, 10, 20), (4, 11, 13)])
        #expect(lanes == [0: 0, 1: 1, 2: 1, 3: 0, 4: 2])
    }

    @Test func jsonTextEscapesWhatJSONRequires() throws {
        let text = "a \"quoted\" back\\slash\nline\ttab \u{01} é"
        let literal: String = JSONText.string(text)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
        #expect(JSONText.milliseconds(1_234_567).text == "1234.567")
        #expect(JSONText.milliseconds(5).text == "0.005")
    }

    @Test func aHandWorkedSessionGivesItsSlices() throws {
        // ondemand on the exact network: page 0 demand 0 → 100; tap next at 1000: page 1 demand
        // 1000 → 1100, a 100 ms miss stall; end at 2000.
        let session = scenario(
            #"{"v":1,"session":"t","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"end"}"#)
        let (timeline, metrics) = SessionTrace.replay(session, policies: [OnDemandPolicy()], networks: [exactNetwork], settings: stillContent)[0]
        #expect(metrics.stalls == 1)
        #expect(timeline.pageViews == [SessionTimeline.PageView(page: 0, fromUs: 0, toUs: 1_000_000, neededUs: 0),
                                       SessionTimeline.PageView(page: 1, fromUs: 1_000_000, toUs: 2_000_000, neededUs: 1_000_000)])
        #expect(timeline.stalls == [SessionTimeline.Stall(page: 1, fromUs: 1_000_000, toUs: 1_100_000, late: false, abandoned: false)])
        #expect(timeline.requests.map(\.page) == [0, 1])
        #expect(timeline.requests.map(\.startedUs) == [0, 1_000_000])
        #expect(timeline.requests.map(\.endUs) == [100_000, 1_100_000])
        #expect(timeline.requests.allSatisfy { $0.kind == .demand && $0.end == .arrived && $0.bytes == 20_000 })
        #expect(timeline.gestures == [SessionTimeline.Gesture(name: "tap", target: 1, atUs: 1_000_000)])
        let json = TraceDocument(timelines: [timeline], about: [("session", "t")]).json()
        let events = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["traceEvents"] as? [[String: Any]])
        // Both requests on the first connection's track: the second starts after the first ended.
        #expect(events.filter { $0["cat"] as? String == "request" }.map { $0["tid"] as? Int } == [200, 200])
    }
}
