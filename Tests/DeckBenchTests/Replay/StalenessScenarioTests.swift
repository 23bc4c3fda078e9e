import Testing
@testable import DeckBench

/// `shown_ms`, `stale_shown_ms` and `stale_shown_share`, worked out by hand on the exact network
/// (RTT 100 ms: a request reaches the server after 50 ms and its response arrives after 100 ms).
/// Page 0 changes on the server at 300 ms (version 0 → 1); every other page never changes.
@Suite struct StalenessScenarioTests {
    private let pageZeroChangesAt300 = [0: PageHistory(initialItems: 3, changes: [(300_000, .insert(at: 0, id: 10))])]

    private func session() -> Session {
        scenario(
            #"{"v":1,"session":"stale","page":0,"first":-10,"last":10}"#,
            #"{"t":1000,"e":"tap","dir":"next"}"#,
            #"{"t":2000,"e":"tap","dir":"prev"}"#,
            #"{"t":3000,"e":"end"}"#)
    }

    @Test func aPageShownAfterTheServerChangedItIsStaleUntilItIsReplaced() {
        // ondemand: page 0 arrives at 100 (version 0) and shows until 1000: stale from 300, 700 ms.
        // t=1000 tap next: page 1 (dropped 0) waits until 1100 and shows until 2000, never stale.
        // t=2000 tap prev: page 0 again, fetched at 2050 (version 1), shows from 2100: fresh.
        // On screen 900 + 900 + 900 = 2700 ms, stale 700 ms, share 700 / 2700.
        let (m, summary) = replay(session(), OnDemandPolicy(), scripted: pageZeroChangesAt300)
        #expect(m.stalls == 2)
        #expect(m.shownMs == 2_700)
        #expect(m.staleShownMs == 700)
        #expect(SessionsTable().row(session: session(), policy: "p", network: "n", metrics: m).dropLast(3).suffix(3) == ["2700", "700", "0.2593"])
        // Then the session's length and the waits after the two taps' commits (100 ms each).
        #expect(SessionsTable().row(session: session(), policy: "p", network: "n", metrics: m).suffix(3) == ["3000", "200", "0.0667"])
        #expect(summary.totals.staleShownMs == 700 && summary.totals.shownMs == 2_700)
    }

    @Test func maxAgeTradesResetsForStaleTime() {
        // fixed radius 1 with max-age 0: pages 1 and -1 are prefetched at 0 and arrive at 100.
        // t=1000 tap next: page 1 shows at once and its revalidation resets it at 1100 (needless).
        // t=2000 tap prev: page 0 (kept, version 0) shows at once; its revalidation reaches the
        // server at 2050 (version 1) and resets it at 2100: a stale update.
        // On screen [100, 1000) + [1000, 2000) + [2000, 3000) = 2900 ms; stale [300, 1000) and
        // [2000, 2100): 800 ms.
        let fresh = replay(session(), FixedPolicy(radius: 1), scripted: pageZeroChangesAt300).metrics
        #expect(fresh.resets == 2 && fresh.needlessResets == 1 && fresh.staleUpdates == 1)
        #expect(fresh.shownMs == 2_900)
        #expect(fresh.staleShownMs == 800)

        // With --max-age-ms 5000 nothing is revalidated (every copy is younger than 5 s): no
        // resets, but page 0 shows version 0 from 2000 to the end, stale all along: 700 + 1000 ms.
        let lenient = ReplaySettings(seed: 1, content: stillContent.content, maxAgeMs: 5_000, bootstrap: 0)
        let cached = replay(session(), FixedPolicy(radius: 1), settings: lenient, scripted: pageZeroChangesAt300).metrics
        #expect(cached.resets == 0)
        #expect(cached.shownMs == 2_900)
        #expect(cached.staleShownMs == 1_700)
    }

    @Test func contentThatNeverChangesIsNeverStale() {
        let (m, _) = replay(session(), DirectionalPolicy())
        #expect(m.staleShownMs == 0)
        // Only the first load (0 to 100 ms) keeps a page without data on screen.
        #expect(m.shownMs == 2_900)
    }

    /// The needless/stale boundary is the content, not the version. fixed radius 1, as above: the
    /// revalidation of 1 at 1000 resets it needlessly (never changes); the revalidation of 0 at
    /// 2000 gets the newest version at 2050 and resets it at 2100. Whether that reset is needless
    /// depends only on the list difference from version 0.
    @Test func aNewVersionWithTheSameItemsIsANeedlessReset() {
        let histories: [(changes: [(timeUs: Int, change: PageHistory.Change)], needless: Int, stale: Int, diffOps: Int)] = [
            // An item replaced by itself: version 1, the same three items.
            ([(300_000, .replace(at: 0, id: 0))], 2, 0, 0),
            // An item inserted, then removed: version 2, the same three items.
            ([(300_000, .insert(at: 0, id: 10)), (400_000, .delete(at: 0))], 2, 0, 0),
            // An item replaced by another: one removal and one insertion.
            ([(300_000, .replace(at: 0, id: 10))], 1, 1, 2),
        ]
        for (changes, needless, stale, diffOps) in histories {
            let m = replay(session(), FixedPolicy(radius: 1), scripted: [0: PageHistory(initialItems: 3, changes: changes)]).metrics
            #expect(m.resets == 2)
            #expect(m.needlessResets == needless)
            #expect(m.staleUpdates == stale)
            #expect(m.diffOpsTotal == diffOps)
        }
    }
}
