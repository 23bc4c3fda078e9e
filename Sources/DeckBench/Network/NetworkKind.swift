/// What a network replays from besides its parameters, resolved once by `NetworkModel.parse`
/// with the data it needs loaded: nothing (a preset as given or changed), a Mahimahi trace for
/// the downlink, or recorded requests for the round trips and transfers. The link is given this
/// data and reads no file; a kind's own keys (`path=`, `loop=`, …) are written in the spec by it.
///
/// A new kind is a case here and in `Name` (its keys, what its data gives instead of parameters,
/// how its keys are checked and resolved), a type holding its data, its effect in `Link`, and its
/// entry in `NetworkPresets.all`.
public enum NetworkKind: Sendable, Hashable {
    /// The parameters alone.
    case parametric
    /// The downlink follows a Mahimahi trace (`trace:path=FILE`).
    case trace(TraceNetwork)
    /// Each request's time to first byte and transfer pace drawn from recorded requests
    /// (`empirical:path=FILE.har`).
    case empirical(EmpiricalNetwork)

    /// The file its data was read from (a trace, recorded requests), as given; none for parameters alone.
    public var file: String? {
        switch self {
        case .parametric: nil
        case let .trace(trace): trace.path
        case let .empirical(empirical): empirical.path
        }
    }

    /// A kind without its data: what a preset is before its keys are read, and what says which
    /// parameters a network has.
    public enum Name: Sendable, Hashable, CaseIterable {
        case parametric, trace, empirical

        /// Its own keys, in the order the spec writes them (before the parameters).
        var keys: [String] {
            switch self {
            case .parametric: []
            case .trace: TraceNetwork.keys
            case .empirical: EmpiricalNetwork.keys
            }
        }

        /// What its data gives instead of parameters: a parameter that models one of these is not
        /// the network's (`NetworkParameter.applies(to:)`).
        var dataGives: Set<NetworkParameter.Aspect> {
            switch self {
            case .parametric: []
            case .trace: [.downlink]
            case .empirical: [.roundTrip, .downlink]
            }
        }

        /// Its keys and the parameters it has not (its data gives what they model), as
        /// `deckbench networks` says them; nil for no keys.
        public var help: String? {
            let keys: String
            switch self {
            case .parametric: return nil
            case .trace: keys = TraceNetwork.help
            case .empirical: keys = EmpiricalNetwork.help
            }
            return keys + ", and has no " + Self.listed(lacking) + ": its data gives what they model."
        }

        /// The parameters a network of this kind has not, in `NetworkParameter.all`'s order.
        var lacking: [String] { NetworkParameter.all.filter { !$0.applies(to: self) }.map(\.key) }

        private static func listed(_ words: [String]) -> String {
            words.count < 3 ? words.joined(separator: " or ") : words.dropLast().joined(separator: ", ") + " or " + words.last!
        }
    }

    public var name: Name {
        switch self {
        case .parametric: .parametric
        case .trace: .trace
        case .empirical: .empirical
        }
    }

    /// Its own `key=value`s as the full spec writes them, values escaped.
    var written: [String] {
        switch self {
        case .parametric: []
        case let .trace(trace): trace.written
        case let .empirical(empirical): empirical.written
        }
    }

    /// A kind's own keys as a spec gives them, each value checked as it comes (a trace file is
    /// read at its `path=`, as before the kinds had types, so errors keep their order), then
    /// resolved to the kind with its data.
    struct Keys {
        let name: Name
        /// The spec as given and its name, for messages.
        let text: String
        let networkName: String
        private(set) var given: [String: String] = [:]

        init(_ name: Name, text: String, networkName: String) {
            self.name = name
            self.text = text
            self.networkName = networkName
        }

        /// Takes `key=value`, one of `name.keys`.
        mutating func take(_ key: String, _ value: String) throws(SpecError) {
            switch name {
            case .parametric: break
            case .trace: try TraceNetwork.check(key, value, in: self)
            case .empirical: try EmpiricalNetwork.check(key, value, in: self)
            }
            given[key] = value
        }

        /// The kind with its data loaded: a missing `path=` is a malformed spec, a file that cannot
        /// be opened `unusableFile` with `unreadable` (exit 74), one whose text is wrong without (65).
        func resolve() throws(SpecError) -> NetworkKind {
            switch name {
            case .parametric: .parametric
            case .trace: .trace(try TraceNetwork(self))
            case .empirical: .empirical(try EmpiricalNetwork(self))
            }
        }
    }
}
