@testable import DeckBench

/// The exact network of the hand-worked scenarios: RTT exactly 100 ms, no jitter, unlimited connections,
/// no transfer time, no server time.
let exactNetwork = try! NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,server_ms=0")

/// Content that never changes: 20 items of 1000 bytes per page.
let stillContent = ReplaySettings(seed: 1, content: ContentModel(items: 20, itemBytes: 1_000, churnPerHour: 0), maxAgeMs: 0, bootstrap: 0)

/// Parses recording lines (a session line, then events) into one session.
func scenario(_ lines: String...) -> Session {
    let fixtures = Fixtures()
    let (sessions, rejects) = fixtures.read(text: lines.joined(separator: "\n") + "\n")
    precondition(rejects.isEmpty && sessions.count == 1, "bad scenario: \(rejects)")
    return sessions[0]
}

/// Replays `session` once.
func replay<P: PrefetchPolicy>(
    _ session: Session, _ policy: P, network: NetworkModel = exactNetwork, settings: ReplaySettings = stillContent,
    scripted: [Int: PageHistory] = [:]
) -> (metrics: SessionMetrics, summary: MetricsSummary) {
    let replayer = Replayer(policy: policy, network: network, settings: settings)
    replayer.commons.content.scripted = scripted
    let metrics = replayer.replay(session)
    return (metrics, replayer.summary)
}
