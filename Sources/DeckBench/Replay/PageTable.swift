/// The app's knowledge of every page it has touched in one replay: cached data and its version,
/// the request in flight, and the fate of the prefetch that brought it. Policies read it through
/// `PolicyContext`.
final class PageTable {
    /// Where a page's prefetch stands, for `useful_prefetches` and `wasted_prefetches`.
    enum PrefetchMark: UInt8 {
        /// No prefetch is in flight or cached for the page.
        case none
        /// A prefetch is in flight or its data is cached, and the page has not been needed yet.
        case pending
        /// The page was needed while its prefetch was still in flight: useful if its data arrives
        /// and is kept, wasted if it fails, is discarded or is still in flight at the end.
        case neededInFlight
        /// That prefetch was counted useful.
        case useful

        /// Not yet judged useful or wasted.
        var isOpen: Bool {
            @inline(__always) get { self == .pending || self == .neededInFlight }
        }
    }

    /// One page's state, 24 bytes: it is read and written whole at nearly every step of a
    /// request, so its versions, request id and count are kept in 32 bits (a session's versions
    /// and requests are far fewer) behind the `Int` they are to the replay.
    struct Page {
        var fetchedAtUs = 0
        private var storedVersion = Page.none
        private var storedInFlight = Page.none
        private var storedRequestsMade: Int32 = 0
        var prefetch = PrefetchMark.none
        var dataFromPrefetch = false
        /// The page was written since the last reset (bookkeeping of the table).
        var touched = false

        private static var none: Int32 { .min }

        init(version: Int? = nil, fetchedAtUs: Int = 0, dataFromPrefetch: Bool = false, inFlight: Int? = nil) {
            self.fetchedAtUs = fetchedAtUs
            self.dataFromPrefetch = dataFromPrefetch
            self.version = version
            self.inFlight = inFlight
        }

        /// The content version cached; `nil` = no data.
        var version: Int? {
            @inline(__always) get { storedVersion == Page.none ? nil : Int(storedVersion) }
            @inline(__always) set { storedVersion = newValue.map { Int32($0) } ?? Page.none }
        }

        /// The request in flight for the page, if any (at most one: nobody requests a page in flight).
        var inFlight: Int? {
            @inline(__always) get { storedInFlight == Page.none ? nil : Int(storedInFlight) }
            @inline(__always) set { storedInFlight = newValue.map { Int32($0) } ?? Page.none }
        }

        /// Requests made for the page so far: the n of its next request's random key.
        var requestsMade: Int {
            @inline(__always) get { Int(storedRequestsMade) }
            @inline(__always) set { storedRequestsMade = Int32(newValue) }
        }
    }

    /// Pages near the session's first page live in a fixed array indexed by their distance from
    /// `origin` (nearly every page a session touches); any other page in a map. Touched slots of
    /// the array are remembered so that a reset clears only them.
    /// 512 slots of 24 bytes: 12 KiB per worker.
    static let nearCount = 512
    /// The highest `origin`: the array's last slot is `Int.max` at most (a session at the top of
    /// `Int`'s range gets the slots below it), so that `nearIndex` needs one comparison.
    static let highestOrigin = Int.max - (nearCount - 1)
    let near: UnsafeMutablePointer<Page>
    private(set) var origin = -nearCount / 2
    // Unchecked: the table is one worker thread's, and only its own methods, which call nothing back, touch this.
    @exclusivity(unchecked) private(set) var touched = FlatList<Int>(capacity: 64)
    // Unchecked: the table is one worker thread's, and only its own methods, which call nothing back, touch this.
    @exclusivity(unchecked) private(set) var far = IntMap<Page>()
    /// The pages with data, in no particular order, kept beside the map so that a decision never
    /// scans the whole map.
    // Unchecked: the table is one worker thread's, and only its own methods, which call nothing back, touch this.
    @exclusivity(unchecked) private(set) var cached = FlatList<Int>(capacity: 16)
    var cachedCount: Int { cached.count }

