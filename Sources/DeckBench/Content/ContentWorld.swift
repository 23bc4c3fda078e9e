/// The server's pages for one session: each page's history made on first use, keyed by
/// (seed, session, page) so that it is the same for every policy and network.
struct ContentWorld {
    private let model: ContentModel
    private var seed: UInt64 = 0
    private var sessionKey: UInt64 = 0
    private var newestPage = 0
    private var endUs = 0
    private var histories = PageMap<PageHistory>()
    /// Histories that replace the seeded ones for every session (scenario tests).
    var scripted: [Int: PageHistory] = [:]

    init(model: ContentModel) {
        self.model = model
    }

    /// Starts a new session: `sessionKey` from its id, pages up to `newestPage`, until `endUs`.
    mutating func reset(seed: UInt64, sessionKey: UInt64, newestPage: Int, endUs: Int) {
        self.seed = seed
        self.sessionKey = sessionKey
        self.newestPage = newestPage
        self.endUs = endUs
        histories.removeAll()
    }

    /// The history of `page`, made on first use.
    mutating func history(of page: Int) -> PageHistory {
        if let history = scripted[page] ?? histories[page] { return history }
        var random = SeededGenerator(seed: seed, keys: RandomKey.content, sessionKey, UInt64(bitPattern: Int64(page)))
        let history = PageHistory(model: model, distance: newestPage - page, endUs: endUs, random: &random)
        histories[page] = history
        return history
    }
}
