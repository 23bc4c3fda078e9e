/// The named networks, each with the public profile its numbers come from.
public enum NetworkPresets {
    /// A preset and where its numbers come from.
    public struct Preset: Sendable {
        public var model: NetworkModel
        public var source: String
    }

    /// Jitter, connections and server time are not part of the throttling profiles; they are
    /// DeckBench's defaults for every preset (README, "Network model").
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
    ]

    /// The network `replay` uses when none is given.
    public static let defaultName = "lte"
}
