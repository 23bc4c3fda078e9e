import Foundation

/// Replays sessions against one policy on one network, on a virtual clock, and measures what the
/// user felt and what it cost. The app model is docs/MODEL.md's: need times,
/// demand requests, revalidation at commit, the policy's requests and drops, responses that fill
/// the cache, reset the shown page or are discarded.
///
/// Generic over the policy so that the per-event loop never goes through an existential. One
/// replayer replays many sessions one after the other, reusing its buffers; it also accumulates
/// the `summary` of every session it replayed.
public final class Replayer<Policy: PrefetchPolicy> {
    /// A navigation between its need time and its commit.
    private struct PendingNavigation: BitwiseCopyable {
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
    private struct OpenWait {
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

    public let policy: Policy
    public let network: NetworkModel
    public let settings: ReplaySettings
    /// The full specs of the policy and the network, as the reports write them.
    public let policySpec: String
    public let networkSpec: String
    let policyField: [UInt8]
    let networkField: [UInt8]
    /// Every session replayed so far, summed.
    public var summary: MetricsSummary { meter.summary }
    /// What each event of the model counts for, and who else is told (`deckbench trace`).
    private var meter = SessionMeter()
    /// Told what happens as it happens (`deckbench trace`); none in a run.
    var observer: (any ReplayObserver)? {
        get { meter.observer }
        set {
            meter.observer = newValue
            observed = newValue != nil
        }
    }
    /// Whether an observer is told (checked once per recorded event).
    private var observed = false

    private var queue = EventQueue()
    private var link: Link
    private let pages = PageTable()
    /// What every policy sees the same in a session; shared with the worker's other replayers.
    let world: CommonDraws
    private let requests = RequestLog()
    /// The policy's last decision: what it keeps until it decides again. Emptied and refilled
    /// in place, so that its storage is reused.
    private var decision = PolicyDecision()
    private var pending = FlatList<PendingNavigation>(capacity: 8)
    /// Pages being dragged into view by a swipe in progress (a page twice for two swipes).
    private var dragged = FlatList<Int>(capacity: 8)

    private var sessionKey: UInt64 = 0
    /// The session's pages, `first ... last`.
    private var limits = 0 ... 0
    private var shown = 0
    private var pager = Pager(page: 0)
    private var direction: Direction?
    /// Committed steps that went the same way as the one before them, and that turned back.
    private var stepsSameWay = 0
    private var stepsReversed = 0
    private var scrolled = false
    private var wait: OpenWait?
    /// Since when the screen has shown what it shows now (the shown page, and its version if it
    /// has data).
    private var screenSinceUs = 0
    /// How much later than recorded the user acts, µs: the waits that held them back so far
    /// (always 0 open-loop).
    private var shiftUs = 0

    /// A replayer; `world` is shared by replayers that replay the same sessions one after the
    /// other (each session by all of them in turn), so that they compute its common random
    /// numbers once.
    init(policy: Policy, network: NetworkModel, settings: ReplaySettings, world: CommonDraws) {
        self.policy = policy
        self.network = network
        self.settings = settings
        policySpec = policy.spec
        networkSpec = network.spec
        policyField = CSVWriter.field(policySpec)
        networkField = CSVWriter.field(networkSpec)
        link = Link(model: network)
        self.world = world
        meter.summary.replicates = BootstrapReplicates(replicates: settings.bootstrap)
    }

    public convenience init(policy: Policy, network: NetworkModel, settings: ReplaySettings) {
        self.init(policy: policy, network: network, settings: settings, world: CommonDraws(settings: settings))
    }

    private var nowUs: Int { queue.nowUs }

    // MARK: The session loop

    /// Replays `session` and returns its metrics (also added to `summary`).
    @_specialize(where Policy == OnDemandPolicy)
    @_specialize(where Policy == FixedPolicy)
    @_specialize(where Policy == DirectionalPolicy)
    @_specialize(where Policy == StagedPolicy)
    public func replay(_ session: Session) -> SessionMetrics {
        begin(session)
        for event in session.events {
            reach(recordedUs: event.timeMs * 1_000)
            handle(event)
        }
        reach(recordedUs: session.endMs * 1_000)
        return finish()
    }

