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
    /// Recorded requests for the times to first byte and the transfers (`empirical` networks, a
    /// HAR file), and the URLs kept (a regular expression; nil: all).
    public var empiricalPath: String?
    public var empiricalFilter: String?
    /// For a RUM export instead of a HAR: its columns, `start;first_byte;end;bytes[;status[;url]]`.
    public var empiricalColumns: String?
    /// How the RUM export writes its times (`ms`, `s`, `iso8601`); nil: ms.
    public var empiricalTimeUnit: String?

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
    public static var keys: [String] { NetworkParameter.all.map(\.key) }

    /// The full spec, every parameter written out: the `network` column of reports.
    public var spec: String {
        let escaped = SpecString.escaped
        let trace = tracePath.map { ["path=\(escaped($0))", "loop=\(loop)"] } ?? []
        let empirical = empiricalPath.map {
            ["path=\(escaped($0))"] + (empiricalColumns.map { ["columns=\(escaped($0))"] } ?? [])
                + (empiricalTimeUnit.map { ["time_unit=\($0)"] } ?? [])
                + (empiricalFilter.map { ["filter=\(escaped($0))"] } ?? [])
        } ?? []
        let parameters = NetworkParameter.all.filter(accepts).map { $0.written(self) }
        return name + ":" + (trace + empirical + parameters).joined(separator: ",")
    }

    /// Whether the model has `parameter`: a `trace` network has no downlink of its own, an
    /// `empirical` one no round trip or downlink of its own (the recorded requests give them).
    func accepts(_ parameter: NetworkParameter) -> Bool {
        switch name {
        case "trace": parameter.onTraces
        case "empirical": parameter.onEmpirical
        default: true
        }
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

    /// The recorded requests of an `empirical` network, nil for another network.
    func loadEmpirical() throws(EmpiricalLink.Failure) -> EmpiricalLink? {
        guard let path = empiricalPath else { return nil }
        return try EmpiricalLink.load(path, filter: empiricalFilter, columns: empiricalColumns, timeUnit: empiricalTimeUnit.flatMap(LogTime.Unit.init))
    }

    /// What an `empirical` network's file left out as malformed ("FILE: entry N: reason", "FILE:LINE:
    /// reason"; a break "after entry N"), as `networks fit` names it; empty for other networks.
    public var empiricalRejects: [String] {
        (try? loadEmpirical())?.rejects ?? []
    }

    /// Parses `--network NAME[:key=value,...]`.
    public static func parse(_ text: String) throws(SpecError) -> NetworkModel {
        let spec = try SpecString(text, what: "network")
        guard var model = NetworkPresets.all.first(where: { $0.model.name == spec.name })?.model else {
            throw .unknownName(what: "network", name: spec.name, valid: NetworkPresets.all.map(\.model.name))
        }
        for (key, value) in spec.parameters {
            if let parameter = NetworkParameter.all.first(where: { $0.key == key && model.accepts($0) }) {
                guard parameter.set(value, on: &model) else {
                    if value.contains("..") || value.contains("/") {
                        throw .malformed(what: "network", text: text, detail: "\(key)=\(value) is a sweep, and networks do not sweep "
                            + "(policies do): give one --network for each value")
                    }
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: parameter.expected)
                }
                continue
            }
            switch key {
            case "path" where model.name == "trace":
                do {
                    _ = try LinkTrace.load(value)
                } catch {
                    // A file the spec names: 74 when it cannot be opened, 65 when its text is wrong.
                    throw .unusableFile(what: "network", text: text, detail: error.description, unreadable: error.unreadable)
                }
                model.tracePath = value
            case "path" where model.name == "empirical":
                model.empiricalPath = value
            case "filter" where model.name == "empirical":
                model.empiricalFilter = value
            case "columns" where model.name == "empirical":
                model.empiricalColumns = value
            case "time_unit" where model.name == "empirical":
                guard LogTime.Unit(rawValue: value) != nil else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: "ms, s or iso8601")
                }
                model.empiricalTimeUnit = value
            case "loop" where model.name == "trace":
                guard let loop = Bool(value) else {
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: "true or false")
                }
                model.loop = loop
            default:
                throw .unknownKey(what: "network", name: spec.name, key: key,
                                  valid: (model.name == "trace" ? ["path", "loop"] : model.name == "empirical" ? ["path", "columns", "time_unit", "filter"] : [])
                                      + NetworkParameter.all.filter(model.accepts).map(\.key))
            }
        }
        if model.name == "trace", model.tracePath == nil {
            throw .malformed(what: "network", text: text, detail: "a trace network needs path=FILE (a Mahimahi trace)")
        }
        if model.name == "empirical" {
            guard model.empiricalPath != nil else {
                throw .malformed(what: "network", text: text, detail: "an empirical network needs path=FILE (a HAR of your requests)")
            }
            if model.empiricalTimeUnit != nil, model.empiricalColumns == nil {
                throw .malformed(what: "network", text: text, detail: "time_unit applies to a RUM export (columns=…); a HAR's timings are ms")
            }
            do {
                _ = try model.loadEmpirical()
            } catch where error.usage {
                throw .malformed(what: "network", text: text, detail: error.description)
            } catch {
                throw .unusableFile(what: "network", text: text, detail: error.description, unreadable: error.unreadable)
            }
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
