import Foundation

/// A parametric link fitted to recorded requests (`networks fit`), and how well it follows them.
///
/// The link's time to first byte is a log-normal round trip (median `rtt_ms`, sigma `jitter`) plus
/// `server_ms`, and a response then takes its bytes at `downlink_kbps`. The fit: `server_ms` is the
/// median time to first byte less the median TCP set-up (one round trip), when at least
/// `minimumConnects` requests opened a connection, else 0 (the round trip then holds the server's
/// time, as the presets' do); `rtt_ms` is the median time to first byte less `server_ms`;
/// `jitter` makes the model's 90th percentile the data's (ln((p90 − server) / rtt) / 1.2816);
/// `downlink_kbps` is the median of the requests' own rates (bytes × 8 / receive ms) over those of
/// at least `RecordedRequest.minimumPaceBytes` bytes with a receive time above 0 (0, unlimited, and a
/// warning when none has). `connections` and the rest are the base preset's: requests do not
/// say how many connections the app opens. A value outside its parameter's bounds is set to the
/// bound and said in `warnings`; times that look written in another unit are `implausibleUnit`.
package struct NetworkFit: Sendable {
    public var model: NetworkModel
    /// The requests the fit read.
    public var requests: [RecordedRequest]
    /// Requests of 4 kB or more with a receive time, which the rate was fitted on.
    public var rated: Int
    /// Requests that opened a connection (their TCP set-up gave the round trip), 0 when too few.
    public var connects: Int
    /// What the fit could not follow: a value held at its parameter's bound, implausible times.
    public var warnings: [String]

    public static let minimumConnects = 10
    /// The fewest requests `networks fit` fits a link to without `--allow-few`: under 30, the 90th
    /// percentile that sets `jitter` is one of the slowest two or three requests.
    public static let minimumRequests = 30
    /// The fewest rated requests a downlink rate rests on without a warning.
    public static let minimumRated = 10
    /// Requests from which the p99 is compared with the model's (under 100 it is the slowest one).
    public static let tailFrom = 100
    /// How far (as a ratio, either way) the model's p90 or p99 may be from the data's before a warning.
    public static let tailRatio = 1.5
    /// z of the normal distribution's 90th percentile.
    static let z90 = 1.281_551_565_545

    /// How sure the fit is of one parameter: how many requests its value rests on, and its 95 %
    /// interval by bootstrap over the requests (nil when it rests on none).
    public struct Evidence: Sendable, Equatable {
        public var key: String
        public var value: Double
        public var requests: Int
        public var interval: ClosedRange<Double>?
    }

    /// rtt_ms, jitter, server_ms and downlink_kbps, in that order.
    public var evidence: [Evidence]

    /// Fits `requests` (at least one) with `base`'s other parameters.
    public init(_ requests: [RecordedRequest], base: NetworkModel) {
        self.requests = requests
        let estimate = Self.estimate(requests, indices: nil)
        connects = estimate.connects
        rated = estimate.rated
        var model = base, warnings: [String] = []
        model.rttMs = Self.clamped("rtt_ms", Self.rounded(estimate.rtt, 1), &warnings)
        model.jitter = Self.clamped("jitter", Self.rounded(estimate.jitter, 3), &warnings)
        model.serverMs = Self.clamped("server_ms", Self.rounded(estimate.server, 1), &warnings)
        model.downlinkKbps = estimate.downlinkKbps.map { Self.clamped("downlink_kbps", Self.roundedRate($0), &warnings) } ?? 0
        self.model = model
        let p90 = Self.percentile(requests.map(\.firstByteMs), 0.9)
        if model.jitter < Self.rounded(estimate.jitter, 3) {
            warnings.append("the data's spread is wider than a log-normal round trip can be: the model's p90 of the first byte is "
                + "\(Self.said(model.serverMs + model.rttMs * exp(model.jitter * Self.z90))) ms against the data's \(Self.said(p90)); "
                + "for the data's own tail use --network empirical:path=FILE")
        }
        if estimate.downlinkKbps == nil {
            warnings.append("no request has \(RecordedRequest.minimumPaceBytes) bytes or more and a receive time above 0 to measure a rate: "
                + "downlink_kbps=0 (unlimited); set it with --network ...:downlink_kbps=N")
        } else if rated < Self.minimumRated {
            warnings.append("downlink_kbps rests on \(rated) request\(rated == 1 ? "" : "s") of \(RecordedRequest.minimumPaceBytes) bytes or more "
                + "(fewer than \(Self.minimumRated)): see its interval below")
        }
        let tcp = requests.compactMap(\.connectMs)
        if connects > 0, Self.percentile(tcp, 0.5) > Self.percentile(requests.map(\.firstByteMs), 0.5) {
            warnings.append("the median connection set-up (\(Self.said(Self.percentile(tcp, 0.5))) ms) is longer than the median time to "
                + "first byte (\(Self.said(Self.percentile(requests.map(\.firstByteMs), 0.5))) ms): server_ms is held at 0; are the set-ups "
                + "of another host (a CDN, a redirect) in the capture? --filter your API's URLs")
        }
        if model.timeoutMs > 0, model.rttMs + model.serverMs >= model.timeoutMs {
            warnings.append("rtt_ms + server_ms (\(Self.said(model.rttMs + model.serverMs)) ms) reaches the base's timeout_ms "
                + "(\(Self.said(model.timeoutMs))): every request of a replay on this spec would time out; is the capture a mix of "
                + "two links (see the table's p10 against the data's)?")
        }
        evidence = []
        self.warnings = warnings
        evidence = bootstrapEvidence(estimate)
        self.warnings += tailWarnings()
    }

    /// The fitted values of the requests at `indices` (all of them when nil), before rounding and
    /// bounds: `server_ms` from the connection set-ups when at least `minimumConnects`, the round
    /// trip and `jitter` from the times to first byte, the rate from the rated requests (nil: none).
    static func estimate(_ requests: [RecordedRequest], indices: [Int]?)
        -> (rtt: Double, jitter: Double, server: Double, downlinkKbps: Double?, connects: Int, rated: Int)
    {
        var firstBytes: [Double] = [], tcp: [Double] = [], rates: [Double] = []
        firstBytes.reserveCapacity(indices?.count ?? requests.count)
        func add(_ request: RecordedRequest) {
            firstBytes.append(request.firstByteMs)
            if let connect = request.connectMs { tcp.append(connect) }
            // As the empirical link's paces: a response under 4 kB arrives in a packet or two, and its
            // receive time says nothing of the link's rate.
            if request.measuresPace, let bytes = request.bytes { rates.append(Double(bytes) * 8 / request.receiveMs) }
        }
        if let indices { for index in indices { add(requests[index]) } } else { requests.forEach(add) }
        let connects = tcp.count >= minimumConnects ? tcp.count : 0
        let (median, p90) = percentiles(&firstBytes, 0.5, 0.9)
        let server = connects > 0 ? max(0, median - percentiles(&tcp, 0.5, 0.5).0) : 0
        let rtt = max(0.1, median - server)
        let tail = p90 - server
        let jitter = tail > rtt ? log(tail / rtt) / z90 : 0
        let downlink = rates.isEmpty ? nil : percentiles(&rates, 0.5, 0.5).0
        return (rtt, jitter, server, downlink, connects, rates.count)
    }

    /// Resamples in the bootstrap of each parameter's interval, and the most requests a resample
    /// draws: with more, a resample draws this many and its spread is narrowed by √(this / count),
    /// as a median's and a percentile's spread shrink with the square root of the requests.
    public static let resamples = 200
    static let resampleCap = 20_000

    /// Each parameter's evidence: the requests it rests on and a 95 % percentile interval from
    /// `resamples` resamples of the requests (fixed seed: the same data gives the same intervals).
    private func bootstrapEvidence(_ estimate: (rtt: Double, jitter: Double, server: Double, downlinkKbps: Double?, connects: Int, rated: Int))
        -> [Evidence]
    {
        let count = requests.count, drawn = min(count, Self.resampleCap)
        let narrowing = (Double(drawn) / Double(count)).squareRoot()
        var random = SeededGenerator(seed: 0, keys: RandomKey.fitResample, UInt64(count))
        var values: [[Double]] = [[], [], [], []]
        var indices = [Int](repeating: 0, count: drawn)
        for _ in 0 ..< Self.resamples {
            for slot in 0 ..< drawn { indices[slot] = Int(random.next() % UInt64(count)) }
            let resampled = Self.estimate(requests, indices: indices)
            values[0].append(resampled.rtt)
            values[1].append(resampled.jitter)
            if resampled.connects > 0 { values[2].append(resampled.server) }
            if let rate = resampled.downlinkKbps { values[3].append(rate) }
        }
        // An interval is said from `minimumRated` requests (fewer resample into a few values), held
        // within the parameter's bounds, so that either end pastes into a spec.
        func interval(_ key: String, _ resampled: [Double], around center: Double, requests: Int) -> ClosedRange<Double>? {
            guard requests >= Self.minimumRated, resampled.count >= Self.resamples / 2 else { return nil }
            var sorted = resampled
            let (low, high) = Self.percentiles(&sorted, 0.025, 0.975)
            var (lower, upper) = (min(center, center + (low - center) * narrowing), max(center, center + (high - center) * narrowing))
            // Both ends within the bounds: a value fitted past a bound (held at it, said in the
            // warnings) has resamples past it too, and its interval is then the bound itself.
            if let bounds = NetworkParameter.all.first(where: { $0.key == key })?.bounds {
                (lower, upper) = (min(max(lower, bounds.low), bounds.high), min(max(upper, bounds.low), bounds.high))
            }
            return lower ... upper
        }
        return [
            Evidence(key: "rtt_ms", value: model.rttMs, requests: count, interval: interval("rtt_ms", values[0], around: estimate.rtt, requests: count)),
            Evidence(key: "jitter", value: model.jitter, requests: count, interval: interval("jitter", values[1], around: estimate.jitter, requests: count)),
            Evidence(key: "server_ms", value: model.serverMs, requests: connects,
                     interval: interval("server_ms", values[2], around: estimate.server, requests: connects)),
            Evidence(key: "downlink_kbps", value: model.downlinkKbps, requests: rated,
                     interval: interval("downlink_kbps", values[3], around: estimate.downlinkKbps ?? 0, requests: rated)),
        ]
    }

    /// Where the model misses the data's tail: the p90 of the total time, and from `tailFrom`
    /// requests the p99 of the first byte and of the total time, off by more than `tailRatio`; then
    /// its quick end (`lowerTailWarning`).
    private func tailWarnings() -> [String] {
        var checks: [(what: String, share: Double, data: Double, model: Double)] = [
            ("total time", 0.9, Self.percentile(requests.map(\.totalMs), 0.9), modelTotal(0.9)),
        ]
        if requests.count >= Self.tailFrom {
            checks.append(("first byte", 0.99, Self.percentile(requests.map(\.firstByteMs), 0.99), modelFirstByte(0.99)))
            checks.append(("total time", 0.99, Self.percentile(requests.map(\.totalMs), 0.99), modelTotal(0.99)))
        }
        let upper: [String] = checks.compactMap { check in
            guard check.data > 0, check.model > 0,
                  max(check.data / check.model, check.model / check.data) > Self.tailRatio else { return nil }
            let heavier = check.data > check.model
            return "the model misses the data's tail: its p\(Int(check.share * 100)) of the \(check.what) is \(Self.said(check.model)) ms "
                + "against the data's \(Self.said(check.data)) ms (\(heavier ? "the data's tail is heavier" : "the data's tail is lighter")); "
                + "replays on this spec will have \(heavier ? "fewer" : "more") long stalls than these requests would give: "
                + "for the data's own times use --network empirical:path=FILE"
        }
        return upper + (lowerTailWarning().map { [$0] } ?? [])
    }

    /// Where the model misses the data's quick requests: its p10 of the first byte off the data's by
    /// more than `tailRatio`. `jitter` is fitted on the median and the p90 only; when those are one
    /// value or within 1 % (times in whole ms, many equal) it is near 0 whatever the data's spread
    /// below the median, and the warning says so.
    private func lowerTailWarning() -> String? {
        let firstBytes = requests.map(\.firstByteMs)
        let (data, model) = (Self.percentile(firstBytes, 0.1), modelFirstByte(0.1))
        guard data > 0, model > 0, max(data / model, model / data) > Self.tailRatio else { return nil }
        let (median, p90) = (Self.percentile(firstBytes, 0.5), Self.percentile(firstBytes, 0.9))
        // One value, or within 1 % (fractions of a ms on integer waits): jitter is then near 0.
        let tie = p90 == median ? "are one value (\(Self.said(median)) ms)"
            : p90 <= median * 1.01 ? "are within 1 % of each other (\(Self.said(median)) and \(Self.said(p90)) ms)" : nil
        return "the model misses the data's quick requests: its p10 of the first byte is \(Self.said(model)) ms against the data's "
            + "\(Self.said(data)) ms (\(data < model ? "the data's quick requests are quicker" : "the data's quick requests are slower")); "
            + (tie.map { "the data's median and p90 \($0), which fits jitter near 0 whatever the spread below them; " } ?? "")
            + "replays on this spec will have \(data < model ? "fewer" : "more") quick answers than these requests would give: "
            + "for the data's own times use --network empirical:path=FILE"
    }

    /// Two nearest-rank percentiles of `values` (reordered in place), by selection rather than a sort.
    static func percentiles(_ values: inout [Double], _ first: Double, _ second: Double) -> (Double, Double) {
        guard !values.isEmpty else { return (0, 0) }
        func rank(_ share: Double) -> Int { min(values.count - 1, max(0, Int((share * Double(values.count)).rounded(.up)) - 1)) }
        let ranks = [rank(first), rank(second)]
        let found = RankSelection.values(values, at: ranks.sorted())
        return ranks[0] <= ranks[1] ? (found[0], found[1]) : (found[1], found[0])
    }

    /// Why the times of `requests` cannot be in the unit they were read in (`unit`; nil for a HAR,
    /// whose timings are ms), or nil when they can: no network answers in under 1 ms (what is
    /// quicker is a cache, left out; the quickest first bytes of real captures were 6 ms) or takes
    /// over a minute to, so a median time to first byte outside those is a unit mistake (seconds
    /// read as ms: 0.104 s gives 0.104 ms; ms read as seconds: 100 ms gives 100,000 ms). Names the median and the unit that would make it plausible; `option` is how a
    /// unit is given (`--time-unit ` for `networks fit`, `time_unit=` for an empirical network).
    public static func implausibleUnit(_ requests: [RecordedRequest], unit: LogTime.Unit?, option: String) -> String? {
        let median = percentile(requests.map(\.firstByteMs), 0.5)
        guard median > plausibleFirstByteMs.upperBound || median < plausibleFirstByteMs.lowerBound else { return nil }
        let read = unit.map { "read as \($0.rawValue)" } ?? "as the HAR's timings, in ms"
        var text = "the median time to first byte is \(said(median)) ms \(read): no network answers in under "
            + "\(said(plausibleFirstByteMs.lowerBound)) ms or takes over a minute"
        if let unit, let other = LogTime(unit: unit).reread(median, within: plausibleFirstByteMs) {
            return text + "; read as \(other.unit.spokenName) it is \(said(other.ms)) ms: give \(option)\(other.unit.rawValue)"
        }
        switch unit {
        case nil:
            text += "; a capture of a cache or of a server on the same machine measures no network"
        case .ms? where median < plausibleFirstByteMs.lowerBound && requests.contains(where: { plausibleFirstByteMs.contains($0.firstByteMs) }):
            let quick = requests.count { $0.firstByteMs < plausibleFirstByteMs.lowerBound }
            text += "; \(quick) of \(requests.count) rows answered under 1 ms: if they are a cache's answers, half of the export or more is "
                + "cache hits, which cannot be told from a wrong unit: export the requests that reached the network (or filter the "
                + "cache out), else check the unit the times are written in"
        default:
            text += "; check the unit the times are written in"
        }
        return text
    }

    /// The warnings' `empirical:path=FILE` with the file and filter a HAR was fitted from, as a
    /// spec writes them (a comma escaped), so that the hint pastes.
    package static func withEmpiricalSpec(_ warning: String, harPath: String, filter: String?) -> String {
        let spec = "empirical:path=" + SpecString.escaped(harPath) + (filter.map { ",filter=" + SpecString.escaped($0) } ?? "")
        return warning.replacingOccurrences(of: "empirical:path=FILE", with: spec)
    }

    /// The median times to first byte a network can give, ms.
    public static let plausibleFirstByteMs = 1.0 ... 60_000.0

    static func said(_ value: Double) -> String { LogTime.said(value) }

    /// `value` within the bounds of the parameter `key`, a warning when it was not.
    private static func clamped(_ key: String, _ value: Double, _ warnings: inout [String]) -> Double {
        guard let bounds = NetworkParameter.all.first(where: { $0.key == key })?.bounds, !bounds.accepts(value) else { return value }
        let bound = value > bounds.high ? bounds.high : bounds.low
        warnings.append("\(key) fitted as \(NetworkModel.format(value)) is outside its bounds (\(bounds.text)): set to \(NetworkModel.format(bound))")
        return bound
    }

    /// The model's `share` quantile of the time to first byte, ms: exact (server + rtt · e^(σz)).
    public func modelFirstByte(_ share: Double) -> Double {
        model.serverMs + model.rttMs * exp(model.jitter * Self.normalQuantile(share))
    }

    /// The model's `share` quantile of the total time, ms, for the data's requests each at its own
    /// size alone on the downlink: the quantile of the mixture (one log-normal first byte per
    /// request, shifted by its transfer), found by bisection on its distribution function to
    /// 0.001 ms.
    public func modelTotal(_ share: Double) -> Double {
        let transfers = requests.map { model.downlinkKbps > 0 ? Double($0.bytes ?? 0) * 8 / model.downlinkKbps : 0 }
        guard !transfers.isEmpty else { return modelFirstByte(share) }
        let shift = model.serverMs
        func cdf(_ time: Double) -> Double {
            var sum = 0.0
            for transfer in transfers {
                let roundTrip = time - shift - transfer
                guard roundTrip > 0 else { continue }
                if model.jitter == 0 {
                    sum += roundTrip >= model.rttMs ? 1 : 0
                } else {
                    sum += 0.5 * erfc(-log(roundTrip / model.rttMs) / (model.jitter * 2.0.squareRoot()))
                }
            }
            return sum / Double(transfers.count)
        }
        var low = shift + (transfers.min() ?? 0)
        var high = shift + (transfers.max() ?? 0) + model.rttMs * exp(model.jitter * 9)
        while high - low > 0.001 {
            let middle = (low + high) / 2
            if cdf(middle) >= share { high = middle } else { low = middle }
        }
        return high
    }

    /// The standard normal's `share` quantile, by bisection on erfc to 1e-9.
    static func normalQuantile(_ share: Double) -> Double {
        var low = -9.0, high = 9.0
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if 0.5 * erfc(-middle / 2.0.squareRoot()) >= share { high = middle } else { low = middle }
        }
        return (low + high) / 2
    }

    /// The goodness-of-fit table: the data's and the model's 10th, 50th, 90th and 99th percentiles
    /// of the time to first byte and of the total time, ms; the model's from its distribution.
    public var table: String {
        let shares = [0.1, 0.5, 0.9, 0.99]
        var table = TextTable(header: ["ms", "p10", "p50", "p90", "p99"])
        func row(_ name: String, _ values: [Double]) {
            table.append([name] + values.map { abs($0) < 1e12 ? String(format: "%.0f", $0) : String(format: "%.3g", $0) })
        }
        row("first byte, data", shares.map { Self.percentile(requests.map(\.firstByteMs), $0) })
        row("first byte, model", shares.map(modelFirstByte))
        row("total, data", shares.map { Self.percentile(requests.map(\.totalMs), $0) })
        row("total, model", shares.map(modelTotal))
        return table.rendered
    }

    /// The `share` quantile (nearest rank) of `values`, 0 for none.
    static func percentile(_ values: [Double], _ share: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((share * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    /// A rate in kbit/s as the spec writes it: to 0.1 from 1 up, three significant digits under it,
    /// so that a slow link's 0.016 is not written 0 (which means unlimited).
    static func roundedRate(_ value: Double) -> Double {
        guard value < 1, value > 0 else { return rounded(value, 1) }
        return rounded(value, 2 - Int(log10(value).rounded(.down)))
    }

    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