    /// Runs what is due before the user acts at `recordedUs` (moved by the waits so far), and
    /// moves the clock there. With `--user-waits` a user looking at a page without data, with no
    /// other gesture of theirs under way, does not act: scheduled events run until its data comes
    /// or nothing more is scheduled (the app gave up), and the wait, from the commit, moves this
    /// and every later user event.
    private func reach(recordedUs: Int) {
        while true {
            let dueUs = recordedUs + shiftUs
            runScheduledEvents(notAfterUs: dueUs)
            if let open = wait, open.holdsUser {
                if let nextUs = queue.nextTimeUs {
                    runScheduledEvents(notAfterUs: nextUs)
                } else {
                    wait = nil
                    recordStall(open, abandoned: true)
                    endWait(open)
                }
            } else if recordedUs + shiftUs == dueUs {
                break
            }
        }
        queue.advance(toUs: recordedUs + shiftUs)
    }

    /// A wait after a commit is over now: it counts as added wait, and moves the user's later
    /// events when it held them back.
    private func endWait(_ open: OpenWait) {
        meter.waited(nowUs - open.sinceUs)
        if open.holdsUser { shiftUs += nowUs - open.sinceUs }
    }

    private func begin(_ session: Session) {
        sessionKey = StableHash.of(session.id)
        limits = session.first ... session.last
        queue.reset()
        let outagePhaseUs = Self.outagePhaseUs(seed: settings.seed, sessionKey: sessionKey, everyMs: network.outageEveryMs)
        link.reset(traceOffsetUs: link.tracePeriodMs.map { period in
            var random = SeededGenerator(seed: settings.seed, keys: RandomKey.traceOffset, sessionKey)
            return Int(random.next() % UInt64(period)) * 1_000
        } ?? 0, outagePhaseUs: outagePhaseUs)
        pages.reset(around: session.page)
        world.begin(session, sessionKey: sessionKey, firstPage: session.page, newestPage: session.last,
                    endUs: Self.contentHorizonUs(recordedEndUs: session.endMs * 1_000, userWaits: settings.userWaits))
        requests.removeAll()
        pending.removeAll()
        dragged.removeAll()
        meter.begin(session, bucket: settings.bootstrap > 0 ? world.bootstrapBucket : nil)
        screenSinceUs = 0
        shiftUs = 0
        direction = nil
        stepsSameWay = 0
        stepsReversed = 0
        scrolled = false
        // The first page counts as a commit at t = 0; its load is the first load, not a stall.
        shown = session.page
        meter.firstPage(shown)
        pager = Pager(page: shown)
        decision.removeAll()
        decision.keep(shown)
        let first = need(shown)
        wait = first.hadData ? nil : OpenWait(page: shown, needUs: 0, isFirstLoad: true, late: false, sinceUs: 0, holdsUser: false)
        revalidateShownPage()
        decide(.commit)
    }

