/// What every replay of one session sees the same, whatever its policy and network (DESIGN's
/// common random numbers): the server's pages, the round-trip and loss draws of each page's n-th
/// request, and the list differences between two versions of a page.
///
/// The replayers of one worker replay a session one after the other and share one `CommonWorld`:
/// the first to need a value computes it, the others reuse it. Every value depends only on the
/// seed, the content model, the session and its key, never on who asked first, so sharing changes
/// no result. Not thread-safe: one per worker.
final class CommonWorld {
    let seed: UInt64
    /// The server's pages; internal so that scenario tests can script a page's history.
    var content: ContentWorld
    private var session: SessionKey?
    /// Standard normal draws of round trips and uniform draws of loss, by `DrawKey`.
    private var roundTripNormals = PageMap<Double>(capacity: 256)
    private var lossUniforms = PageMap<Double>(capacity: 256)
    private var diffs: [DiffKey: Int] = [:]

    private struct SessionKey: Equatable {
        var key: UInt64
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
        content = ContentWorld(model: settings.content)
    }

    /// Starts the session with key `sessionKey`, pages up to `newestPage`, ending at `endUs`; a
    /// replay of the same session as the last one keeps what was computed.
    func begin(sessionKey: UInt64, newestPage: Int, endUs: Int) {
        let next = SessionKey(key: sessionKey, newestPage: newestPage, endUs: endUs)
        guard next != session else { return }
        session = next
        content.reset(seed: seed, sessionKey: sessionKey, newestPage: newestPage, endUs: endUs)
        roundTripNormals.removeAll()
        lossUniforms.removeAll()
        if !diffs.isEmpty { diffs.removeAll(keepingCapacity: true) }
    }

    private var sessionKey: UInt64 { session?.key ?? 0 }

    /// The standard normal draw behind the round trip of the n-th request for `page`.
    func roundTripNormal(page: Int, n: Int) -> Double {
        memoized(&roundTripNormals, page: page, n: n) {
            var random = SeededGenerator(
                seed: seed, keys: RandomKey.roundTrip, sessionKey, UInt64(bitPattern: Int64(page)), UInt64(n))
            return random.standardNormal()
        }
    }

    /// The uniform draw in `0 ..< 1` that decides whether the n-th request for `page` is lost.
    func lossUniform(page: Int, n: Int) -> Double {
        memoized(&lossUniforms, page: page, n: n) {
            var random = SeededGenerator(seed: seed, keys: RandomKey.loss, sessionKey, UInt64(bitPattern: Int64(page)), UInt64(n))
            return random.unit()
        }
    }

    /// Looks (page, n) up in `memo` as one key (n below 64, pages within ±2⁴⁰: every page of a
    /// real session); outside that range, draws without remembering.
    @inline(__always)
    private func memoized(_ memo: inout PageMap<Double>, page: Int, n: Int, draw: () -> Double) -> Double {
        guard n < 64, page.magnitude < 1 << 40 else { return draw() }
        let key = page << 6 | n
        if let value = memo[key] { return value }
        let value = draw()
        memo[key] = value
        return value
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