    /// The `index`-th cached page (`0 ..< cachedCount`); dropping it moves the last one into its
    /// place, so a scan that may drop goes from the last index down.
    @inline(__always)
    func cachedPage(at index: Int) -> Int { cached[index] }
    /// The pages whose prefetch is not yet judged (pending, or needed while in flight).
    private(set) var pendingPrefetches = 0

    init() {
        near = .allocate(capacity: Self.nearCount)
        near.initialize(repeating: Page(), count: Self.nearCount)
    }

    deinit {
        near.deinitialize(count: Self.nearCount)
        near.deallocate()
    }

    /// Forgets every page, for a session that starts at `page` and has pages `first ... last`.
    /// The array's slots go to the session's pages nearest `page`: centred on it, unless a limit
    /// lies nearer than half the array, whose slots past it would hold no page (on the bench slice
    /// 60 % of sessions start at their newest page: the map then holds 4.6 % of the pages a
    /// session touches, not 10 %). Where the pages live changes nothing else.
    func reset(around page: Int, first: Int, last: Int) {
        forgetPages(around: page)
        if first <= last {
            let (high, overflow) = last.subtractingReportingOverflow(Self.nearCount - 1)
            origin = min(max(first, min(origin, overflow ? Int.min : high)), Self.highestOrigin)
        }
        checkInvariants(wholeArray: true)
    }

    /// Forgets every page, for a session that starts at `page`.
    func reset(around page: Int = 0) {
        forgetPages(around: page)
        checkInvariants(wholeArray: true)
    }

    /// `reset`'s work before its check, which runs once whichever reset is called.
    @inline(__always)
    private func forgetPages(around page: Int) {
        for position in 0 ..< touched.count { near[touched[position]] = Page() }
        touched.removeAll()
        let (low, overflow) = page.subtractingReportingOverflow(Self.nearCount / 2)
        origin = min(overflow ? Int.min : low, Self.highestOrigin)
        far.removeAll()
        cached.removeAll()
        pendingPrefetches = 0
    }

    /// The slot of `page` in `near`, if it has one.
    @inline(__always)
    private func nearIndex(_ page: Int) -> Int? {
        // Not below `origin`, the wrapping difference is the true one; below it, it is 2⁶⁴ less the
        // distance, so at least 2⁶³ − `origin`, which `highestOrigin` keeps at `nearCount` or more:
        // past every slot. One unsigned comparison says whether `page` has a slot.
        let offset = UInt(bitPattern: page) &- UInt(bitPattern: origin)
        return offset < UInt(Self.nearCount) ? Int(bitPattern: offset) : nil
    }

    subscript(page: Int) -> Page {
        @inline(__always) get {
            if let index = nearIndex(page) { return near[index] }
            return far[page] ?? Page()
        }
        @inline(__always) set {
            let old: Page
            if let index = nearIndex(page) {
                old = near[index]
                if !old.touched { touched.append(index) }
                near[index] = newValue
                near[index].touched = true
            } else {
                old = far.updateValue(newValue, forKey: page) ?? Page()
            }
            noteChange(of: page, from: old, to: newValue)
        }
    }

    /// Where `page` lives: its slot in the array, or nil for the map (until the next reset). A
    /// step that reads a page and writes it back (a response's delivery, once a request) finds it
    /// once: `state(of:at:)`, then `update(_:at:from:to:)`.
    @inline(__always)
    func slot(of page: Int) -> Int? { nearIndex(page) }

    /// `page`'s state, found at `slot` (`slot(of: page)`).
    @inline(__always)
    func state(of page: Int, at slot: Int?) -> Page {
        if let slot { return near[slot] }
        return far[page] ?? Page()
    }

