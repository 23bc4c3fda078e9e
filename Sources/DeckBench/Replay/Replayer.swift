import Foundation

/// Replays sessions against one policy on one network, on a virtual clock, and measures what the
/// user felt and what it cost. The app model is docs/MODEL.md's: need times,
/// demand requests, revalidation at commit, the policy's requests and drops, responses that fill
/// the cache, reset the shown page or are discarded.
///
/// Generic over the policy so that the per-event loop never goes through an existential. One
/// replayer replays many sessions one after the other, reusing its buffers; it also accumulates
/// the `summary` of every session it replayed. The app's rules are in Replayer+App.swift, the
/// requests' life on the link in Replayer+Network.swift; what each event counts for, in
/// `SessionMeter`. Its state is in named parts, each with its own rules: `StepTrail` (the
/// committed steps, from which the `PolicyContext` is built), `AppModel` (what the app shows and
/// the user is doing), `Link`, `EventQueue` and `SessionMeter` (`ReplayerPartsTests` keeps the
/// class at 20 stored properties at most).
public final class Replayer<Policy: PrefetchPolicy> {
    typealias PendingNavigation = AppModel.PendingNavigation
    typealias OpenWait = AppModel.OpenWait

    public let policy: Policy
    public let network: NetworkModel
    public let settings: ReplaySettings
    /// The full specs of the policy and the network, as the reports write them.
    public let policySpec: String
    public let networkSpec: String
    /// Every session replayed so far, summed.
    public var summary: MetricsSummary { meter.summary }
    /// What each event of the model counts for, and who else is told (`deckbench trace`).
    // Unchecked: the replayer is one worker thread's, and the meter's calls (its observer's too) never reach back into it.
    @exclusivity(unchecked) var meter = SessionMeter()
    /// Told what happens as it happens (`deckbench trace`); none in a run.
    var observer: (any ReplayObserver)? {
        get { meter.observer }
        set {
            meter.observer = newValue
            observed = newValue != nil
        }
    }
    /// Whether an observer is told (checked once per recorded event).
    var observed = false

    // Unchecked: the replayer is one worker thread's, and the link's calls that get the queue `inout` never reach back into it.
    @exclusivity(unchecked) var queue = EventQueue()
    // Unchecked: the replayer is one worker thread's, and the link's calls never reach back into the replayer.
    @exclusivity(unchecked) var link: Link
    /// The page table and the request log, the worker's (`ReplayScratch`): reset at each session.
    let pages: PageTable
    /// What every policy sees the same in a session; shared with the worker's other replayers.
    let commons: SessionCommons
    let requests: RequestLog
    /// The policy's last decision: what it keeps until it decides again. Emptied and refilled
    /// in place, so that its storage is reused.
    // Unchecked: the replayer is one worker thread's, and a policy filling it in is given the context, not the replayer.
    @exclusivity(unchecked) var decision = PolicyDecision()
    /// The user's committed steps, from which every `PolicyContext` is built.
    // Unchecked: the replayer is one worker thread's, and the trail's calls never reach back into the replayer.
    @exclusivity(unchecked) var trail = StepTrail()
    /// What the app shows and what the user is doing.
    // Unchecked: the replayer is one worker thread's, and the model's calls never reach back into the replayer.
    @exclusivity(unchecked) var app = AppModel()

    /// A replayer; `commons` is shared by replayers that replay the same sessions one after the
    /// other (each session by all of them in turn), so that they compute its common random
    /// numbers once.
    init(policy: Policy, network: NetworkModel, settings: ReplaySettings, commons: SessionCommons) {
        self.policy = policy
        self.network = network
        self.settings = settings
        policySpec = policy.spec
        networkSpec = network.spec
        link = Link(model: network)
        self.commons = commons
        pages = commons.scratch.pages
        requests = commons.scratch.requests
        meter.summary.replicates = BootstrapReplicates(replicates: settings.bootstrap)
    }

    public convenience init(policy: Policy, network: NetworkModel, settings: ReplaySettings) {
        self.init(policy: policy, network: network, settings: settings, commons: SessionCommons(settings: settings))
    }

