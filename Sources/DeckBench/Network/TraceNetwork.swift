/// A `trace` network's downlink: the Mahimahi trace it follows, read by `NetworkModel.parse`, and
/// whether the trace repeats at its end. Equal when the spec's keys are (a path is read once per
/// process, so the same keys hold the same trace).
public struct TraceNetwork: Sendable, Hashable {
    /// The trace file, as the spec names it.
    public let path: String
    /// Whether the trace repeats at its end (else no more packets are delivered after it).
    public let loop: Bool
    let trace: LinkTrace

    /// How long one pass of the trace lasts, ms (its last delivery opportunity).
    public var periodMs: Int { trace.periodMs }

    static let keys = ["path", "loop"]
    static let help = "trace also takes path=FILE (a Mahimahi trace) and loop=true|false"

    init(path: String, loop: Bool, trace: LinkTrace) {
        self.path = path
        self.loop = loop
        self.trace = trace
    }

    /// The trace the keys name, read at `path=` by `check`.
    init(_ keys: NetworkKind.Keys) throws(SpecError) {
        guard let path = keys.given["path"] else {
            throw .malformed(what: "network", text: keys.text, detail: "a trace network needs path=FILE (a Mahimahi trace)")
        }
        self.init(path: path, loop: keys.given["loop"].flatMap(Bool.init) ?? true, trace: try Self.load(path, text: keys.text))
    }

    /// Checks a key's value as the spec gives it: the trace is read at once.
    static func check(_ key: String, _ value: String, in keys: NetworkKind.Keys) throws(SpecError) {
        switch key {
        case "path":
            _ = try load(value, text: keys.text)
        case "loop":
            guard Bool(value) != nil else {
                throw .badValue(what: "network", name: keys.networkName, key: key, value: value, expected: "true or false")
            }
        default: break
        }
    }

    /// The trace at `path` (read once per process).
    private static func load(_ path: String, text: String) throws(SpecError) -> LinkTrace {
        do {
            return try LinkTrace.load(path)
        } catch {
            // A file the spec names: 74 when it cannot be opened, 65 when its text is wrong.
            throw .unusableFile(what: "network", text: text, detail: error.description, unreadable: error.unreadable)
        }
    }

    /// Its keys as the full spec writes them.
    var written: [String] { ["path=\(SpecString.escaped(path))", "loop=\(loop)"] }

    public static func == (left: TraceNetwork, right: TraceNetwork) -> Bool {
        left.path == right.path && left.loop == right.loop
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(loop)
    }
}