    /// Writes `new` for `page` at `slot`, where `state(of:at:)` read `old` with nothing written to
    /// the table since: what the subscript's setter does, without finding and reading the page again.
    @inline(__always)
    func update(_ page: Int, at slot: Int?, from old: Page, to new: Page) {
        if let slot {
            if !old.touched { touched.append(slot) }
            near[slot] = new
            near[slot].touched = true
        } else {
            far.updateValue(new, forKey: page)
        }
        noteChange(of: page, from: old, to: new)
    }

    /// The cached list and the count of open prefetches follow a page's change from `old` to `new`.
    @inline(__always)
    private func noteChange(of page: Int, from old: Page, to new: Page) {
        if (old.version != nil) != (new.version != nil) {
            if old.version != nil {
                if let index = cached.firstIndex(of: page) { cached.swapRemove(at: index) }
            } else {
                cached.append(page)
            }
        }
        if old.prefetch.isOpen != new.prefetch.isOpen {
            pendingPrefetches += new.prefetch.isOpen ? 1 : -1
        }
        checkInvariants()
    }

    /// Request `id` for `page` is sent: the page's request count grows, the request is in flight,
    /// and a prefetch's mark is pending. Returns the requests made for the page before it (the
    /// n of its random key). The same as reading the page and writing it back changed, in one
    /// lookup: sending is the commonest write (once a request), and it never changes the cache.
    @inline(__always)
    func sent(_ page: Int, request id: Int, prefetch: Bool) -> Int {
        guard let index = nearIndex(page) else {
            var state = self[page]
            let n = state.requestsMade
            state.requestsMade = n + 1
            state.inFlight = id
            if prefetch { state.prefetch = .pending }
            self[page] = state
            return n
        }
        if !near[index].touched {
            touched.append(index)
            near[index].touched = true
        }
        let n = near[index].requestsMade
        near[index].requestsMade = n + 1
        near[index].inFlight = id
        if prefetch {
            if !near[index].prefetch.isOpen { pendingPrefetches += 1 }
            near[index].prefetch = .pending
        }
        checkInvariants()
        return n
    }

    /// `page`'s data is dropped: no version, not from a prefetch, no prefetch mark. Returns
    /// whether its prefetch was still open (the caller counts it wasted). The same as reading the
    /// page and writing it back changed, in one lookup.
    @inline(__always)
    func dropped(_ page: Int) -> Bool {
        guard let index = nearIndex(page) else {
            var state = self[page]
            let wasOpen = state.prefetch.isOpen
            state.version = nil
            state.dataFromPrefetch = false
            state.prefetch = .none
            self[page] = state
            return wasOpen
        }
        if !near[index].touched {
            touched.append(index)
            near[index].touched = true
        }
        if near[index].version != nil {
            near[index].version = nil
            if let position = cached.firstIndex(of: page) { cached.swapRemove(at: position) }
        }
        let wasOpen = near[index].prefetch.isOpen
        if wasOpen { pendingPrefetches -= 1 }
        near[index].dataFromPrefetch = false
        near[index].prefetch = .none
        checkInvariants()
        return wasOpen
    }

    @inline(__always)
    func isCached(_ page: Int) -> Bool { self[page].version != nil }

    @inline(__always)
    func isInFlight(_ page: Int) -> Bool { self[page].inFlight != nil }

    /// Whether `page` has data and whether a request for it is in flight, from one read of its
    /// state (a policy asking both pays one lookup).
    @inline(__always)
    func status(_ page: Int) -> (cached: Bool, inFlight: Bool) {
        if let index = nearIndex(page) { return (near[index].version != nil, near[index].inFlight != nil) }
        guard let state = far[page] else { return (false, false) }
        return (state.version != nil, state.inFlight != nil)
    }

    @inline(__always)
    func isMissing(_ page: Int) -> Bool {
        if let index = nearIndex(page) { return near[index].version == nil && near[index].inFlight == nil }
        guard let state = far[page] else { return true }
        return state.version == nil && state.inFlight == nil
    }

    /// The cached pages, in no particular order.
    var cachedPages: [Int] { (0 ..< cached.count).map { cached[$0] } }
}
