import Foundation

/// The network's common random numbers for one session: the round-trip and loss draws of each
/// page's n-th request, the recorded request an empirical network lends it, where the session
/// starts in a link trace and in its outage cycle. Every draw is keyed by (seed, session, page, n)
/// or (seed, session), never by who asks first, so every policy replayed on the session meets the
/// same network.
///
/// A worker's replayers share one (`SessionCommons.draws`, lent to the link for each request): the
/// first to need a value draws it, the others reuse it. A value type held in place, so that lending
/// it costs no reference count.
struct NetworkDraws: ~Copyable {
    let seed: UInt64
    private(set) var sessionKey: UInt64 = 0
    /// The seed, the kind of draw and the session, absorbed once a session: a draw then absorbs
    /// only its page and n (it saves the seed's mix and two of the four keys' absorptions, on
    /// 161,486 draws of the bench slice).
    private var roundTripKeys: SeededGenerator.KeyPrefix
    private var lossKeys: SeededGenerator.KeyPrefix
    /// Round-trip draws and uniform draws of loss, by (page, n).
    private var roundTrips = RequestDraws<RoundTrip>()
    private var lossUniforms = RequestDraws<Double>()

    /// The draw behind a round trip, and the round trip it gave on the network that asked last
    /// (replayers of one network, the usual run, then share the whole computation).
    struct RoundTrip {
        var normal: Double
        var rttMs: Double
        var jitter: Double
        var microseconds: Int
    }

    init(seed: UInt64) {
        self.seed = seed
        roundTripKeys = SeededGenerator.KeyPrefix(seed: seed, keys: RandomKey.roundTrip, 0)
        lossKeys = SeededGenerator.KeyPrefix(seed: seed, keys: RandomKey.loss, 0)
    }

    /// Forgets the last session's draws, for the session of key `sessionKey` whose first page is
    /// `firstPage` and whose pages are `first ... last`.
    mutating func begin(sessionKey: UInt64, firstPage: Int, first: Int, last: Int) {
        self.sessionKey = sessionKey
        roundTripKeys = SeededGenerator.KeyPrefix(seed: seed, keys: RandomKey.roundTrip, sessionKey)
        lossKeys = SeededGenerator.KeyPrefix(seed: seed, keys: RandomKey.loss, sessionKey)
        roundTrips.reset(around: firstPage, first: first, last: last)
        lossUniforms.reset(around: firstPage, first: first, last: last)
    }

    // Inlined into each replayer's `send`, through the link's round trip: as a call, the slice took
    // 1,811.7 M instructions, inlined 1,795.0 M (main, inlined into the replayer's round trip: 1,803.1 M).
    /// `Int(value.rounded())` (halves away from zero) for `0 ≤ value < 2⁵²`: truncated, then one
    /// up when what was cut off is at least ½ (it is exact: the bits below the point). Without
    /// SSE4.1, which the baseline x86-64 lacks, `rounded()` is a call to libm's `round`: 3.4 M
    /// instructions on the bench slice's 161,486 round trips, against a subtraction and a compare.
    @inline(__always)
    static func rounded(_ value: Double) -> Int {
        let whole = Int(value)
        return value - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// The round trip of the n-th request for `page` on a network of median `rttMs` and log-normal
    /// `jitter`, in µs: its standard normal draw is keyed by (seed, session, page, n).
    @inline(__always)
    mutating func roundTripUs(page: Int, n: Int, rttMs: Double, jitter: Double) -> Int {
        @inline(__always)
        func microseconds(_ normal: Double) -> Int {
            // At most a day: the far tail of a wide jitter on a long round trip stays a whole number.
            Self.rounded(min(SeededGenerator.logNormal(median: rttMs, sigma: jitter, standardNormal: normal) * 1_000, 86_400_000_000))
        }
        let keys = roundTripKeys
        var known = roundTrips.value(page: page, n: n) {
            let normal = Self.roundTripNormal(keys, page: page, n: n)
            return RoundTrip(normal: normal, rttMs: rttMs, jitter: jitter, microseconds: microseconds(normal))
        }
        if known.rttMs == rttMs, known.jitter == jitter { return known.microseconds }
        known.rttMs = rttMs
        known.jitter = jitter
        known.microseconds = microseconds(known.normal)
        roundTrips.update(page: page, n: n, to: known)
        return known.microseconds
    }

    /// The recorded request the n-th request for `page` takes its times from on an empirical
    /// network: the same keyed draw as its round trip elsewhere (its normal, as a uniform), so every
    /// policy gets the same one.
    func recordIndex(page: Int, n: Int, in link: EmpiricalLink) -> Int {
        link.index(0.5 * erfc(-Self.roundTripNormal(roundTripKeys, page: page, n: n) / 2.0.squareRoot()))
    }

    /// The standard normal draw of the n-th request for `page`: keyed by (seed, round trip,
    /// session, page, n), the session's part absorbed in `keys`.
    private static func roundTripNormal(_ keys: SeededGenerator.KeyPrefix, page: Int, n: Int) -> Double {
        var random = SeededGenerator(keys, keys: UInt64(bitPattern: Int64(page)), UInt64(n))
        return random.standardNormal()
    }

    /// The uniform draw in `0 ..< 1` that decides whether the n-th request for `page` is lost.
    mutating func lossUniform(page: Int, n: Int) -> Double {
        let keys = lossKeys
        return lossUniforms.value(page: page, n: n) {
            var random = SeededGenerator(keys, keys: UInt64(bitPattern: Int64(page)), UInt64(n))
            return random.unit()
        }
    }

    /// Where the session of key `sessionKey` starts in a trace of `periodMs`, µs: the same for
    /// every policy.
    static func traceOffsetUs(seed: UInt64, sessionKey: UInt64, periodMs: Int) -> Int {
        var random = SeededGenerator(seed: seed, keys: RandomKey.traceOffset, sessionKey)
        return Int(random.next() % UInt64(periodMs)) * 1_000
    }

    /// Where the session of key `sessionKey` starts in an outage cycle of `everyMs`, µs (0 without
    /// outages): the same for every policy.
    static func outagePhaseUs(seed: UInt64, sessionKey: UInt64, everyMs: Double) -> Int {
        guard everyMs > 0 else { return 0 }
        var random = SeededGenerator(seed: seed, keys: RandomKey.outage, sessionKey)
        return Int(random.next() % UInt64(everyMs * 1_000))
    }
}
