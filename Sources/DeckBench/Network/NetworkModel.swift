/// A simulated network: round-trip time and its variation, downlink bandwidth shared fairly by the
/// transfers in progress, a limit on concurrent requests, and server time. Named presets take
/// their numbers from public throttling profiles (see `NetworkPresets`); every parameter can be
/// overridden: `--network lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0`.
public struct NetworkModel: Sendable, Hashable {
    /// The preset the model started from.
    public var name: String
    /// Median round-trip time, ms.
    public var rttMs: Double
    /// Sigma of the log-normal spread of each request's RTT around `rttMs`; 0 = exactly `rttMs`.
    public var jitter: Double
    /// Downlink bandwidth shared by concurrent transfers, kbit/s; 0 = unlimited (no transfer time).
    public var downlinkKbps: Double
    /// Requests in progress at once; 0 = unlimited.
    public var connections: Int
    /// Time the server takes to answer, ms.
    public var serverMs: Double

    public init(name: String, rttMs: Double, jitter: Double, downlinkKbps: Double, connections: Int, serverMs: Double) {
        self.name = name
        self.rttMs = rttMs
        self.jitter = jitter
        self.downlinkKbps = downlinkKbps
        self.connections = connections
        self.serverMs = serverMs
    }

    /// The parameter keys, in the order of `spec`.
    public static let keys = ["rtt_ms", "jitter", "downlink_kbps", "connections", "server_ms"]

    /// The full spec, every parameter written out: the `network` column of reports.
    public var spec: String {
        "\(name):rtt_ms=\(Self.format(rttMs)),jitter=\(Self.format(jitter)),downlink_kbps=\(Self.format(downlinkKbps)),"
            + "connections=\(connections),server_ms=\(Self.format(serverMs))"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Parses `--network NAME[:key=value,...]`.
    public static func parse(_ text: String) throws(SpecError) -> NetworkModel {
        let spec = try SpecString(text, what: "network")
        guard var model = NetworkPresets.all.first(where: { $0.model.name == spec.name })?.model else {
            throw .unknownName(what: "network", name: spec.name, valid: NetworkPresets.all.map(\.model.name))
        }
        for (key, value) in spec.parameters {
            func number(_ expected: String, _ valid: (Double) -> Bool) throws(SpecError) -> Double {
                guard let number = Double(value), number.isFinite, valid(number) else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: expected)
                }
                return number
            }
            switch key {
            case "rtt_ms": model.rttMs = try number("a number of ms ≥ 0", { $0 >= 0 && $0 <= 600_000 })
            case "jitter": model.jitter = try number("a number from 0 to 3", { $0 >= 0 && $0 <= 3 })
            case "downlink_kbps": model.downlinkKbps = try number("a number of kbit/s ≥ 0 (0 = unlimited)", { $0 >= 0 })
            case "connections":
                guard let count = Int(value), count >= 0, count <= 10_000 else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value,
                                    expected: "a whole number ≥ 0 (0 = unlimited)")
                }
                model.connections = count
            case "server_ms": model.serverMs = try number("a number of ms ≥ 0", { $0 >= 0 && $0 <= 600_000 })
            default:
                throw .unknownKey(what: "network", name: spec.name, key: key, valid: keys)
            }
        }
        return model
    }
}
