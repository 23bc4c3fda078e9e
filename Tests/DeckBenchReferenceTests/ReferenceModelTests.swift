import Foundation
import Testing
@testable import DeckBench

/// The fast replayer against the reference model (`ReferenceReplay`): on random sessions full of
/// the cases that break replayers (overlapping swipes, cancels, jumps to the page shown, bounces,
/// sessions with and without `end`, user events at the very instant of responses), with pages
/// whose content changes (resets by content, list differences, stale time) and links that fail
/// deterministically (every request lost, outages, timeouts shorter than a round trip, with the
/// app's retries) in half of them, every policy with unlimited, 1 and 2 connection slots must give
/// the same metrics, field by field. A difference is shrunk to the smallest session that still shows it (events dropped one
/// by one) and printed with both results.
///
/// `make test` compares 500 sessions, `make test-long` (CI) 5,000, and
/// `make reference` (100,000 on the release build; `SESSIONS=N` for another count) as many as asked.
@Suite struct ReferenceModelTests {
    static let rttMs = 100
    static let connectionSlots = [0, 1, 2]

    static var sessionCount: Int {
        let environment = ProcessInfo.processInfo.environment
        return environment["DECKBENCH_REFERENCE_SESSIONS"].flatMap(Int.init) ?? (environment["DECKBENCH_LONG"] != nil ? 5_000 : 500)
    }

