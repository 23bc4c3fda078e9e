/// The app's knowledge of every page it has touched in one replay: cached data and its version,
/// the request in flight, and the fate of the prefetch that brought it. Policies read it through
/// `PolicyContext`.
final class PageTable {
    /// Where a page's prefetch stands, for `useful_prefetches` and `wasted_prefetches`.
    enum PrefetchMark {
        /// No prefetch is in flight or cached for the page.
        case none
        /// A prefetch is in flight or its data is cached, and the page has not been needed yet.
        case pending
        /// That prefetch was counted useful.
        case useful
    }

    struct Page {
        /// The content version cached; `nil` = no data.
        var version: Int?
        var fetchedAtUs = 0
        var dataFromPrefetch = false
        /// The request in flight for the page, if any (at most one: nobody requests a page in flight).
        var inFlight: Int?
        var prefetch = PrefetchMark.none
        /// Requests made for the page so far: the n of its next request's random key.
        var requestsMade = 0
    }

    private var pages = PageMap<Page>()
    /// The pages with data, kept beside the map so that a decision never scans the whole map.
    private var cached: [Int] = []
    var cachedCount: Int { cached.count }

    func reset() {
        pages.removeAll()
        cached.removeAll(keepingCapacity: true)
    }

    subscript(page: Int) -> Page {
        get { pages[page] ?? Page() }
        set {
            let wasCached = pages[page]?.version != nil
            if wasCached != (newValue.version != nil) {
                if wasCached {
                    if let index = cached.firstIndex(of: page) { cached.remove(at: index) }
                } else {
                    cached.append(page)
                }
            }
            pages[page] = newValue
        }
    }

    func isCached(_ page: Int) -> Bool { pages[page]?.version != nil }

    func isInFlight(_ page: Int) -> Bool { pages[page]?.inFlight != nil }

    /// Replaces the contents of `buffer` with the cached pages, in no particular order.
    func collectCachedPages(into buffer: inout [Int]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: cached)
    }

    /// The pages with a pending (not yet useful) prefetch, in no particular order.
    var pendingPrefetches: Int {
        var count = 0
        pages.forEach { _, state in if state.prefetch == .pending { count += 1 } }
        return count
    }
}