    /// Responses and swipe completions due by `limitUs`, in (time, sequence) order: data that
    /// lands at the moment of a tap is there for the tap.
    private func runScheduledEvents(notAfterUs limitUs: Int) {
        while let event = queue.popEvent(notAfterUs: limitUs) {
            switch event.action {
            case let .swipeCompleted(id):
                guard let index = pending.firstIndex(where: { $0.id == id }) else { continue }
                let navigation = pending.remove(at: index)
                stopDragging(navigation.target)
                // Overtaken by a later gesture: the page dragged in without data was blank on screen.
                if pager.isSuperseded(navigation.id), navigation.stalled { meter.blankDrag() }
                if commit(navigation) {
                    meter.gesture(.swipeCommitted(target: navigation.target), atUs: nowUs)
                } else {
                    meter.gesture(.swipeEnded(target: navigation.target), atUs: nowUs)
                    decide(.gestureEnded(target: navigation.target))
                }
            case let .dragEnded(page):
                stopDragging(page)
                meter.gesture(.swipeEnded(target: page), atUs: nowUs)
                decide(.gestureEnded(target: page))
            case let .responseStart(id):
                guard !requests[id].failed else { continue }
                answer(id)
                link.responseStarted(id, requests, &queue)
            case .transferCheck:
                link.transferCheck(requests, &queue)
            case let .arrival(id):
                guard !requests[id].failed else { continue }
                requests[id].finished = true
                link.release(id, requests, &queue)
                meter.requestArrived(id, of: requests, atUs: nowUs)
                deliver(id)
            case .deliveryOpportunity:
                link.deliver(requests, &queue)
            case let .timeout(id):
                guard !requests[id].finished else { continue }
                requests[id].failed = true
                link.release(id, requests, &queue)
                meter.requestFailed(id, of: requests, atUs: nowUs)
                failed(id)
            case let .retryDemand(page, attempt):
                retryDemand(page, attempt: attempt)
            case let .retryRevalidation(page, attempt):
                retryRevalidation(page, attempt: attempt)
            }
        }
    }

    private func handle(_ event: Event) {
        let (step, number) = pager.step(event, within: limits)
        if observed, let gesture = TimelineGesture(step, event) { meter.gesture(gesture, atUs: nowUs) }
        switch step {
        case let .navigation(target, needMs, commitMs, stepDirection):
            let found = need(target)
            let navigation = PendingNavigation(
                id: number, target: target, needUs: needMs * 1_000 + shiftUs, direction: stepDirection,
                stalled: !found.hadData, late: found.late, covered: found.covered)
            if commitMs == needMs {
                commit(navigation)
            } else {
                pending.append(navigation)
                dragged.append(target)
                queue.schedule(.swipeCompleted(navigation: navigation.id), atUs: commitMs * 1_000 + shiftUs)
                decide(.gestureStarted(target: target))
            }
        case let .cancelledSwipe(target, _):
            if !need(target).hadData { meter.blankDrag() }
            dragged.append(target)
            if case let .swipe(_, durationMs, _) = event.kind {
                queue.schedule(.dragEnded(page: target), atUs: nowUs + durationMs * 1_000)
            }
            decide(.gestureStarted(target: target))
        case .bounce:
            meter.bounce(atUs: nowUs)
        case .none:
            if case .scroll = event.kind { scrolled = true }
        }
    }

    // MARK: The app

    /// The app needs `page` now: a prefetch whose data is cached has proved useful, one still in
    /// flight will be if its data arrives; a request for it still waiting for a connection goes
    /// to the front with demand priority; without data and without a request in flight, the app
    /// asks for it (demand).
    private func need(_ page: Int) -> (hadData: Bool, late: Bool, covered: Bool) {
        var state = pages[page]
        if state.prefetch == .pending {
            if state.version != nil {
                state.prefetch = .useful
                meter.prefetchJudged(page: page, useful: true)
            } else {
                state.prefetch = .neededInFlight
            }
            pages[page] = state
        }
        if state.version != nil { return (true, false, state.dataFromPrefetch) }
        if let id = state.inFlight {
            link.promote(id, requests)
            return (false, true, false)
        }
        send(.demand, page)
        return (false, false, false)
    }

    /// The navigation commits; returns false when the pager says it is no navigation (superseded
    /// by a later gesture, or to the page already shown), which changes nothing.
    @discardableResult
    private func commit(_ navigation: PendingNavigation) -> Bool {
        guard pager.commit(navigation.id, to: navigation.target) else { return false }
        noteScreen()
        leaveShownPage()
        meter.navigation(to: navigation.target, atUs: nowUs, stalled: navigation.stalled, late: navigation.late, covered: navigation.covered)
        if navigation.stalled {
            if let arrivedUs = navigation.arrivedUs {
                recordStall(page: navigation.target, fromUs: navigation.needUs, toUs: arrivedUs, late: navigation.late, abandoned: false)
            } else {
                wait = OpenWait(page: navigation.target, needUs: navigation.needUs, isFirstLoad: false, late: navigation.late,
                                sinceUs: nowUs, holdsUser: settings.userWaits && dragged.isEmpty)
            }
        }
        shown = navigation.target
        scrolled = false
        if let previous = direction, let next = navigation.direction {
            if previous == next { stepsSameWay += 1 } else { stepsReversed += 1 }
        }
        direction = navigation.direction
        revalidateShownPage()
        decide(.commit)
        return true
    }

