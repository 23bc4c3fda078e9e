/// What the app shows and what the user is doing in one replayed session: the session's pages, the
/// shown page and since when the screen has shown what it shows, whether the user scrolled it, the
/// wait for its data, the swipes in progress and the pages they drag into view, and how far the
/// user's waits have moved their recorded events. The `Replayer` applies the model's rules
/// (docs/MODEL.md) and keeps this state here; the rules that need nothing else (which pages are
/// protected, which swipes a page's data reaches) are this type's.
struct AppModel: ~Copyable {
    /// A navigation between its need time and its commit.
    struct PendingNavigation: BitwiseCopyable {
        /// Its step number (`Pager`).
        var id: Int
        var target: Int
        var needUs: Int
        var direction: Direction?
        var stalled: Bool
        var late: Bool
        var covered: Bool
        /// When the target's data arrived while the swipe was still in progress.
        var arrivedUs: Int?
    }

    /// The shown page is waiting for its data: a stall, or the first load.
    struct OpenWait {
        var page: Int
        var needUs: Int
        var isFirstLoad: Bool
        /// A request for the page was in flight at need time.
        var late: Bool
        /// Since when the user has been looking at the page without data with the gesture over:
        /// the commit.
        var sinceUs: Int
        /// With `--user-waits`, whether the user waits for the data (no other gesture of theirs
        /// was under way at the commit) instead of acting as recorded.
        var holdsUser: Bool
    }

    /// The session's pages, `first ... last`.
    private(set) var limits = 0 ... 0
    private(set) var shown = 0
    /// Commits and supersessions (the steps themselves come decoded, `SessionSteps`).
    private(set) var pager = Pager(page: 0)
    /// The user scrolled the shown page since it was shown.
    var scrolled = false
    var wait: OpenWait?
    /// Since when the screen has shown what it shows now (the shown page, and its version if it
    /// has data).
    var screenSinceUs = 0
    /// How much later than recorded the user acts, µs: the waits that held them back so far
    /// (always 0 open-loop).
    var shiftUs = 0
    /// Swipes in progress, and the pages being dragged into view (a page twice for two swipes).
    private(set) var pending = FlatList<PendingNavigation>(capacity: 8)
    private(set) var dragged = FlatList<Int>(capacity: 8)

    /// A session starts showing `session.page`, with nothing under way.
    mutating func begin(_ session: Session) {
        limits = session.first ... session.last
        shown = session.page
        pager = Pager(page: shown)
        scrolled = false
        wait = nil
        screenSinceUs = 0
        shiftUs = 0
        pending.removeAll()
        dragged.removeAll()
    }

    /// The shown page and pages being dragged into view are never dropped nor discarded.
    @inline(__always)
    func isProtected(_ page: Int) -> Bool {
        page == shown || dragged.contains(page)
    }

    /// No gesture of the user is under way.
    var isIdle: Bool { dragged.isEmpty }

    /// A swipe starts dragging `page` into view; `navigation` when it will commit (at its end).
    mutating func startSwipe(to page: Int, _ navigation: PendingNavigation?) {
        if let navigation { pending.append(navigation) }
        dragged.append(page)
    }

    /// A swipe's page is no longer being dragged into view.
    mutating func stopDragging(_ page: Int) {
        if let index = dragged.firstIndex(of: page) { _ = dragged.remove(at: index) }
    }

    /// Swipe `id`'s gesture is over: its navigation, no longer pending (nil if it is not pending).
    mutating func endSwipe(_ id: Int) -> PendingNavigation? {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
        let navigation = pending.remove(at: index)
        stopDragging(navigation.target)
        return navigation
    }

    /// Whether navigation `number` to `target`, committing now, is one for the pager (not
    /// superseded by a later gesture, nor to the page already shown); the pager notes it if so.
    mutating func commits(_ number: Int, to target: Int) -> Bool {
        pager.commit(number, to: target)
    }

    /// A committed navigation shows `target`, unscrolled.
    mutating func show(_ target: Int) {
        shown = target
        scrolled = false
    }

    /// Whether step `number` was overtaken by a later step that committed first.
    func isSuperseded(_ number: Int) -> Bool { pager.isSuperseded(number) }

    /// The first data for `page` came at `nowUs`: swipes that drag it in without data note when.
    /// Inlined up to the swipes, which are rarely in progress when data comes (299,586 calls on the
    /// bench slice).
    @inline(__always)
    mutating func dataArrived(_ page: Int, atUs nowUs: Int) {
        guard !pending.isEmpty else { return }
        noteArrival(page, atUs: nowUs)
    }

    @inline(never)
    private mutating func noteArrival(_ page: Int, atUs nowUs: Int) {
        for index in 0 ..< pending.count where pending[index].target == page && pending[index].stalled && pending[index].arrivedUs == nil {
            pending[index].arrivedUs = nowUs
        }
    }
}
