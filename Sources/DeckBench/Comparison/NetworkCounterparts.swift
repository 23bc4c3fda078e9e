/// Each baseline network's counterpart in the candidate: the candidate's network that continues
/// it, as `history` continues its series (`NetworkSeries`). A refit of its parameters is a change
/// of the model, judged, not a network missing.
struct NetworkCounterparts {
    private let counterparts: [String: String]
    /// The baseline's networks the candidate replayed under another spec, in the baseline's order.
    let changes: [(baseline: String, candidate: String)]

    init(baseline: [ReplayPoint], candidate: [ReplayPoint]) {
        let networks = Self.unique(baseline.map(\.network))
        counterparts = NetworkSeries.counterparts(baseline: networks, candidate: candidate.map(\.network))
        changes = networks.compactMap { [counterparts] spec in counterparts[spec].flatMap { $0 == spec ? nil : (spec, $0) } }
    }

    /// The candidate's point that `point` of the baseline is compared with.
    func candidatePoint(_ point: ReplayPoint) -> ReplayPoint {
        ReplayPoint(policy: point.policy, network: counterparts[point.network] ?? point.network)
    }

    /// The points compared: the baseline's in its order, then the candidate's that pair with none.
    func points(baseline: [ReplayPoint], candidate: [ReplayPoint]) -> [ReplayPoint] {
        let paired = Set(baseline.map(candidatePoint))
        return baseline + candidate.filter { !paired.contains($0) }
    }

    /// `values` in their first order, each once.
    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
