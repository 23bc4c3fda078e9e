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
    /// The downlink's discipline: 0 shares it fairly among the transfers in progress (processor
    /// sharing); 1 is one queue, first in, first out, as a real bottleneck's buffer is.
    public var fifo = 0
    /// TCP's initial window in segments of `WindowedDownlink.segmentBytes` (Linux: 10); 0 = no
    /// window: a response leaves the server whole.
    public var tcpInitialWindow = 0
    /// With a window: 1 restarts slow start on a connection idle longer than its retransmission
    /// timeout (Linux's `tcp_slow_start_after_idle`, on by default), 0 keeps the window.
    public var idleRestart = 1
    /// What it replays from besides the parameters, with its data loaded (a trace, recorded
    /// requests): resolved by `parse`.
    public var kind: NetworkKind = .parametric

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

    /// The parameter keys, in the order of `spec` (a kind adds its own before them: `trace`'s
    /// `path` and `loop`).
    public static var keys: [String] { NetworkParameter.all.map(\.key) }

    /// The full spec, every parameter written out: the `network` column of reports.
    public var spec: String { written(as: kind.name, keys: kind.written) }

    /// `name:` then the kind's `keys` and the parameters a network of kind `kindName` has.
    func written(as kindName: NetworkKind.Name, keys: [String]) -> String {
        let parameters = NetworkParameter.all.filter { $0.applies(to: kindName) }.compactMap { $0.written(self) }
        return name + ":" + (keys + parameters).joined(separator: ",")
    }

    /// A report's `network` field as short as it can be said: the preset's name and the parameters
    /// that differ from it (`lte`, `lte:loss=0.3`); the full spec when it names no preset.
    public static func shortSpec(_ spec: String) -> String {
        let name = spec.prefix { $0 != ":" }
        guard let preset = NetworkPresets.all.first(where: { $0.name == name }),
              spec.count > name.count else { return spec }
        let defaults = Set(preset.spec.dropFirst(name.count + 1).split(separator: ","))
        let changed = spec.dropFirst(name.count + 1).split(separator: ",").filter { !defaults.contains($0) }
        return changed.isEmpty ? String(name) : name + ":" + changed.joined(separator: ",")
    }

    /// A network as pages and tables name it in `limit` characters: its short spec when it fits; a
    /// network read from a file by its kind and the file's name (`empirical: api.har`); another by
    /// the start of its short spec and an ellipsis. Those who show it list the full spec beside it.
    public static func displayName(_ spec: String, limit: Int) -> String {
        let short = shortSpec(spec)
        guard short.count > limit else { return short }
        if let parsed = try? SpecString(spec, what: "network"), let path = parsed.parameters.first(where: { $0.key == "path" })?.value {
            let named = "\(parsed.name): \(path.split(separator: "/").last.map(String.init) ?? path)"
            if named.count <= limit { return named }
        }
        return String(short.prefix(limit - 1)) + "…"
    }

    /// Whether some requests may never be answered.
    public var losesRequests: Bool { loss > 0 || (outageEveryMs > 0 && outageMs > 0) }

    /// A parameter's value as a spec writes it.
    public static func formatted(_ value: Double) -> String { format(value) }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// What an `empirical` network's file left out as malformed ("FILE: entry N: reason", "FILE:LINE:
    /// reason"; a break "after entry N"), as `networks fit` names it; empty for other networks.
    public var empiricalRejects: [String] {
        guard case let .empirical(empirical) = kind else { return [] }
        return empirical.rejects
    }

    /// Parses `--network NAME[:key=value,...]`: the preset's parameters changed, and its kind
    /// resolved with its data loaded (a file that cannot be opened: `unusableFile`, unreadable).
    public static func parse(_ text: String) throws(SpecError) -> NetworkModel {
        let spec = try SpecString(text, what: "network")
        guard let preset = NetworkPresets.all.first(where: { $0.name == spec.name }) else {
            throw .unknownName(what: "network", name: spec.name, valid: NetworkPresets.all.map(\.name))
        }
        var model = preset.model
        var kindKeys = NetworkKind.Keys(preset.kind, text: text, networkName: spec.name)
        let parameters = NetworkParameter.all.filter { $0.applies(to: preset.kind) }
        for (key, value) in spec.parameters {
            if let parameter = parameters.first(where: { $0.key == key }) {
                guard parameter.set(value, on: &model) else {
                    if value.contains("..") || value.contains("/") {
                        throw .malformed(what: "network", text: text, detail: "\(key)=\(value) is a sweep, and networks do not sweep "
                            + "(policies do): give one --network for each value")
                    }
                    throw .badValue(what: "network", name: spec.name, key: key, value: value, expected: parameter.expected)
                }
            } else if preset.kind.keys.contains(key) {
                try kindKeys.take(key, value)
            } else {
                throw .unknownKey(what: "network", name: spec.name, key: key, valid: preset.kind.keys + parameters.map(\.key))
            }
        }
        model.kind = try kindKeys.resolve()
        if model.losesRequests, model.timeoutMs == 0 {
            throw .malformed(what: "network", text: text, detail: "with loss or outages, timeout_ms must be > 0, or lost requests would wait forever")
        }
        if case let .trace(trace) = model.kind, !trace.loop, model.timeoutMs == 0 {
            throw .malformed(what: "network", text: text, detail: "a trace that does not loop delivers nothing after its end, so timeout_ms "
                + "must be > 0, or the requests then would wait forever")
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

extension NetworkModel {
    /// What makes a replay on this network all stalls, said before it runs (a spec that parses can
    /// still be one no link is): a link down all the time, every request lost, or a timeout at or
    /// under the median time to a whole answer for pages of `pageBytes` (half the requests or more
    /// then give up first).
    package func cautions(pageBytes: Int) -> [String] {
        var cautions: [String] = []
        if outageEveryMs > 0, outageMs >= outageEveryMs {
            cautions.append("outage_ms=\(Self.format(outageMs)) is at least outage_every_ms=\(Self.format(outageEveryMs)): "
                + "the link is down all the time, so no request is answered")
        }
        if loss >= 1 {
            cautions.append("loss=\(Self.format(loss)): every request is lost, so none is answered")
        }
        if timeoutMs > 0, let answer = medianAnswerMs(pageBytes: pageBytes), timeoutMs <= answer.ms {
            cautions.append("timeout_ms=\(Self.format(timeoutMs)) is at or under the median time to a whole answer (\(Self.format((answer.ms * 10).rounded() / 10)) ms: "
                + "\(answer.how)): half the requests or more time out before their answer")
        }
        return cautions
    }

    /// The median time from a request's send to its whole answer, for a page of `pageBytes`, and
    /// what it is made of; queueing for a connection and sharing the downlink only add to it.
    private func medianAnswerMs(pageBytes: Int) -> (ms: Double, how: String)? {
        switch kind {
        case .parametric:
            let transfer = downlinkKbps > 0 ? Double(pageBytes) * 8 / downlinkKbps : 0
            return (rttMs + serverMs + transfer, "rtt_ms + server_ms + a page of about \(pageBytes) bytes at downlink_kbps")
        case .trace:
            return (rttMs + serverMs, "rtt_ms + server_ms, before the trace's delivery")
        case let .empirical(empirical):
            let link = empirical.requests
            guard link.count > 0 else { return nil }
            var answers = (0 ..< link.count).map { Double(link.firstByteUs[$0] + link.transferUs(record: $0, bytes: pageBytes)) / 1_000 }
            answers.sort()
            return (answers[(answers.count - 1) / 2] + serverMs, "the recorded requests' first byte and pace for a page of about \(pageBytes) bytes, + server_ms")
        }
    }
}
