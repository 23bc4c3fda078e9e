/// One parameter of `--network NAME[:key=value,...]`, declared once: its key, the model's field,
/// the values it accepts (as the error message says them) and what it means. `NetworkModel`'s
/// keys, its full spec and its parsing all read this list, as policies read theirs.
public struct NetworkParameter: Sendable {
    /// The model's field a value sets.
    enum Field: Sendable {
        case number(WritableKeyPath<NetworkModel, Double> & Sendable)
        case wholeNumber(WritableKeyPath<NetworkModel, Int> & Sendable)
    }

    public let key: String
    let field: Field
    /// What a value must be, as `deckbench networks` and error messages say it.
    public let expected: String
    let accepts: @Sendable (Double) -> Bool
    public let meaning: String
    /// Whether a `trace` network has it (its downlink is the trace).
    let onTraces: Bool

    /// The parameters in the order of `NetworkModel.spec`.
    public static let all: [NetworkParameter] = [
        .init("rtt_ms", .number(\.rttMs), "a number of ms from 0 to 600000", { $0 >= 0 && $0 <= 600_000 },
              "median round-trip time"),
        .init("jitter", .number(\.jitter), "a number from 0 to 3", { $0 >= 0 && $0 <= 3 },
              "sigma of the log-normal spread of each round trip (0 = exactly rtt_ms)"),
        // Bandwidth is kept in whole bytes per second: a positive rate under half a byte per second
        // would round to 0, which means unlimited.
        .init("downlink_kbps", .number(\.downlinkKbps), "0 (unlimited) or a number of kbit/s from 0.004 (1 byte/s) to 100000000 (100 Gbit/s)",
              { $0 == 0 || ($0 > 0 && ($0 * 1_000 / 8).rounded() >= 1 && $0 <= 100_000_000) },
              "downlink shared fairly by the transfers in progress", onTraces: false),
        .init("connections", .wholeNumber(\.connections), "a whole number from 0 (unlimited) to 10000", { $0 >= 0 && $0 <= 10_000 },
              "requests in progress at once"),
        .init("server_ms", .number(\.serverMs), "a number of ms from 0 to 600000", { $0 >= 0 && $0 <= 600_000 },
              "time the server takes to answer"),
        .init("loss", .number(\.loss), "a probability from 0 to 1", { $0 >= 0 && $0 <= 1 }, "probability that a request gets no answer"),
        .init("timeout_ms", .number(\.timeoutMs), "a number of ms from 0 (never give up) to 3600000", { $0 >= 0 && $0 <= 3_600_000 },
              "the app gives up on a request not answered this long after it was sent"),
        .init("outage_every_ms", .number(\.outageEveryMs), "a number of ms from 0 (no outages) to 604800000 (a week)",
              { $0 >= 0 && $0 <= 604_800_000 }, "how often the link goes down"),
        .init("outage_ms", .number(\.outageMs), "a number of ms from 0 to 604800000 (a week)", { $0 >= 0 && $0 <= 604_800_000 },
              "how long it stays down; requests sent then are lost"),
    ]

    init(_ key: String, _ field: Field, _ expected: String, _ accepts: @escaping @Sendable (Double) -> Bool, _ meaning: String,
         onTraces: Bool = true) {
        self.key = key
        self.field = field
        self.expected = expected
        self.accepts = accepts
        self.meaning = meaning
        self.onTraces = onTraces
    }

    /// `key=value` as the full spec writes it.
    func written(_ model: NetworkModel) -> String {
        switch field {
        case let .number(path): "\(key)=\(NetworkModel.format(model[keyPath: path]))"
        case let .wholeNumber(path): "\(key)=\(model[keyPath: path])"
        }
    }

    /// Sets `value` on `model`, or says what a value must be.
    func set(_ value: String, on model: inout NetworkModel) -> Bool {
        switch field {
        case let .number(path):
            guard let number = Double(value), number.isFinite, accepts(number) else { return false }
            model[keyPath: path] = number
        case let .wholeNumber(path):
            guard let count = Int(value), accepts(Double(count)) else { return false }
            model[keyPath: path] = count
        }
        return true
    }
}
