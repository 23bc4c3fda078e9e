import Foundation

/// What the replays of one session have in common, whatever their policy and network: the model's
/// common random numbers (the server's pages, `ServerPages`; the round-trip and loss draws of each
/// page's n-th request; the list differences between two versions of a page), the session's
/// bootstrap bucket, and the page table and request log the replayers use in turn (`scratch`).
///
/// The replayers of one worker replay a session one after the other and share one `SessionCommons`:
/// the first to need a value computes it, the others reuse it. Every value depends only on the
/// seed, the content model, the session and its key, never on who asked first, so sharing changes
/// no result. Not thread-safe: one per worker.
final class SessionCommons {
    let seed: UInt64
    /// The page table and request log the worker's replayers use in turn.
    let scratch = ReplayScratch()
    /// The server's pages; internal so that scenario tests can script a page's history.
    // Unchecked: the commons are one worker thread's, and the pages' calls never reach back into them.
    @exclusivity(unchecked) var content: ServerPages
    private var session: SessionKey?
    /// Round-trip draws and uniform draws of loss, by (page, n).
    // Unchecked: the commons are one worker thread's, and the closure that makes a missing draw never touches the draws.
    @exclusivity(unchecked) private var roundTrips = RequestDraws<RoundTrip>()
    // Unchecked: the commons are one worker thread's, and the closure that makes a missing draw never touches the draws.
    @exclusivity(unchecked) private var lossUniforms = RequestDraws<Double>()
    // Unchecked: the commons are one worker thread's, and each access ends before the next begins.
    @exclusivity(unchecked) private var diffs: [DiffKey: Int] = [:]
    /// The session's bootstrap bucket (0 with `bootstrap` 0).
    private(set) var bootstrapBucket = 0
    private let bootstrap: Int
    /// The last file seen and the hash of its name, for buckets.
    private var bucketFile = ""
    private var bucketFileKey: UInt64 = 0

    /// The draw behind a round trip, and the round trip it gave on the network that asked last
    /// (replayers of one network, the usual run, then share the whole computation).
    private struct RoundTrip {
        var normal: Double
        var rttMs: Double
        var jitter: Double
        var microseconds: Int
    }

    private struct SessionKey: Equatable {
        var file: String
        var key: UInt64
        var firstPage: Int
        var newestPage: Int
        var endUs: Int
    }

    private struct DiffKey: Hashable {
        var page: Int
        var old: Int
        var new: Int
    }

    init(settings: ReplaySettings) {
        seed = settings.seed
        bootstrap = settings.bootstrap
        content = ServerPages(model: settings.content)
    }

    /// Starts the session with key `sessionKey`, first shown page `firstPage`, pages up to
    /// `newestPage`, ending at `endUs`; a replay of the same session as the last one keeps what was
    /// computed.
    func begin(_ session: Session, sessionKey: UInt64, firstPage: Int, newestPage: Int, endUs: Int) {
        let next = SessionKey(file: session.file, key: sessionKey, firstPage: firstPage, newestPage: newestPage, endUs: endUs)
        guard next != self.session else { return }
        self.session = next
        if bootstrap > 0 {
            if session.file != bucketFile {
                bucketFile = session.file
                bucketFileKey = BootstrapReplicates.fileKey(session.file)
            }
            bootstrapBucket = BootstrapReplicates.bucket(fileKey: bucketFileKey, session: session.id, user: session.user)
        }
        content.reset(seed: seed, sessionKey: sessionKey, firstPage: firstPage, oldestPage: session.first, newestPage: newestPage, endUs: endUs)
        roundTrips.reset(around: firstPage, first: session.first, last: session.last)
        lossUniforms.reset(around: firstPage, first: session.first, last: session.last)
        if !diffs.isEmpty { diffs.removeAll(keepingCapacity: true) }
    }

    private var sessionKey: UInt64 { session?.key ?? 0 }

    // Inlined into each replayer's `send`, through the link's round trip: as a call, the slice took
    // 1,811.7 M instructions, inlined 1,795.0 M (main, inlined into the replayer's round trip: 1,803.1 M).
    /// The round trip of the n-th request for `page` on a network of median `rttMs` and log-normal
    /// `jitter`, in µs: its standard normal draw is keyed by (seed, session, page, n).
    @inline(__always)
    func roundTripUs(page: Int, n: Int, rttMs: Double, jitter: Double) -> Int {
        func microseconds(_ normal: Double) -> Int {
            // At most a day: the far tail of a wide jitter on a long round trip stays a whole number.
            Int(min((SeededGenerator.logNormal(median: rttMs, sigma: jitter, standardNormal: normal) * 1_000).rounded(), 86_400_000_000))
        }
        var known = roundTrips.value(page: page, n: n) {
            let normal = roundTripNormal(page: page, n: n)
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
        link.index(0.5 * erfc(-roundTripNormal(page: page, n: n) / 2.0.squareRoot()))
    }

    private func roundTripNormal(page: Int, n: Int) -> Double {
        var random = SeededGenerator(seed: seed, keys: RandomKey.roundTrip, sessionKey, UInt64(bitPattern: Int64(page)), UInt64(n))
        return random.standardNormal()
    }

    /// The uniform draw in `0 ..< 1` that decides whether the n-th request for `page` is lost.
    func lossUniform(page: Int, n: Int) -> Double {
        lossUniforms.value(page: page, n: n) {
            var random = SeededGenerator(seed: seed, keys: RandomKey.loss, sessionKey, UInt64(bitPattern: Int64(page)), UInt64(n))
            return random.unit()
        }
    }

    /// Insertions plus removals of the list difference of `page` from version `old` to `new`.
    func diffOperations(page: Int, from old: Int, to new: Int) -> Int {
        let key = DiffKey(page: page, old: old, new: new)
        if let operations = diffs[key] { return operations }
        let operations = content.history(of: page).diffOperations(from: old, to: new)
        diffs[key] = operations
        return operations
    }
}
