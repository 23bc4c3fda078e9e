import Foundation

/// A parametric link fitted to recorded requests (`networks fit`), and how well it follows them.
///
/// The link's time to first byte is a log-normal round trip (median `rtt_ms`, sigma `jitter`) plus
/// `server_ms`, and a response then takes its bytes at `downlink_kbps`. The fit: `server_ms` is the
/// median time to first byte less the median TCP set-up (one round trip), when at least
/// `minimumConnects` requests opened a connection, else 0 (the round trip then holds the server's
/// time, as the presets' do); `rtt_ms` is the median time to first byte less `server_ms`;
/// `jitter` makes the model's 90th percentile the data's (ln((p90 − server) / rtt) / 1.2816);
/// `downlink_kbps` is the median of the requests' own rates (bytes × 8 / receive ms) over those with
/// bytes and a receive time. `connections` and the rest are the base preset's: requests do not
/// say how many connections the app opens.
package struct NetworkFit: Sendable {
    public var model: NetworkModel
    /// The requests the fit read.
    public var requests: [RecordedRequest]
    /// Requests with bytes and a receive time, which the rate was fitted on.
    public var rated: Int
    /// Requests that opened a connection (their TCP set-up gave the round trip), 0 when too few.
    public var connects: Int

    public static let minimumConnects = 10

    /// Fits `requests` (at least one) with `base`'s other parameters.
    public init(_ requests: [RecordedRequest], base: NetworkModel) {
        self.requests = requests
        let firstBytes = requests.map(\.firstByteMs)
        let tcp = requests.compactMap(\.connectMs)
        connects = tcp.count >= Self.minimumConnects ? tcp.count : 0
        let median = Self.percentile(firstBytes, 0.5)
        let server = connects > 0 ? max(0, median - Self.percentile(tcp, 0.5)) : 0
        let rtt = max(0.1, median - server)
        let p90 = Self.percentile(firstBytes, 0.9) - server
        let jitter = p90 > rtt ? log(p90 / rtt) / 1.281_551_565_545 : 0
        let rates = requests.compactMap { request -> Double? in
            guard let bytes = request.bytes, bytes > 0, request.receiveMs > 0 else { return nil }
            return Double(bytes) * 8 / request.receiveMs
        }
        rated = rates.count
        var model = base
        model.rttMs = Self.rounded(rtt, 1)
        model.jitter = min(3, Self.rounded(jitter, 3))
        model.serverMs = Self.rounded(server, 1)
        model.downlinkKbps = rates.isEmpty ? 0 : max(0.004, Self.rounded(Self.percentile(rates, 0.5), 1))
        self.model = model
    }

    /// The model's times for the data's requests: `draws` round trips each, a response alone on the
    /// downlink (as the fit reads the rates), seeded.
    public func modelled(draws: Int = 20, seed: UInt64 = 1) -> (firstByte: [Double], total: [Double]) {
        var random = SeededGenerator(seed: seed, keys: 0x6669_74)
        var firstByte: [Double] = [], total: [Double] = []
        for request in requests {
            let receive = model.downlinkKbps > 0 ? Double(request.bytes ?? 0) * 8 / model.downlinkKbps : 0
            for _ in 0 ..< draws {
                let time = random.logNormal(median: model.rttMs, sigma: model.jitter) + model.serverMs
                firstByte.append(time)
                total.append(time + receive)
            }
        }
        return (firstByte, total)
    }

    /// The goodness-of-fit table: the data's and the model's 10th, 50th, 90th and 99th percentiles
    /// of the time to first byte and of the total time, ms.
    public var table: String {
        let model = modelled()
        let shares = [0.1, 0.5, 0.9, 0.99]
        var table = TextTable(header: ["ms", "p10", "p50", "p90", "p99"])
        for (name, values) in [("first byte, data", requests.map(\.firstByteMs)), ("first byte, model", model.firstByte),
                               ("total, data", requests.map(\.totalMs)), ("total, model", model.total)] {
            table.append([name] + shares.map { String(format: "%.0f", Self.percentile(values, $0)) })
        }
        return table.rendered
    }

    /// The `share` quantile (nearest rank) of `values`, 0 for none.
    static func percentile(_ values: [Double], _ share: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((share * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
