/// One request as a team's own tooling recorded it (a HAR entry, a RUM row): what `networks fit`
/// fits a link to and an empirical network draws from.
package struct RecordedRequest: Sendable, Hashable {
    /// From the request being sent to its response's first byte, ms (HAR: `send + wait`): the
    /// round trip and the server's time, which DeckBench's link models as `rtt_ms + server_ms`.
    public var firstByteMs: Double
    /// From the first byte to the last, ms (HAR: `receive`).
    public var receiveMs: Double
    /// Bytes that crossed the network (HAR: Chrome's `_transferSize`, else `bodySize`, else the
    /// content's size); nil when the recording does not say.
    public var bytes: Int?
    /// Before sending: waiting for a connection, DNS, TCP and TLS set-up, ms (HAR: `blocked + dns
    /// + connect + ssl`, each counted only when it applies); DeckBench does not model set-up.
    public var setupMs: Double
    /// TCP set-up alone, ms, when the request opened a connection (about one round trip).
    public var connectMs: Double?

    public init(firstByteMs: Double, receiveMs: Double, bytes: Int?, setupMs: Double = 0, connectMs: Double? = nil) {
        self.firstByteMs = firstByteMs
        self.receiveMs = receiveMs
        self.bytes = bytes
        self.setupMs = setupMs
        self.connectMs = connectMs
    }

    /// From sending to the last byte, ms.
    public var totalMs: Double { firstByteMs + receiveMs }

    /// The fewest bytes a response needs for its receive time to measure the link's rate: a
    /// smaller one arrives in a packet or two (1,460 bytes each), and its receive time is the
    /// clock's grain and the browser's scheduling.
    public static let minimumPaceBytes = 4_096

    /// Whether its receive time measures a pace: `minimumPaceBytes` or more, received in more than 0 ms.
    public var measuresPace: Bool { (bytes ?? 0) >= Self.minimumPaceBytes && receiveMs > 0 }
}
