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
    /// The pages with a pending (not yet useful) prefetch, in no particular order.
    private(set) var pendingPrefetches = 0

    func reset() {
        pages.removeAll()
        cached.removeAll(keepingCapacity: true)
        pendingPrefetches = 0
    }

    subscript(page: Int) -> Page {
        get { pages[page] ?? Page() }
        set {
            let old = pages.updateValue(newValue, forKey: page) ?? Page()
            if (old.version != nil) != (newValue.version != nil) {
                if old.version != nil {
                    if let index = cached.firstIndex(of: page) { cached.remove(at: index) }
                } else {
                    cached.append(page)
                }
            }
            if (old.prefetch == .pending) != (newValue.prefetch == .pending) {
                pendingPrefetches += newValue.prefetch == .pending ? 1 : -1
            }
        }
    }

    func isCached(_ page: Int) -> Bool { pages[page]?.version != nil }

    func isInFlight(_ page: Int) -> Bool { pages[page]?.inFlight != nil }

    func isMissing(_ page: Int) -> Bool {
        guard let state = pages[page] else { return true }
        return state.version == nil && state.inFlight == nil
    }

    /// Whether some cached page lies outside `window` and is not `spared`: whether a decision has
    /// anything to drop.
    func hasCachedPage(outside window: ClosedRange<Int>, sparing spared: (Int) -> Bool) -> Bool {
        cached.contains { !window.contains($0) && !spared($0) }
    }

    /// Replaces the contents of `buffer` with the cached pages, in no particular order.
    func collectCachedPages(into buffer: inout [Int]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: cached)
    }
}
