/// The policies the tool knows: the built-in ones, then those a team's executable adds before it
/// runs (`DeckBenchCommand.main(adding:)`, docs/POLICIES.md). An entry is also what gives a
/// built-in policy a replayer compiled for its type (an added one's is the generic replayer: the
/// library is compiled before the team's type exists): nothing in the replay engine lists policies.
public enum PolicyRegistry {
    /// The built-in policies; adding one to the repository is one line here.
    public static let builtIn: [PolicyEntry] = [
        PolicyEntry(OnDemandPolicy.self),
        PolicyEntry(FixedPolicy.self),
        PolicyEntry(DirectionalPolicy.self),
        PolicyEntry(StagedPolicy.self),
        PolicyEntry(AdaptivePolicy.self, inDefaultJob: false),
        PolicyEntry(LearnedPolicy.self, inDefaultJob: false),
    ]

    private static let added = Locked<[PolicyEntry]>([])

    /// Every policy: the built-in ones, then the added ones in the order added.
    public static var all: [PolicyEntry] { builtIn + added.withLock { $0 } }

    /// Adds a team's policies, checked first (a name the spec syntax can carry and no other policy
    /// has, parameter names likewise, defaults inside their ranges): all of `entries` or none. Call
    /// it once, before anything parses a spec or replays.
    public static func add(_ entries: [PolicyEntry]) throws(PolicyRegistrationError) {
        try added.withLock { (added: inout [PolicyEntry]) throws(PolicyRegistrationError) in
            added = try joining(entries, to: builtIn + added).dropFirst(builtIn.count).map { $0 }
        }
    }

    /// `known` with `entries` after it, each checked against those before it.
    static func joining(_ entries: [PolicyEntry], to known: [PolicyEntry]) throws(PolicyRegistrationError) -> [PolicyEntry] {
        var known = known
        for entry in entries {
            try entry.check(against: known)
            known.append(entry)
        }
        return known
    }

    /// Parses `--policy NAME[:key=value,...]`; missing parameters take their defaults.
    public static func parse(_ text: String) throws(SpecError) -> any PrefetchPolicy {
        try policy(of: SpecString(text, what: "policy"))
    }

    /// The policy `spec` names, with its parameters.
    static func policy(of spec: SpecString) throws(SpecError) -> any PrefetchPolicy {
        guard let entry = all.first(where: { $0.name == spec.name }) else {
            throw .unknownName(what: "policy", name: spec.name, valid: all.map(\.name))
        }
        return try entry.parse(spec)
    }

    /// The policies of the default job, with their defaults: what `replay` runs when no
    /// `--policy` is given: every entry with `inDefaultJob` (a policy registered later joins it
    /// unless its entry says `inDefaultJob: false`).
    public static var defaults: [any PrefetchPolicy] {
        all.filter(\.inDefaultJob).map(\.defaultPolicy)
    }

    /// The entry of `policy`'s type, if it is registered.
    static func entry(of policy: any PrefetchPolicy) -> PolicyEntry? {
        let type = ObjectIdentifier(Swift.type(of: policy))
        return all.first { $0.type == type }
    }
}

/// One registered policy type: what `deckbench policies` lists, how a spec becomes a policy, and
/// the replayer specialised for it.
public struct PolicyEntry: Sendable {
    public let name: String
    public let summary: String
    public let parameters: [PolicyParameterDescription]
    /// Text parameters (a file path), by name and meaning: never swept.
    public let textParameters: [(name: String, meaning: String, required: Bool)]
    /// Whether `replay` runs it when no `--policy` is given.
    public let inDefaultJob: Bool
    let type: ObjectIdentifier
    let makeDefault: @Sendable () -> any PrefetchPolicy
    let parse: @Sendable (SpecString) throws(SpecError) -> any PrefetchPolicy
    /// A replayer for a policy of this type: made where the type is known, so its replay loop is
    /// compiled for it and never goes through an existential.
    let makeReplayer: @Sendable (any PrefetchPolicy, NetworkModel, ReplaySettings, SessionCommons) -> any SessionReplaying

    /// The policy with every parameter at its default.
    public var defaultPolicy: any PrefetchPolicy { makeDefault() }

    public init<Policy: PrefetchPolicy>(_ policy: Policy.Type, inDefaultJob: Bool = true) {
        name = Policy.name
        self.inDefaultJob = inDefaultJob
        summary = Policy.summary
        parameters = Policy.parameterDescriptions
        textParameters = Policy.textParameters.map { ($0.name, $0.meaning, $0.required) }
        type = ObjectIdentifier(policy)
        makeDefault = { Policy() }
        parse = { (spec) throws(SpecError) in try Self.policy(Policy.self, from: spec) }
        makeReplayer = { policy, network, settings, commons in
            AnyReplayer(Replayer(policy: policy as! Policy, network: network, settings: settings, commons: commons))
        }
    }

    /// Throws unless this entry can join `known`: a name and parameter names the spec syntax can
    /// carry, none taken, every default inside its range.
    func check(against known: [PolicyEntry]) throws(PolicyRegistrationError) {
        guard Self.isSpecWord(name) else { throw .badName(name) }
        if let other = known.first(where: { $0.name.lowercased() == name.lowercased() }) {
            throw other.type == type ? .addedTwice(name) : .nameTaken(name)
        }
        var seen: Set<String> = []
        for parameter in textParameters.map(\.name) + parameters.map(\.name) {
            guard Self.isSpecWord(parameter) else { throw .badParameterName(policy: name, parameter: parameter) }
            guard seen.insert(parameter).inserted else { throw .parameterTwice(policy: name, parameter: parameter) }
        }
        for parameter in parameters where !parameter.range.contains(parameter.defaultValue) {
            throw .defaultOutOfRange(policy: name, parameter: parameter.name, value: parameter.defaultValue, range: parameter.range)
        }
    }

    /// Letters, digits, `-` and `_`, starting with a letter: what `NAME:key=value,...` and a
    /// report's policy column carry as they are.
    private static func isSpecWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// The policy of `spec`'s parameters, the others at their defaults, prepared (`prepare`).
    private static func policy<Policy: PrefetchPolicy>(_: Policy.Type, from spec: SpecString) throws(SpecError) -> Policy {
        var policy = Policy()
        for (key, value) in spec.parameters {
            if let text = Policy.textParameters.first(where: { $0.name == key }) {
                policy[keyPath: text.keyPath] = value
                continue
            }
            guard let parameter = Policy.parameters.first(where: { $0.name == key }) else {
                throw .unknownKey(what: "policy", name: spec.name, key: key,
                                  valid: Policy.textParameters.map(\.name) + Policy.parameters.map(\.name))
            }
            guard let number = Int(value), parameter.range.contains(number) else {
                throw .badValue(what: "policy", name: spec.name, key: key, value: value,
                                expected: "a whole number from \(parameter.range.lowerBound) to \(parameter.range.upperBound)")
            }
            policy[keyPath: parameter.keyPath] = number
        }
        do {
            try policy.prepare()
        } catch let error as SpecError {
            throw error
        } catch {
            throw .rejected(what: "policy", name: spec.name, detail: String(describing: error))
        }
        return policy
    }
}
