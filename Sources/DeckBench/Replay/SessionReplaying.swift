/// A replayer whose policy type is hidden, so that a run can hold replayers of several policies
/// side by side. The existential is opened once per session, never inside a replay's event loop.
protocol SessionReplaying: AnyObject {
    var policySpec: String { get }
    var networkSpec: String { get }
    /// The two specs as CSV fields, quoted once.
    var policyField: [UInt8] { get }
    var networkField: [UInt8] { get }
    var summary: MetricsSummary { get }
    func replay(_ session: Session) -> SessionMetrics
}

extension Replayer: SessionReplaying {}

/// A replayer for `policy`, whatever its concrete type, sharing `world` with the other replayers
/// of its worker.
func makeReplayer(_ policy: some PrefetchPolicy, network: NetworkModel, settings: ReplaySettings, world: CommonWorld)
    -> any SessionReplaying
{
    Replayer(policy: policy, network: network, settings: settings, world: world)
}
