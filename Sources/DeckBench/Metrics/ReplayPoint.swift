/// One point of a run: a policy on a network, each named by its full spec (as in every report's
/// `policy` and `network` columns). The key of a summary, a row of summary.csv and a compared row.
public struct ReplayPoint: Hashable, Sendable {
    public var policy: String
    public var network: String

    public init(policy: String, network: String) {
        self.policy = policy
        self.network = network
    }
}

/// A replay point and what its sessions measured: one entry of a run's summaries, in the run's
/// order (policies, then networks within each).
public struct PointSummary: Sendable {
    public var point: ReplayPoint
    public var summary: MetricsSummary

    public init(_ point: ReplayPoint, summary: MetricsSummary) {
        self.point = point
        self.summary = summary
    }

    public init(policy: String, network: String, summary: MetricsSummary) {
        self.init(ReplayPoint(policy: policy, network: network), summary: summary)
    }

    public var policy: String { point.policy }
    public var network: String { point.network }
}