    @Test func replayerAgreesWithTheReferenceModel() {
        var random = SeededGenerator(seed: 17)
        var compared = 0
        var overlapping = 0
        var exercised: [String: Int] = [:]
        for index in 0 ..< Self.sessionCount {
            let session = Self.randomSession(index, &random)
            if Self.hasOverlappingSwipes(session) { overlapping += 1 }
            let policies = Self.randomPolicies(&random)
            let maxAgeMs = random.chance(0.2) ? 300 : 0
            let userWaits = random.chance(0.3)
            let histories = Self.randomHistories(session, &random)
            let failures = Self.randomFailures(&random)
            for connections in Self.connectionSlots {
                for policy in policies {
                    var reference = ReferenceReplay(policy: policy, rttMs: Self.rttMs, connections: connections, maxAgeMs: maxAgeMs,
                                                    userWaits: userWaits)
                    reference.histories = histories
                    (reference.timeoutMs, reference.losesEverything, reference.outage) = failures
                    let checked = reference.replay(session)
                    for (name, value) in [("failed requests", checked.failedRequests), ("retries", checked.retries),
                                          ("stale updates", checked.staleUpdates), ("diff ops", checked.diffOpsTotal),
                                          ("stale shown ms", checked.staleShownMs), ("needless resets", checked.needlessResets),
                                          ("blank drags", checked.blankDrags), ("useful prefetches", checked.usefulPrefetches)] {
                        exercised[name, default: 0] += value
                    }
                    if let mismatch = Self.mismatch(session, reference) {
                        let small = Self.shrink(session, reference)
                        Issue.record("""
                            replayer and reference model differ for \(policy) on \(reference.networkSpec), \
                            max age \(maxAgeMs) ms, user waits \(userWaits), histories \(histories.mapValues { $0.changeTimesUs }); \
                            smallest session that shows it:
                            \(Self.lines(small))
                            replayer:  \(Self.mismatch(small, reference)?.replayer ?? mismatch.replayer)
                            reference: \(Self.mismatch(small, reference)?.reference ?? mismatch.reference)
                            """)
                        return
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == Self.sessionCount * 6 * Self.connectionSlots.count)
        // The random sessions must hold the cases they are made for.
        #expect(overlapping * 20 > Self.sessionCount, "overlapping swipes in \(overlapping) sessions")
        // And the paths the failure and content rules take.
        for (name, total) in exercised { #expect(total * 10 > Self.sessionCount, "\(name): \(total) in \(Self.sessionCount) sessions") }
        #expect(exercised.count == 8)
    }

    // MARK: Comparing

    static func replayer(for reference: ReferenceReplay) -> any SessionReplaying {
        let network = try! NetworkModel.parse(reference.networkSpec)
        let settings = ReplaySettings(seed: 1, content: ContentModel(items: reference.items, itemBytes: reference.itemBytes, churnPerHour: 0),
                                      maxAgeMs: reference.maxAgeMs, bootstrap: 0, userWaits: reference.userWaits)
        func make(_ policy: some PrefetchPolicy) -> any SessionReplaying {
            let replayer = Replayer(policy: policy, network: network, settings: settings)
            replayer.commons.content.scripted = reference.histories
            return replayer
        }
        return make(try! PolicyRegistry.parse(reference.policy.description))
    }

    static func mismatch(_ session: Session, _ reference: ReferenceReplay) -> (replayer: SessionMetrics, reference: SessionMetrics)? {
        let fast = replayer(for: reference).replay(session)
        let simple = reference.replay(session)
        return fast == simple ? nil : (fast, simple)
    }

    /// Drops events while the difference remains, until no single event can go.
    static func shrink(_ session: Session, _ reference: ReferenceReplay) -> Session {
        var smallest = session
        var progress = true
        while progress {
            progress = false
            for index in smallest.events.indices.reversed() {
                var candidate = smallest
                candidate.events.remove(at: index)
                if mismatch(candidate, reference) != nil {
                    smallest = candidate
                    progress = true
                }
            }
        }
        return smallest
    }

    static func lines(_ session: Session) -> String {
        var buffer: [UInt8] = []
        RecordingEncoder.append(session, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    // MARK: Random sessions

    static func randomPolicies(_ random: inout SeededGenerator) -> [ReferenceReplay.Policy] {
        func upTo(_ limit: Int) -> Int { Int(random.next() % UInt64(limit + 1)) }
        return [.onDemand, .fixed(radius: upTo(3)), .directional(behind: upTo(3), ahead: upTo(5)), .staged(radius: upTo(3)),
                .adaptive(budget: upTo(7), priorSame: 1 + upTo(3), priorReversed: 1 + upTo(3)), .learned(budget: upTo(6))]
    }

    /// A short session on a few pages; times on a 10 ms grid with the 100 ms round trip, so user
    /// events often fall on the very instant of a response or a swipe's commit.
    static func randomSession(_ index: Int, _ random: inout SeededGenerator) -> Session {
        func upTo(_ limit: Int) -> Int { Int(random.next() % UInt64(limit + 1)) }
        let first = -upTo(6)
        let last = upTo(6)
        let page = first + upTo(last - first)
        var events: [Event] = []
        var timeMs = 0
        for _ in 0 ..< upTo(24) {
            switch upTo(9) {
            case 0: timeMs += 0
            case 1 ... 4: timeMs += 10 * upTo(15)
            case 5 ... 7: timeMs += 10 * upTo(50)
            default: timeMs += 100 * upTo(30)
            }
            let direction: Direction = random.chance(0.6) ? .next : .prev
            let kind: Event.Kind
            switch upTo(19) {
            case 0 ... 8: kind = .swipe(direction, durationMs: 10 * upTo(60), cancelled: random.chance(0.2))
            case 9 ... 13: kind = .tap(direction)
            case 14 ... 16: kind = .jump(page: first + upTo(last - first))
            default: kind = .scroll(y: Double(upTo(900)))
            }
            events.append(Event(timeMs: timeMs, kind: kind))
        }
        if random.chance(0.5) { events.append(Event(timeMs: timeMs + 10 * upTo(300), kind: .end)) }
        return Session(id: "r\(index)", file: "reference", line: 1, page: page, first: first, last: last, events: events)
    }

    /// Half the sessions' pages change: a few items, a few changes on the 10 ms grid (inserts,
    /// deletes, replacements, some by the same item: a new version with the same content).
    static func randomHistories(_ session: Session, _ random: inout SeededGenerator) -> [Int: PageHistory] {
        func upTo(_ limit: Int) -> Int { Int(random.next() % UInt64(limit + 1)) }
        var histories: [Int: PageHistory] = [:]
        for page in session.first ... session.last where random.chance(0.5) {
            let initial = upTo(4)
            var count = initial
            var timeUs = 0
            var changes: [(timeUs: Int, change: PageHistory.Change)] = []
            for index in 0 ..< upTo(5) {
                timeUs += 10_000 * (1 + upTo(150))
                let change: PageHistory.Change
                switch count == 0 ? 0 : upTo(3) {
                case 0: change = .insert(at: upTo(count), id: 100 + index); count += 1
                case 1: change = .delete(at: upTo(count - 1)); count -= 1
                case 2: change = .replace(at: upTo(count - 1), id: 100 + index)
                default: let at = upTo(count - 1); change = .replace(at: at, id: at)
                }
                changes.append((timeUs, change))
            }
            histories[page] = PageHistory(initialItems: initial, changes: changes)
        }
        return histories
    }

    /// No failures in half the sessions; else every request lost, outages, or a timeout shorter
    /// than the round trip (every request given up), each with the app's retries.
    static func randomFailures(_ random: inout SeededGenerator) -> (timeoutMs: Int, losesEverything: Bool, outage: (everyMs: Int, lengthMs: Int)?) {
        switch random.next() % 8 {
        case 0: (150, true, nil)
        case 1: (80, false, nil)
        case 2, 3: (150, false, (700, 10 * Int(1 + random.next() % 40)))
        default: (0, false, nil)
        }
    }

    static func hasOverlappingSwipes(_ session: Session) -> Bool {
        var busyUntilMs = -1
        for event in session.events {
            if event.timeMs < busyUntilMs, case .swipe = event.kind { return true }
            if case let .swipe(_, durationMs, _) = event.kind { busyUntilMs = max(busyUntilMs, event.timeMs + durationMs) }
        }
        return false
    }
}
