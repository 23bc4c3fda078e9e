import Foundation
import Testing
@testable import DeckBench

/// The fast replayer against the reference model (`ReferenceReplay`): on random sessions full of
/// the cases that break replayers (overlapping swipes, cancels, jumps to the page shown, bounces,
/// sessions with and without `end`, user events at the very instant of responses), every policy
/// on the ideal network with unlimited, 1 and 2 connection slots must give the same metrics, field
/// by field. A difference is shrunk to the smallest session that still shows it (events dropped one
/// by one) and printed with both results.
///
/// `DECKBENCH_REFERENCE_SESSIONS=100000 swift test --filter ReferenceModelTests` (or
/// `make reference`) runs a longer comparison; the default is 5,000 sessions.
@Suite struct ReferenceModelTests {
    static let rttMs = 100
    static let connectionSlots = [0, 1, 2]

    static var sessionCount: Int {
        ProcessInfo.processInfo.environment["DECKBENCH_REFERENCE_SESSIONS"].flatMap(Int.init) ?? 5_000
    }

    @Test func replayerAgreesWithTheReferenceModel() {
        var random = SeededGenerator(seed: 17)
        var compared = 0
        var overlapping = 0
        for index in 0 ..< Self.sessionCount {
            let session = Self.randomSession(index, &random)
            if Self.hasOverlappingSwipes(session) { overlapping += 1 }
            let policies = Self.randomPolicies(&random)
            let maxAgeMs = random.chance(0.2) ? 300 : 0
            let userWaits = random.chance(0.3)
            for connections in Self.connectionSlots {
                for policy in policies {
                    let reference = ReferenceReplay(policy: policy, rttMs: Self.rttMs, connections: connections, maxAgeMs: maxAgeMs,
                                                    bytesPerPage: 20_000, userWaits: userWaits)
                    if let mismatch = Self.mismatch(session, reference) {
                        let small = Self.shrink(session, reference)
                        Issue.record("""
                            replayer and reference model differ for \(policy) with \(connections) connections (0 = unlimited), \
                            max age \(maxAgeMs) ms, user waits \(userWaits); smallest session that shows it:
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
        #expect(compared == Self.sessionCount * 5 * Self.connectionSlots.count)
        // The random sessions must hold the cases they are made for.
        #expect(overlapping * 20 > Self.sessionCount, "overlapping swipes in \(overlapping) sessions")
    }

    // MARK: Comparing

    static func replayer(for reference: ReferenceReplay) -> any SessionReplaying {
        let network = try! NetworkModel.parse(
            "lte:rtt_ms=\(reference.rttMs),jitter=0,downlink_kbps=0,connections=\(reference.connections),server_ms=0,timeout_ms=0")
        let settings = ReplaySettings(seed: 1, content: ContentModel(items: 20, itemBytes: 1_000, churnPerHour: 0),
                                      maxAgeMs: reference.maxAgeMs, userWaits: reference.userWaits)
        func make(_ policy: some PrefetchPolicy) -> any SessionReplaying {
            Replayer(policy: policy, network: network, settings: settings)
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
                .adaptive(budget: upTo(7), priorSame: 1 + upTo(3), priorReversed: 1 + upTo(3))]
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

    static func hasOverlappingSwipes(_ session: Session) -> Bool {
        var busyUntilMs = -1
        for event in session.events {
            if event.timeMs < busyUntilMs, case .swipe = event.kind { return true }
            if case let .swipe(_, durationMs, _) = event.kind { busyUntilMs = max(busyUntilMs, event.timeMs + durationMs) }
        }
        return false
    }
}
