import Testing
@testable import DeckBench

/// The model's basic example (one tap, each policy), number for number, worked by hand from docs/MODEL.md.
@Suite struct WorkedExampleTests {
    let session = scenario(
        #"{"v":1,"session":"w","page":0,"first":-10,"last":10}"#,
        #"{"t":1000,"e":"tap","dir":"next"}"#,
        #"{"t":5000,"e":"end"}"#)

    @Test func onDemandStallsOnTheTap() {
        // t=0 page 0 requested, arrives at 100 (first load 100). t=1000 page 1 has no data:
        // demand request, stall until 1100; revalidation skipped (in flight).
        let (m, summary) = replay(session, OnDemandPolicy())
        #expect(m.firstLoadMs == 100)
        #expect(m.navigations == 1)
        #expect(m.stalls == 1)
        #expect(m.missStalls == 1)
        #expect(m.lateStalls == 0)
        #expect(m.stallMsTotal == 100)
        #expect(m.stallMsMax == 100)
        #expect(summary.stallMsPerStall.max == 100)
        #expect(m.resets == 0)
        #expect(m.requests == 2)
        #expect(m.prefetches == 0)
        #expect(m.prefetchAccuracy == nil)
        #expect(m.coverage == 0)
    }

    @Test func fixedDeckHidesTheStallAndPaysAReset() {
        // t=0 pages 0 (demand), then 1 and -1 (prefetch, next side first), all arrive at 100.
        // t=1000 page 1 is cached: no stall. Its revalidation arrives at 1100 while shown:
        // a needless reset. The window moves to 0…2: page 2 requested, page -1 dropped.
        let (m, _) = replay(session, FixedPolicy(radius: 1))
        #expect(m.firstLoadMs == 100)
        #expect(m.navigations == 1)
        #expect(m.stalls == 0)
        #expect(m.resets == 1)
        #expect(m.needlessResets == 1)
        #expect(m.staleUpdates == 0)
        #expect(m.requests == 5)
        #expect(m.prefetches == 3)
        #expect(m.usefulPrefetches == 1)
        #expect(m.wastedPrefetches == 2)
        #expect(m.coverage == 1)
        #expect(m.prefetchAccuracy == 1.0 / 3.0)
        // Pages 0, 1, -1 at 100; -1 dropped at 1000; 0, 1, 2 at 1100.
        #expect(m.peakCachedPages == 3)
        // Five responses of 20 items × 1000 bytes.
        #expect(m.bytes == 100_000)
    }
}
