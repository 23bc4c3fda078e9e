/// A replayer of one policy on one network, whatever the policy's type: what a run holds, one per
/// policy × network.
protocol SessionReplaying: AnyObject {
    var policySpec: String { get }
    var networkSpec: String { get }
    /// The replay point: the two specs.
    var point: ReplayPoint { get }
    var summary: MetricsSummary { get }
    func replay(_ session: Session) -> SessionMetrics
    /// Replays `session`, whose steps are decoded already.
    func replay(_ session: Session, steps: SessionSteps) -> SessionMetrics
    /// The summary so far, handed over; the replayer's starts again empty.
    func takeSummary() -> MetricsSummary
}

extension SessionReplaying {
    var point: ReplayPoint { ReplayPoint(policy: policySpec, network: networkSpec) }
}

extension Replayer: SessionReplaying {}

/// A `Replayer` reached through closures made where its policy's type is known (`PolicyEntry`):
/// a call through `SessionReplaying` then runs the replay compiled for that policy, not the generic
/// one. One call per session, not per event.
final class AnyReplayer: SessionReplaying {
    let policySpec: String
    let networkSpec: String
    private let replaySession: (Session, SessionSteps) -> SessionMetrics
    private let currentSummary: () -> MetricsSummary
    private let handOver: () -> MetricsSummary

    init<Policy>(_ replayer: Replayer<Policy>) {
        policySpec = replayer.policySpec
        networkSpec = replayer.networkSpec
        replaySession = { replayer.replay($0, steps: $1) }
        currentSummary = { replayer.summary }
        handOver = { replayer.takeSummary() }
    }

    var summary: MetricsSummary { currentSummary() }

    func replay(_ session: Session) -> SessionMetrics { replaySession(session, SessionSteps(of: session)) }

    func replay(_ session: Session, steps: SessionSteps) -> SessionMetrics { replaySession(session, steps) }

    func takeSummary() -> MetricsSummary { handOver() }
}

/// A replayer for `policy`, sharing `commons` with the other replayers of its worker: the registry's
/// specialised one for a registered policy, the generic one for any other.
func makeReplayer(_ policy: any PrefetchPolicy, network: NetworkModel, settings: ReplaySettings, commons: SessionCommons)
    -> any SessionReplaying
{
    if let entry = PolicyRegistry.entry(of: policy) { return entry.makeReplayer(policy, network, settings, commons) }
    func generic(_ policy: some PrefetchPolicy) -> any SessionReplaying {
        Replayer(policy: policy, network: network, settings: settings, commons: commons)
    }
    return generic(policy)
}
