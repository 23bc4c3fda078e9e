/// The named networks, each with the public profile its numbers come from.
package enum NetworkPresets {
    /// A preset and where its numbers come from. A kind with data (`trace`, `empirical`) is a
    /// preset too: `model` holds the parameters its spec starts from, and `parse` resolves its
    /// kind from the spec's keys.
    public struct Preset: Sendable {
        public var model: NetworkModel
        public var kind: NetworkKind.Name = .parametric
        public var source: String

        /// The name `--network` gives it.
        public var name: String { model.name }

        /// Its full spec, every parameter of its kind written out (a kind's own keys come with its data).
        public var spec: String { model.written(as: kind, keys: []) }
    }

    /// Jitter, connections and server time are not part of the throttling profiles; they are
    /// DeckBench's defaults for every preset (docs/MODEL.md, "Network").
    static let jitter = 0.3
    static let connections = 4
    static let serverMs = 0.0

    public static let all: [Preset] = [
        Preset(
            model: NetworkModel(name: "wifi", rttMs: 40, jitter: jitter, downlinkKbps: 10_240, connections: connections, serverMs: serverMs),
            source: "Lighthouse desktopDense4G (\"broadband\", Dense 4G 25th percentile): RTT 40 ms, 10 Mbit/s"),
        Preset(
            model: NetworkModel(name: "lte", rttMs: 150, jitter: jitter, downlinkKbps: 1_638.4, connections: connections, serverMs: serverMs),
            source: "Lighthouse mobileSlow4G, its default mobile throttling (bottom 25% of 4G): RTT 150 ms, 1.6 Mbit/s"),
        Preset(
            model: NetworkModel(name: "3g", rttMs: 300, jitter: jitter, downlinkKbps: 700, connections: connections, serverMs: serverMs),
            source: "Lighthouse mobileRegular3G (Chrome UX Report's 3G): RTT 300 ms, 700 kbit/s"),
        Preset(
            model: NetworkModel(name: "slow-3g", rttMs: 400, jitter: jitter, downlinkKbps: 400, connections: connections, serverMs: serverMs),
            source: "Chrome DevTools \"Slow 3G\": target RTT 400 ms, 500 kbit/s × 0.8 = 400 kbit/s"),
        Preset(
            model: NetworkModel(name: "edge", rttMs: 840, jitter: jitter, downlinkKbps: 240, connections: connections, serverMs: serverMs),
            source: "Apple Network Link Conditioner \"Edge\" (as replicated in public ipfw scripts): 240 kbit/s down, 400 ms + 440 ms delays"),
        Preset(
            model: NetworkModel(name: "very-bad", rttMs: 1_000, jitter: 0.5, downlinkKbps: 1_000, connections: connections,
                                serverMs: serverMs, loss: 0.1),
            source: "Apple Network Link Conditioner \"Very Bad Network\" as third-party write-ups describe it (1 Mbit/s, 500 ms delay "
                + "each way, 10 % loss; Apple publishes no numbers): here 10 % of requests get no answer"),
        Preset(
            model: NetworkModel(name: "subway", rttMs: 150, jitter: 0.5, downlinkKbps: 1_638.4, connections: connections,
                                serverMs: serverMs, outageEveryMs: 60_000, outageMs: 10_000),
            source: "DeckBench's own: lte between stations, and a 10 s tunnel every minute in which requests get no answer"),
        Preset(
            model: NetworkModel(name: "trace", rttMs: 100, jitter: 0, downlinkKbps: 0, connections: connections, serverMs: serverMs),
            kind: .trace,
            source: "a Mahimahi trace: --network trace:path=FILE (RTT 100 ms, no jitter unless set)"),
        Preset(
            model: NetworkModel(name: "empirical", rttMs: 0, jitter: 0, downlinkKbps: 0, connections: connections, serverMs: serverMs),
            kind: .empirical,
            source: "your users' own requests: --network empirical:path=FILE.har[,filter=REGEX] (or a RUM export: "
                + "path=FILE.csv, with columns=start;first_byte;end;bytes unless its header names those), each request's time to first byte "
                + "and transfer pace drawn together from the recorded ones"),
    ]

    /// The network `replay` uses when none is given.
    public static let defaultName = "lte"
}

extension NetworkPresets {
    /// What `--network` accepts, for its help: the spec's form, the parameters, each kind's own
    /// keys (after the preset of that kind) and the parameters it has not, the presets and the
    /// default. A new parameter, kind or preset is in it without a change to the command line.
    package static var specHelp: String {
        let kindKeys = all.filter { !$0.kind.keys.isEmpty }.map { preset in
            "\(preset.name): \(preset.kind.keys.joined(separator: ", ")), without \(preset.kind.lacking.joined(separator: ", "))"
        }
        return "A network as NAME[:key=value,...] with keys \(NetworkModel.keys.joined(separator: ", ")) ("
            + (kindKeys + ["a comma in a value as \\,"]).joined(separator: "; ") + "); "
            + "repeatable (default: \(defaultName); presets: \(all.map(\.name).joined(separator: ", ")), "
            + "\(all.filter { !$0.kind.keys.isEmpty }.map(\.name).joined(separator: " and ")) with a path=; see `deckbench networks`)."
    }
}