    /// The user leaves the shown page: a wait for its data ends there, abandoned.
    private func leaveShownPage() {
        guard let open = wait else { return }
        wait = nil
        if open.isFirstLoad {
            meter.firstLoad(fromUs: open.needUs, toUs: nowUs)
        } else {
            recordStall(open, abandoned: true)
            endWait(open)
        }
    }

    /// The stall of an open wait ends now.
    private func recordStall(_ open: OpenWait, abandoned: Bool) {
        recordStall(page: open.page, fromUs: open.needUs, toUs: nowUs, late: open.late, abandoned: abandoned)
    }

    private func recordStall(page: Int, fromUs: Int, toUs: Int, late: Bool, abandoned: Bool) {
        meter.stall(page: page, fromUs: fromUs, toUs: toUs, late: late, abandoned: abandoned)
    }

    /// At commit the app asks for the shown page again, unless a request for it is in flight or
    /// its copy is younger than `--max-age-ms`.
    private func revalidateShownPage() {
        let state = pages[shown]
        guard state.inFlight == nil else { return }
        if state.version == nil {
            send(.demand, shown)
        } else if nowUs - state.fetchedAtUs >= settings.maxAgeMs * 1_000 {
            send(.revalidation, shown)
        }
    }

    /// Asks the policy, then drops what it no longer keeps and requests what it asks for.
    private func decide(_ trigger: PolicyContext.Trigger) {
        decision.removeAll()
        let context = PolicyContext(
            trigger: trigger, current: shown, direction: direction, first: limits.lowerBound, last: limits.upperBound, pages: pages,
            stepsSameWay: stepsSameWay, stepsReversed: stepsReversed)
        policy.decide(context, into: &decision)
        // From the last index down: a drop moves the last cached page into the dropped one's place.
        var index = pages.cachedCount
        while index > 0 {
            index -= 1
            let page = pages.cachedPage(at: index)
            if !isKept(page) && !isProtected(page) { drop(page) }
        }
        // The shown page and pages being dragged in are the app's (demand, revalidation, retries),
        // never a policy's prefetch.
        var position = 0
        while position < decision.requests.count {
            let page = decision.requests[position]
            position += 1
            if limits.contains(page) && pages.isMissing(page) && !isProtected(page) { send(.prefetch, page) }
        }
    }

    /// Whether the policy's last decision keeps `page`.
    @inline(__always)
    private func isKept(_ page: Int) -> Bool {
        decision.keep.contains(page)
    }

    /// The shown page and pages being dragged into view are never dropped nor discarded.
    private func isProtected(_ page: Int) -> Bool {
        page == shown || dragged.contains(page)
    }

    private func stopDragging(_ page: Int) {
        if let index = dragged.firstIndex(of: page) { _ = dragged.remove(at: index) }
    }

    private func drop(_ page: Int) {
        var state = pages[page]
        state.version = nil
        state.dataFromPrefetch = false
        if state.prefetch.isOpen { meter.prefetchJudged(page: page, useful: false) }
        state.prefetch = .none
        pages[page] = state
    }

    // MARK: The network