    var nowUs: Int { queue.nowUs }

    public func takeSummary() -> MetricsSummary {
        meter.takeSummary()
    }

    // MARK: The session loop

    /// Replays `session` and returns its metrics (also added to `summary`).
    public func replay(_ session: Session) -> SessionMetrics {
        replay(session, steps: SessionSteps(of: session))
    }

    /// Replays `session`, whose `steps` are decoded already (a worker decodes them once for all of
    /// its replayers).
    func replay(_ session: Session, steps: SessionSteps) -> SessionMetrics {
        precondition(steps.steps.count == session.events.count, "the steps of another session")
        begin(session, sessionKey: steps.sessionKey)
        let events = session.events
        let steps = steps.steps
        for index in events.indices {
            reach(recordedUs: events[index].timeMs * 1_000)
            handle(events[index], steps[index])
        }
        reach(recordedUs: session.endMs * 1_000)
        return finish()
    }

    /// Runs what is due before the user acts at `recordedUs` (moved by the waits so far), and
    /// moves the clock there. With `--user-waits` a user looking at a page without data, with no
    /// other gesture of theirs under way, does not act: scheduled events run until its data comes
    /// or nothing more is scheduled (the app gave up), and the wait, from the commit, moves this
    /// and every later user event.
    func reach(recordedUs: Int) {
        while true {
            let dueUs = recordedUs + app.shiftUs
            runScheduledEvents(notAfterUs: dueUs)
            if let open = app.wait, open.holdsUser {
                if let nextUs = queue.nextTimeUs {
                    runScheduledEvents(notAfterUs: nextUs)
                } else {
                    close(open, abandoned: true)
                }
            } else if recordedUs + app.shiftUs == dueUs {
                break
            }
        }
        queue.advance(toUs: recordedUs + app.shiftUs)
    }

    /// A wait after a commit is over now: it counts as added wait, and moves the user's later
    /// events when it held them back.
    func endWait(_ open: OpenWait) {
        meter.waited(nowUs - open.sinceUs)
        if open.holdsUser { app.shiftUs += nowUs - open.sinceUs }
    }

    func begin(_ session: Session, sessionKey: UInt64) {
        queue.reset()
        link.reset(seed: settings.seed, sessionKey: sessionKey)
        pages.reset(around: session.page, first: session.first, last: session.last)
        commons.begin(session, sessionKey: sessionKey, firstPage: session.page, newestPage: session.last,
                    endUs: Self.contentHorizonUs(recordedEndUs: session.endMs * 1_000, userWaits: settings.userWaits))
        requests.removeAll()
        // The first page counts as a commit at t = 0; its load is the first load, not a stall.
        app.begin(session)
        trail.reset()
        meter.begin(session, bucket: settings.bootstrap > 0 ? commons.bootstrapBucket : nil)
        let shown = app.shown
        meter.firstPage(shown)
        decision.removeAll()
        decision.keep(shown)
        let first = need(shown)
        app.wait = first.hadData ? nil : OpenWait(page: shown, needUs: 0, isFirstLoad: true, late: false, sinceUs: 0, holdsUser: false)
        revalidateShownPage()
        decide(.commit)
    }

