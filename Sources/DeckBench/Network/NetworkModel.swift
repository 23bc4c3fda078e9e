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
    /// Probability that a request gets no answer at all.
    public var loss = 0.0
    /// The app gives up on a request that has not been answered this long after it started, ms.
    public var timeoutMs = 10_000.0
    /// Intermittent connectivity: every `outageEveryMs` the link is down for `outageMs` (0 = never),
    /// at a seeded phase per session; requests sent while it is down get no answer.
    public var outageEveryMs = 0.0
    public var outageMs = 0.0
    /// A Mahimahi trace for the downlink (`trace` networks): replaces `downlink_kbps`.
    public var tracePath: String?
    /// Whether the trace repeats at its end (else no more packets are delivered after it).
    public var loop = true

    public init(name: String, rttMs: Double, jitter: Double, downlinkKbps: Double, connections: Int, serverMs: Double,
                loss: Double = 0, timeoutMs: Double = 10_000, outageEveryMs: Double = 0, outageMs: Double = 0) {
        self.name = name
        self.rttMs = rttMs
        self.jitter = jitter
        self.downlinkKbps = downlinkKbps
        self.connections = connections
        self.serverMs = serverMs
        self.loss = loss
        self.timeoutMs = timeoutMs
        self.outageEveryMs = outageEveryMs
        self.outageMs = outageMs
    }

    /// The parameter keys, in the order of `spec` (`trace` networks add `path` and `loop`).
    public static let keys = ["rtt_ms", "jitter", "downlink_kbps", "connections", "server_ms", "loss", "timeout_ms",
                              "outage_every_ms", "outage_ms"]

    /// The full spec, every parameter written out: the `network` column of reports.
    public var spec: String {
        var spec = name + ":"
        if let tracePath { spec += "path=\(tracePath),loop=\(loop)," }
        spec += "rtt_ms=\(Self.format(rttMs)),jitter=\(Self.format(jitter)),"
        if tracePath == nil { spec += "downlink_kbps=\(Self.format(downlinkKbps)),"}
        spec += "connections=\(connections),server_ms=\(Self.format(serverMs)),loss=\(Self.format(loss)),"
            + "timeout_ms=\(Self.format(timeoutMs)),outage_every_ms=\(Self.format(outageEveryMs)),outage_ms=\(Self.format(outageMs))"
        return spec
    }

    /// A report's `network` field as short as it can be said: the preset's name and the parameters
    /// that differ from it (`lte`, `lte:loss=0.3`); the full spec when it names no preset.
    public static func shortSpec(_ spec: String) -> String {
        let name = spec.prefix { $0 != ":" }
        guard let preset = NetworkPresets.all.first(where: { $0.model.name == name })?.model,
              spec.count > name.count else { return spec }
        let defaults = Set(preset.spec.dropFirst(name.count + 1).split(separator: ","))
        let changed = spec.dropFirst(name.count + 1).split(separator: ",").filter { !defaults.contains($0) }
        return changed.isEmpty ? String(name) : name + ":" + changed.joined(separator: ",")
    }

    /// Whether some requests may never be answered.
    public var losesRequests: Bool { loss > 0 || (outageEveryMs > 0 && outageMs > 0) }

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
            case "rtt_ms": model.rttMs = try number("a number of ms from 0 to 600000", { $0 >= 0 && $0 <= 600_000 })
            case "jitter": model.jitter = try number("a number from 0 to 3", { $0 >= 0 && $0 <= 3 })
            case "downlink_kbps":
                // Bandwidth is kept in whole bytes per second: a positive rate under half a byte
                // per second would round to 0, which means unlimited.
                model.downlinkKbps = try number("0 (unlimited) or a number of kbit/s from 0.004 (1 byte/s) to 100000000 (100 Gbit/s)", {
                    $0 == 0 || ($0 > 0 && ($0 * 1_000 / 8).rounded() >= 1 && $0 <= 100_000_000)
                })
            case "connections":
                guard let count = Int(value), count >= 0, count <= 10_000 else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value,
                                    expected: "a whole number from 0 (unlimited) to 10000")
                }
                model.connections = count
            case "server_ms": model.serverMs = try number("a number of ms from 0 to 600000", { $0 >= 0 && $0 <= 600_000 })
            case "loss": model.loss = try number("a probability from 0 to 1", { $0 >= 0 && $0 <= 1 })
            case "timeout_ms":
                model.timeoutMs = try number("a number of ms from 0 (never give up) to 3600000", { $0 >= 0 && $0 <= 3_600_000 })
            case "outage_every_ms":
                model.outageEveryMs = try number("a number of ms from 0 (no outages) to 604800000 (a week)", { $0 >= 0 && $0 <= 604_800_000 })
            case "outage_ms": model.outageMs = try number("a number of ms from 0 to 604800000 (a week)", { $0 >= 0 && $0 <= 604_800_000 })
            case "path" where model.name == "trace":
                do {
                    _ = try LinkTrace.load(value)
                } catch {
                    throw .malformed(what: "network", text: text, detail: error.description)
                }
                model.tracePath = value
            case "loop" where model.name == "trace":
                guard let loop = Bool(value) else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: "true or false")
                }
                model.loop = loop
            default:
                throw .unknownKey(what: "network", name: spec.name, key: key,
                                  valid: (model.name == "trace" ? ["path", "loop"] : []) + keys.filter { model.name != "trace" || $0 != "downlink_kbps" })
            }
        }
        if model.name == "trace", model.tracePath == nil {
            throw .malformed(what: "network", text: text, detail: "a trace network needs path=FILE (a Mahimahi trace)")
        }
        if model.losesRequests, model.timeoutMs == 0 {
            throw .malformed(what: "network", text: text, detail: "with loss or outages, timeout_ms must be > 0, or lost requests would wait forever")
        }
        if model.outageMs > 0, model.outageEveryMs == 0 {
            throw .malformed(what: "network", text: text, detail: "outage_ms=\(format(model.outageMs)) needs outage_every_ms > 0 "
                + "(how often an outage comes); for no outages set outage_ms=0")
        }
        if model.outageMs > model.outageEveryMs, model.outageEveryMs > 0 {
            throw .malformed(what: "network", text: text, detail: "outage_ms must not exceed outage_every_ms")
        }
        return model
    }
}