    private func send(_ kind: Request.Kind, _ page: Int, attempt: Int = 0) {
        var state = pages[page]
        let n = state.requestsMade
        let roundTripUs = roundTrip(page: page, n: n)
        state.requestsMade += 1
        state.inFlight = requests.count
        if kind == .prefetch { state.prefetch = .pending }
        pages[page] = state
        var request = Request(page: page, kind: kind, upUs: roundTripUs / 2, downUs: roundTripUs - roundTripUs / 2)
        request.attempt = attempt
        request.lost = isLost(page: page, n: n)
        let id = requests.append(request)
        meter.requestSent(id, page: page, kind: kind, attempt: attempt, atUs: nowUs)
        link.submit(id, requests, &queue)
    }

    /// Whether the n-th request for `page` is lost by the loss draw, keyed like round trips (an
    /// outage is the link's to decide, when the request gets its connection).
    private func isLost(page: Int, n: Int) -> Bool {
        guard network.loss > 0 else { return false }
        return world.lossUniform(page: page, n: n) < network.loss
    }

    /// The app gave up on request `id`: a demand or revalidation is tried again later, and so is a
    /// prefetch of a page the app now needs (shown or dragged in without data: the app waits for
    /// it); another prefetch is not (its policy may ask again).
    private func failed(_ id: Int) {
        let page = requests[id].page
        let isPrefetch = requests[id].kind == .prefetch
        let attempt = requests[id].attempt
        var state = pages[page]
        if state.inFlight == id { state.inFlight = nil }
        var willRetry = !isPrefetch
        if isPrefetch {
            if state.prefetch.isOpen { meter.prefetchJudged(page: page, useful: false) }
            state.prefetch = .none
            willRetry = state.version == nil && isProtected(page)
        }
        if willRetry, attempt < RetryPolicy.limit {
            let dueUs = nowUs + RetryPolicy.delayUs(attempt: attempt + 1)
            if requests[id].kind == .revalidation {
                queue.schedule(.retryRevalidation(page: page, attempt: attempt + 1), atUs: dueUs)
            } else {
                queue.schedule(.retryDemand(page: page, attempt: attempt + 1), atUs: dueUs)
            }
        }
        pages[page] = state
        decide(.requestFailed(page: page))
    }

    /// A failed demand is tried again while its page has no data, nothing for it is in flight and
    /// it is still shown or dragged in: a retry exists to end a wait, so once data came it has no
    /// purpose.
    private func retryDemand(_ page: Int, attempt: Int) {
        let state = pages[page]
        guard state.inFlight == nil, state.version == nil, isProtected(page) else { return }
        send(.demand, page, attempt: attempt)
    }

    /// A failed revalidation is tried again while its page is shown with data, nothing for it is in
    /// flight, no newer copy came since it failed and the copy is at least `--max-age-ms` old.
    private func retryRevalidation(_ page: Int, attempt: Int) {
        let state = pages[page]
        let failedUs = nowUs - RetryPolicy.delayUs(attempt: attempt)
        guard state.inFlight == nil, page == shown, state.version != nil, state.fetchedAtUs <= failedUs,
              nowUs - state.fetchedAtUs >= settings.maxAgeMs * 1_000 else { return }
        send(.revalidation, page, attempt: attempt)
    }

    /// The round trip of the n-th request for `page`: keyed by (seed, session, page, n), so every
    /// policy sees the same one.
    private func roundTrip(page: Int, n: Int) -> Int {
        guard network.jitter > 0 else { return Int((network.rttMs * 1_000).rounded()) }
        return world.roundTripUs(page: page, n: n, rttMs: network.rttMs, jitter: network.jitter)
    }

    /// The server answers request `id` with the page as it was when the request reached it.
    private func answer(_ id: Int) {
        let response = world.content.response(page: requests[id].page, atUs: link.serverTimeUs(now: nowUs))
        requests[id].version = response.version
        requests[id].bytes = response.itemCount * settings.content.itemBytes
    }