    /// Responses and swipe completions due by `limitUs`, in (time, sequence) order: data that
    /// lands at the moment of a tap is there for the tap.
    func runScheduledEvents(notAfterUs limitUs: Int) {
        while let event = queue.popEvent(notAfterUs: limitUs) {
            switch event.action {
            case let .swipeCompleted(id):
                guard let navigation = app.endSwipe(id) else { continue }
                // Overtaken by a later gesture: the page dragged in without data was blank on screen.
                if app.isSuperseded(navigation.id), navigation.stalled { meter.blankDrag() }
                if commit(navigation) {
                    meter.gesture(.swipeCommitted(target: navigation.target), atUs: nowUs)
                } else {
                    meter.gesture(.swipeEnded(target: navigation.target), atUs: nowUs)
                    decide(.gestureEnded(target: navigation.target))
                }
            case let .dragEnded(page):
                app.stopDragging(page)
                meter.gesture(.swipeEnded(target: page), atUs: nowUs)
                decide(.gestureEnded(target: page))
            case let .responseStart(id):
                guard answer(id) else { continue }
                link.responseStarted(id, requests, &queue)
            case .transferCheck:
                link.transferCheck(requests, &queue)
            case let .windowRound(id):
                guard !requests[id].failed else { continue }
                link.nextRound(id, requests, &queue)
            case .queueArrivals:
                link.takeArrivals(requests, &queue)
            case let .arrival(id):
                guard requests.update(id, { $0.finish() }) else { continue }
                link.releaseArrived(id, requests, &queue)
                meter.requestArrived(id, of: requests, atUs: nowUs)
                deliver(id)
            case .deliveryOpportunity:
                link.deliver(requests, &queue)
            case let .timeout(id):
                guard requests.update(id, { $0.fail() }) else { continue }
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

    func handle(_ event: Event, _ numbered: SessionSteps.Numbered) {
        let (step, number) = (numbered.step, numbered.number)
        if observed, let gesture = TimelineGesture(step, event) { meter.gesture(gesture, atUs: nowUs) }
        switch step {
        case let .navigation(target, needMs, commitMs, stepDirection):
            let found = need(target)
            let navigation = PendingNavigation(
                id: number, target: target, needUs: needMs * 1_000 + app.shiftUs, direction: stepDirection,
                stalled: !found.hadData, late: found.late, covered: found.covered)
            if commitMs == needMs {
                commit(navigation)
            } else {
                app.startSwipe(to: target, navigation)
                queue.schedule(.swipeCompleted(navigation: navigation.id), atUs: commitMs * 1_000 + app.shiftUs)
                decide(.gestureStarted(target: target))
            }
        case let .cancelledSwipe(target, _):
            if !need(target).hadData { meter.blankDrag() }
            app.startSwipe(to: target, nil)
            if case let .swipe(_, durationMs, _) = event.kind {
                queue.schedule(.dragEnded(page: target), atUs: nowUs + durationMs * 1_000)
            }
            decide(.gestureStarted(target: target))
        case .bounce:
            meter.bounce(atUs: nowUs)
        case .none:
            if case .scroll = event.kind { app.scrolled = true }
        }
    }

    // MARK: The end

    /// The session ends: an open wait is abandoned, prefetches never needed are wasted, swipes
    /// still in progress never commit, responses in flight count nowhere.
    func finish() -> SessionMetrics {
        noteScreen()
        leaveShownPage()
        meter.finish(atUs: nowUs, unjudgedPrefetches: pages.pendingPrefetches, requests: requests)
        return meter.metrics
    }

    /// The screen is about to change (another page, or another version of this one): what it
    /// showed since `app.screenSinceUs` counts as time on screen if the page had data, and as
    /// stale from when the server got a newer version than the one shown. Inlined: it is called
    /// at every commit and at every response for the shown page, for a few instructions.
    @inline(__always)
    func noteScreen() {
        let sinceUs = app.screenSinceUs
        app.screenSinceUs = nowUs
        let shown = app.shown
        guard let version = pages[shown].version, nowUs > sinceUs else { return }
        let newerUs = commons.content.nextChangeUs(page: shown, after: version) ?? Int.max
        meter.screen(nowUs - sinceUs, stale: newerUs < nowUs ? nowUs - max(sinceUs, newerUs) : 0)
    }

    /// Until when the pages' content changes: the session's end, or with `--user-waits` (which
    /// makes sessions longer by waits not known in advance) its recorded length twice plus ten
    /// minutes. A history drawn further has the same changes up to the nearer end, so the content
    /// the user saw in the recorded time is the same in both modes.
    static func contentHorizonUs(recordedEndUs: Int, userWaits: Bool) -> Int {
        userWaits ? 2 * recordedEndUs + 600_000_000 : recordedEndUs
    }

    /// Microseconds to whole milliseconds, rounded half up.
    static func milliseconds(_ microseconds: Int) -> Int { SessionMeter.milliseconds(microseconds) }
}
