/// How a nightly job's network is followed from one run to the next, the one rule that `history`
/// (its series) and `compare` (its pairs of rows) share.
///
/// A network is followed by its preset or kind name (`lte`, `trace`, `empirical`) whenever a run
/// replays only one network of that name, so a job that refits a parameter (`lte` →
/// `lte:rtt_ms=200`) continues its network: the change is one of the model, said as such, not a
/// network dropped and another one added. A run that replays two networks of one name (`lte` and
/// `lte:loss=0.3`) keeps each by its whole spec: which would continue which cannot be told.
public enum NetworkSeries {
    /// A network's preset or kind: its spec before the first `:`.
    public static func name(_ spec: String) -> String {
        spec.firstIndex(of: ":").map { String(spec[..<$0]) } ?? spec
    }

    /// The key each of one run's networks (`specs`, repeats allowed) is followed by: its name when
    /// the run replays no other network of that name, else its whole spec.
    public static func keys(_ specs: some Sequence<String>) -> [String: String] {
        let specs = Set(specs)
        let lone = loneNetworks(specs)
        return Dictionary(uniqueKeysWithValues: specs.map { spec in (spec, lone[name(spec)] == spec ? name(spec) : spec) })
    }

    /// The candidate's network that continues each of the baseline's, when one does: the same spec,
    /// or else the only network of the same name when each run replays only one network of that
    /// name. A network of the baseline absent from the result has no counterpart (it is missing in
    /// the candidate); one whose counterpart has another spec was replayed under a changed model.
    public static func counterparts(baseline: some Sequence<String>, candidate: some Sequence<String>) -> [String: String] {
        let (baseSpecs, candidateSpecs) = (Set(baseline), Set(candidate))
        let (baseLone, candidateLone) = (loneNetworks(baseSpecs), loneNetworks(candidateSpecs))
        var counterparts: [String: String] = [:]
        for spec in baseSpecs {
            if candidateSpecs.contains(spec) {
                counterparts[spec] = spec
            } else if baseLone[name(spec)] == spec, let other = candidateLone[name(spec)] {
                counterparts[spec] = other
            }
        }
        return counterparts
    }

    /// Of `specs`, name → the spec, for each name only one of them has.
    private static func loneNetworks(_ specs: Set<String>) -> [String: String] {
        Dictionary(grouping: specs, by: name).compactMapValues { $0.count == 1 ? $0[0] : nil }
    }
}
