/// One parameter of `--network NAME[:key=value,...]`, declared once: its key, the model's field,
/// the values it accepts (one declaration gives the check and the error message's words) and what
/// it means. `NetworkModel`'s
/// keys, its full spec and its parsing all read this list, as policies read theirs.
package struct NetworkParameter: Sendable {
    /// The model's field a value sets.
    enum Field: Sendable {
        case number(WritableKeyPath<NetworkModel, Double> & Sendable)
        case wholeNumber(WritableKeyPath<NetworkModel, Int> & Sendable)
    }

    public let key: String
    let field: Field
    /// The values it accepts: the check and the words that say it, from one declaration.
    let bounds: Bounds
    public let meaning: String
    /// The part of the link it models, when a network kind's data may give that part instead
    /// (`NetworkKind.Name.dataGives`); nil: every network has it.
    let aspect: Aspect?

    /// A part of the link that a parameter models and a network kind's data may give instead.
    enum Aspect: Sendable, Hashable {
        /// Each request's round trip (`rtt_ms`, `jitter`): recorded requests have their own.
        case roundTrip
        /// The downlink's rate (`downlink_kbps`): a trace's packets and recorded requests' paces are theirs.
        case downlink
    }

    /// Whether a network of kind `kind` has it.
    func applies(to kind: NetworkKind.Name) -> Bool {
        aspect.map { !kind.dataGives.contains($0) } ?? true
    }

    /// What a value must be, as `deckbench networks` and error messages say it.
    public var expected: String { bounds.text }

    /// A closed range of values, with what a bound means where it is special (0: unlimited), and
    /// optionally 0 accepted on its own below it.
    struct Bounds: Sendable {
        var noun: String
        var low: Double
        var lowNote: String? = nil
        var high: Double
        var highNote: String? = nil
        /// 0 is accepted besides the range (which then starts above 0), meaning this.
        var zero: String? = nil

        var text: String {
            (zero.map { "0 (\($0)) or " } ?? "") + "\(noun) from \(Self.number(low))" + (lowNote.map { " (\($0))" } ?? "")
                + " to \(Self.number(high))" + (highNote.map { " (\($0))" } ?? "")
        }

        func accepts(_ value: Double) -> Bool {
            (zero != nil && value == 0) || (value >= low && value <= high)
        }

        private static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// The parameters in the order of `NetworkModel.spec`.
    public static let all: [NetworkParameter] = [
        .init("rtt_ms", .number(\.rttMs), Bounds(noun: "a number of ms", low: 0, high: 600_000), "median round-trip time", aspect: .roundTrip),
        .init("jitter", .number(\.jitter), Bounds(noun: "a number", low: 0, high: 3),
              "sigma of the log-normal spread of each round trip (0 = exactly rtt_ms)", aspect: .roundTrip),
        // Bandwidth is kept in whole bytes per second: a positive rate under half a byte per second
        // would round to 0, which means unlimited.
        .init("downlink_kbps", .number(\.downlinkKbps),
              Bounds(noun: "a number of kbit/s", low: 0.004, lowNote: "1 byte/s", high: 100_000_000, highNote: "100 Gbit/s", zero: "unlimited"),
              "downlink shared fairly by the transfers in progress", aspect: .downlink),
        .init("connections", .wholeNumber(\.connections), Bounds(noun: "a whole number", low: 0, lowNote: "unlimited", high: 10_000),
              "requests in progress at once"),
        .init("server_ms", .number(\.serverMs), Bounds(noun: "a number of ms", low: 0, high: 600_000), "time the server takes to answer"),
        .init("loss", .number(\.loss), Bounds(noun: "a probability", low: 0, high: 1), "probability that a request gets no answer"),
        .init("timeout_ms", .number(\.timeoutMs), Bounds(noun: "a number of ms", low: 0, lowNote: "never give up", high: 3_600_000),
              "the app gives up on a request not answered this long after it was sent"),
        .init("outage_every_ms", .number(\.outageEveryMs),
              Bounds(noun: "a number of ms", low: 0, lowNote: "no outages", high: 604_800_000, highNote: "a week"), "how often the link goes down"),
        .init("outage_ms", .number(\.outageMs), Bounds(noun: "a number of ms", low: 0, high: 604_800_000, highNote: "a week"),
              "how long it stays down; requests sent then are lost"),
        // The link's TCP (docs/MODEL.md, "Against a real stack"): written in a spec only when set,
        // so a spec without them means what it meant before they existed.
        .init("fifo", .wholeNumber(\.fifo), Bounds(noun: "a whole number", low: 0, lowNote: "shared fairly", high: 1, highNote: "one queue"),
              "1: the downlink is one queue, first in, first out (a real bottleneck); 0: shared fairly by the transfers",
              aspect: .downlink, unlessDefault: 0),
        .init("tcp_iw", .wholeNumber(\.tcpInitialWindow), Bounds(noun: "a whole number of segments", low: 0, lowNote: "no window", high: 1_000),
              "TCP's initial window in segments of 1,448 bytes (Linux: 10); a connection's window grows by what each round "
                  + "trip delivers (slow start)", aspect: .downlink, unlessDefault: 0),
        .init("idle_restart", .wholeNumber(\.idleRestart), Bounds(noun: "a whole number", low: 0, lowNote: "keep the window", high: 1, highNote: "restart"),
              "with tcp_iw: 1 (Linux's default) halves an idle connection's window each retransmission timeout "
                  + "(round trip + 200 ms) it was idle, down to tcp_iw", aspect: .downlink, unlessDefault: 1),
    ]

    /// A value at which the full spec leaves the parameter out (nil: always written).
    let omittedAt: Double?

    init(_ key: String, _ field: Field, _ bounds: Bounds, _ meaning: String, aspect: Aspect? = nil, unlessDefault omittedAt: Double? = nil) {
        self.key = key
        self.field = field
        self.bounds = bounds
        self.meaning = meaning
        self.aspect = aspect
        self.omittedAt = omittedAt
    }

    /// `key=value` as the full spec writes it; nil when it is at the value the spec leaves out.
    func written(_ model: NetworkModel) -> String? {
        switch field {
        case let .number(path):
            model[keyPath: path] == omittedAt ? nil : "\(key)=\(NetworkModel.format(model[keyPath: path]))"
        case let .wholeNumber(path):
            Double(model[keyPath: path]) == omittedAt ? nil : "\(key)=\(model[keyPath: path])"
        }
    }

    /// Sets `value` on `model`, or says what a value must be.
    func set(_ value: String, on model: inout NetworkModel) -> Bool {
        switch field {
        case let .number(path):
            guard let number = Double(value), number.isFinite, bounds.accepts(number) else { return false }
            model[keyPath: path] = number
        case let .wholeNumber(path):
            guard let count = Int(value), bounds.accepts(Double(count)) else { return false }
            model[keyPath: path] = count
        }
        return true
    }
}
