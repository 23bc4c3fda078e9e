/// The server's pages for one session: each page's history made on first use, keyed by
/// (seed, session, page) so that it is the same for every policy and network.
struct ServerPages: ~Copyable {
    private let model: ContentModel
    /// The seed, the content's key and the session, absorbed once a session: a page's history
    /// absorbs only its page.
    private var keys = SeededGenerator.KeyPrefix(seed: 0, keys: RandomKey.content, 0)
    private var newestPage = 0
    private var endUs = 0
    /// Each page's history, made on first use, and where it is in `histories`: −1 for a page
    /// whose made history has no change before the horizon (nearly every page of a session, the
    /// newest changing 4 times an hour), answered without reading a history.
    private var histories: [PageHistory] = []
    private var slots = RequestDraws<Int>()
    private static var unchanged: Int { -1 }
    /// Histories that replace the seeded ones for every session (scenario tests).
    var scripted: [Int: PageHistory] = [:]

    init(model: ContentModel) {
        self.model = model
    }

    /// Starts a new session: `sessionKey` from its id, pages `oldestPage ... newestPage`, shown
    /// first `firstPage`, until `endUs`.
    mutating func reset(seed: UInt64, sessionKey: UInt64, firstPage: Int, oldestPage: Int, newestPage: Int, endUs: Int) {
        keys = SeededGenerator.KeyPrefix(seed: seed, keys: RandomKey.content, sessionKey)
        self.newestPage = newestPage
        self.endUs = endUs
        histories.removeAll(keepingCapacity: true)
        slots.reset(around: firstPage, first: oldestPage, last: newestPage)
    }

    /// The history of `page`, made on first use.
    mutating func history(of page: Int) -> PageHistory {
        let slot = slot(of: page)
        return slot == Self.unchanged ? PageHistory(initialItems: model.items, changes: []) : histories[slot]
    }

    /// What the server sends for `page` at `timeUs`: its version then and the items in it.
    /// Inlined (once a request) up to a page that changes, which is read out of line.
    @inline(__always)
    mutating func response(page: Int, atUs timeUs: Int) -> (version: Int, itemCount: Int) {
        let slot = slot(of: page)
        guard slot != Self.unchanged else { return (0, model.items) }
        return response(slot: slot, atUs: timeUs)
    }

    @inline(never)
    private func response(slot: Int, atUs timeUs: Int) -> (version: Int, itemCount: Int) {
        let version = histories[slot].version(atUs: timeUs)
        return (version, histories[slot].itemCount(version: version))
    }

    /// When the server's copy of `page` moves past `version` (its next change), if it does.
    /// Inlined (once a screen change) up to a page that changes, which is read out of line.
    @inline(__always)
    mutating func nextChangeUs(page: Int, after version: Int) -> Int? {
        let slot = slot(of: page)
        return slot == Self.unchanged ? nil : nextChangeUs(slot: slot, after: version)
    }

    @inline(never)
    private func nextChangeUs(slot: Int, after version: Int) -> Int? {
        histories[slot].changeTimeUs(after: version)
    }

    /// Where `page`'s history is: read inline (a stored slot, nearly every lookup of a session's
    /// 903,607 on the bench slice), made out of line on first use, so that a lookup pays no call
    /// and none of the registers the making needs.
    @inline(__always)
    private mutating func slot(of page: Int) -> Int {
        if let slot = slots.value(page: page, n: 0) { return slot }
        return makeSlot(of: page)
    }

    @inline(never)
    private mutating func makeSlot(of page: Int) -> Int {
        let history: PageHistory
        if !scripted.isEmpty, let script = scripted[page] {
            history = script
        } else {
            // A page that never changes (64 or more pages old, or no churn) draws nothing, and one
            // whose first change comes after the horizon draws only that (most of a session's pages
            // on the bench slice): neither makes a history.
            let rate = model.changesPerMicrosecond(distance: newestPage - page)
            let random = SeededGenerator(keys, keys: UInt64(bitPattern: Int64(page)))
            var firstDraw = random
            guard rate > 0, PageHistory.nextChangeUs(after: 0, rate: rate, random: &firstDraw) <= Double(endUs) else {
                slots.store(Self.unchanged, page: page, n: 0)
                return Self.unchanged
            }
            var historyDraws = random
            history = PageHistory(model: model, distance: newestPage - page, endUs: endUs, random: &historyDraws)
        }
        histories.append(history)
        slots.store(histories.count - 1, page: page, n: 0)
        return histories.count - 1
    }
}