    /// A response arrives: it fills the cache, resets the shown page, or is discarded.
    private func deliver(_ id: Int) {
        let page = requests[id].page
        let isPrefetch = requests[id].kind == .prefetch
        let version = requests[id].version
        var state = pages[page]
        state.inFlight = nil
        let wanted = isKept(page) || isProtected(page)
        if wanted, isPrefetch, state.prefetch == .neededInFlight {
            state.prefetch = .useful
            meter.prefetchJudged(page: page, useful: true)
        }
        if !wanted {
            if state.prefetch.isOpen, isPrefetch { meter.prefetchJudged(page: page, useful: false) }
            if isPrefetch { state.prefetch = .none }
            pages[page] = state
        } else if let held = state.version {
            if version >= held {
                if page == shown {
                    noteScreen()
                    countReset(page: page, from: held, to: version)
                }
                state.version = version
                state.fetchedAtUs = nowUs
                state.dataFromPrefetch = isPrefetch
            }
            pages[page] = state
        } else {
            if page == shown { noteScreen() }
            state.version = version
            state.fetchedAtUs = nowUs
            state.dataFromPrefetch = isPrefetch
            pages[page] = state
            dataArrived(page)
        }
        meter.cached(pages: pages.cachedCount)
        decide(.responseArrived(page: page))
    }

    /// The shown page reloads with a response: needless when its content is identical to what is
    /// shown (a list difference of 0 operations, whatever the versions say), a stale update
    /// otherwise.
    private func countReset(page: Int, from held: Int, to version: Int) {
        let operations = version == held ? 0 : world.diffOperations(page: page, from: held, to: version)
        meter.reset(page: page, atUs: nowUs, diffOperations: operations, scrolled: scrolled)
    }

    /// The first data for `page`: it ends the wait of the shown page and of swipes dragging it in.
    private func dataArrived(_ page: Int) {
        if page == shown, let open = wait {
            wait = nil
            if open.isFirstLoad {
                meter.firstLoad(fromUs: open.needUs, toUs: nowUs)
            } else {
                recordStall(open, abandoned: false)
                endWait(open)
            }
        }
        for index in 0 ..< pending.count where pending[index].target == page && pending[index].stalled && pending[index].arrivedUs == nil {
            pending[index].arrivedUs = nowUs
        }
    }

    // MARK: The end

    /// The session ends: an open wait is abandoned, prefetches never needed are wasted, swipes
    /// still in progress never commit, responses in flight count nowhere.
    private func finish() -> SessionMetrics {
        noteScreen()
        leaveShownPage()
        return meter.finish(atUs: nowUs, unjudgedPrefetches: pages.pendingPrefetches, requests: requests)
    }

    /// The screen is about to change (another page, or another version of this one): what it
    /// showed since `screenSinceUs` counts as time on screen if the page had data, and as stale
    /// from when the server got a newer version than the one shown.
    private func noteScreen() {
        defer { screenSinceUs = nowUs }
        guard let version = pages[shown].version, nowUs > screenSinceUs else { return }
        let newerUs = world.content.nextChangeUs(page: shown, after: version) ?? Int.max
        meter.screen(nowUs - screenSinceUs, stale: newerUs < nowUs ? nowUs - max(screenSinceUs, newerUs) : 0)
    }

    /// Until when the pages' content changes: the session's end, or with `--user-waits` (which
    /// makes sessions longer by waits not known in advance) its recorded length twice plus ten
    /// minutes. A history drawn further has the same changes up to the nearer end, so the content
    /// the user saw in the recorded time is the same in both modes.
    static func contentHorizonUs(recordedEndUs: Int, userWaits: Bool) -> Int {
        userWaits ? 2 * recordedEndUs + 600_000_000 : recordedEndUs
    }

    /// Where a session's outage cycle of `everyMs` starts: seeded by session, the same for every policy.
    static func outagePhaseUs(seed: UInt64, sessionKey: UInt64, everyMs: Double) -> Int {
        guard everyMs > 0 else { return 0 }
        var random = SeededGenerator(seed: seed, keys: RandomKey.outage, sessionKey)
        return Int(random.next() % UInt64(everyMs * 1_000))
    }

    /// Microseconds to whole milliseconds, rounded half up.
    static func milliseconds(_ microseconds: Int) -> Int { SessionMeter.milliseconds(microseconds) }
}
