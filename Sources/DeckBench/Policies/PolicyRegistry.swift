/// Every built-in policy, by name; adding a policy is one line here.
public enum PolicyRegistry {
    public static let all: [any PrefetchPolicy.Type] = [
        OnDemandPolicy.self,
        FixedPolicy.self,
        DirectionalPolicy.self,
        StagedPolicy.self,
    ]

    /// Parses `--policy NAME[:key=value,...]`; missing parameters take their defaults.
    public static func parse(_ text: String) throws(SpecError) -> any PrefetchPolicy {
        let spec = try SpecString(text, what: "policy")
        guard let type = all.first(where: { $0.name == spec.name }) else {
            throw .unknownName(what: "policy", name: spec.name, valid: all.map { $0.name })
        }
        var values: [String: Int] = [:]
        for parameter in type.parameters { values[parameter.name] = parameter.defaultValue }
        for (key, value) in spec.parameters {
            guard let parameter = type.parameters.first(where: { $0.name == key }) else {
                throw .unknownKey(what: "policy", name: spec.name, key: key, valid: type.parameters.map(\.name))
            }
            guard let number = Int(value), parameter.range.contains(number) else {
                throw .badValue(what: "policy", name: spec.name, key: key, value: value,
                                expected: "a whole number from \(parameter.range.lowerBound) to \(parameter.range.upperBound)")
            }
            values[key] = number
        }
        return type.init(values: values)
    }

    /// Every policy with its defaults: what `replay` runs when no `--policy` is given.
    public static var defaults: [any PrefetchPolicy] {
        all.map { $0.init(values: [:]) }
    }
}
