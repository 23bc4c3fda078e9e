/// A `--policy` spec whose parameters may take several values: `a..b` (every whole number from a
/// to b), `a..b:step`, or a list `a/b/c`; characters the shell leaves alone, unquoted. A sweep
/// stands for every combination, the first parameter written varying slowest:
/// `directional:ahead=2..8:2,behind=1..2` is eight policies, `ahead=2,behind=1` first.
public enum PolicySweep {
    /// The most policies one run takes from sweeps: every point is replayed against every session,
    /// and keeps kilobytes for the run (docs/PERFORMANCE.md, bytes per replay point).
    public static let limit = 4_096

    /// The policies `text` stands for: one for a plain spec, every point of a sweep.
    public static func expand(_ text: String) throws(SpecError) -> [any PrefetchPolicy] {
        let spec = try SpecString(text, what: "policy")
        let textKeys = PolicyRegistry.all.first { $0.name == spec.name }?.textParameters.map(\.name) ?? []
        var points: [[(key: String, value: String)]] = [[]]
        for (key, value) in spec.parameters {
            // A text value (a path) is one value, `/` and `..` included.
            let values = textKeys.contains(key) ? [value] : try Self.values(value, of: spec.name, key: key, in: text)
            guard points.count * values.count <= limit else { throw .tooManyPoints(text: text, limit: limit) }
            points = points.flatMap { point in values.map { point + [(key, String($0))] } }
        }
        let given = Dictionary(spec.parameters, uniquingKeysWith: { first, _ in first })
        return try points.map { (point) throws(SpecError) in
            var single = spec
            single.parameters = point
            do throws(SpecError) {
                return try PolicyRegistry.policy(of: single)
            } catch {
                // A point of a sweep: the value refused, and the range it came from as typed.
                guard case let .badValue(what, name, key, value, expected) = error, let typed = given[key], typed != value else { throw error }
                throw .badValue(what: what, name: name, key: key, value: value + "\" of the sweep \"" + typed, expected: expected)
            }
        }
    }

    /// The values `text` stands for: a range, a range with a step, a list, or one value as written
    /// (left to the policy to check). `spec` is the whole spec, for messages.
    static func values(_ text: String, of name: String, key: String, in spec: String) throws(SpecError) -> [String] {
        if text.contains("/") {
            let items = text.split(separator: "/", omittingEmptySubsequences: false).map(\.trimmingSpaces)
            guard items.count >= 2, !items.contains(where: \.isEmpty) else {
                throw .badValue(what: "policy", name: name, key: key, value: text, expected: "a list like 1/2/4")
            }
            return items
        }
        guard text.contains("..") else { return [text] }
        let expected = "a range like 1..4 or 2..8:2 (from ≤ to, step ≥ 1)"
        let rangeAndStep = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let bounds = rangeAndStep[0].components(separatedBy: "..")
        guard bounds.count == 2, let low = Int(bounds[0].trimmingSpaces), let high = Int(bounds[1].trimmingSpaces), low <= high else {
            throw .badValue(what: "policy", name: name, key: key, value: text, expected: expected)
        }
        var step = 1
        if rangeAndStep.count == 2 {
            guard let given = Int(rangeAndStep[1].trimmingSpaces), given >= 1 else {
                throw .badValue(what: "policy", name: name, key: key, value: text, expected: expected)
            }
            step = given
        }
        guard (high - low) / step < limit else { throw .tooManyPoints(text: spec, limit: limit) }
        return stride(from: low, through: high, by: step).map(String.init)
    }
}
