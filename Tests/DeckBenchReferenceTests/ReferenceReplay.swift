import Foundation
@testable import DeckBench
import TestScratch

/// A second, deliberately simple implementation of the replay model (docs/MODEL.md): every round
/// trip exactly `rttMs`, `connections` slots (0 = unlimited), no transfer time, no server time;
/// deterministic failures (every request lost, outages, timeouts, the app's retries) and content
/// that changes as `histories` script it (resets by content, list differences, stale time).
///
/// It shares nothing with `Replayer` but the recording types (`Session`, `Event`), the metrics
/// record it fills and the world it is given (the pages' histories, the outage phase): its own
/// pager rules, its own policies, a list of pending events scanned for the least (time,
/// sequence), dictionaries for pages, its own retry rules and list differences. No performance
/// tricks: it is the specification that the fast replayer must always agree with
/// (`ReferenceModelTests`).
struct ReferenceReplay {
    enum Policy: CustomStringConvertible {
        case onDemand
        case fixed(radius: Int)
        case directional(behind: Int, ahead: Int)
        case staged(radius: Int)
        case adaptive(budget: Int, priorSame: Int, priorReversed: Int)
        /// `learned` with the reference's step model (`ReferenceReplay.stepModel`).
        case learned(budget: Int)

        var description: String {
            switch self {
            case .onDemand: "ondemand"
            case let .fixed(radius): "fixed:radius=\(radius)"
            case let .directional(behind, ahead): "directional:behind=\(behind),ahead=\(ahead)"
            case let .staged(radius): "staged:radius=\(radius)"
            case let .adaptive(budget, priorSame, priorReversed):
                "adaptive:budget=\(budget),prior_same=\(priorSame),prior_reversed=\(priorReversed)"
            case let .learned(budget): "learned:model=\(ReferenceReplay.stepModelPath),budget=\(budget)"
            }
        }
    }

    /// The step model `learned` runs with in the reference checks: learnt from generated users,
    /// written once to a file for the replayer's spec.
    static let stepModel: StepModel = {
        var learner = StepModelLearner(burstMs: 700)
        let generator = SessionGenerator(seed: 29)
        for index in 0 ..< 400 { learner.add(generator.session(index)) }
        return learner.model
    }()

    static let stepModelPath: String = {
        let path = TestScratch.directory + "deckbench-reference-step-model-\(ProcessInfo.processInfo.processIdentifier).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(StepModelFile.encoded(stepModel)))
        return path
    }()

    var policy: Policy
    var rttMs: Int
    var connections: Int
    var maxAgeMs: Int
    /// Items of a page that `histories` does not script, and bytes per item.
    var items = 20
    var itemBytes = 1_000
    /// Closed loop: while the page shown after a commit has no data, the user does nothing, and
    /// acts later by as long as that lasted.
    var userWaits = false
    /// The app gives up on a request this long after it was sent (0: never).
    var timeoutMs = 0
    /// Every request is lost (`loss=1`).
    var losesEverything = false
    /// The link is down `lengthMs` of every `everyMs`, from the session's phase on.
    var outage: (everyMs: Int, lengthMs: Int)?
    /// The server's pages that change; the others never do.
    var histories: [Int: PageHistory] = [:]

    /// The network spec the replayer runs for this model.
    var networkSpec: String {
        "lte:rtt_ms=\(rttMs),jitter=0,downlink_kbps=0,connections=\(connections),server_ms=0,timeout_ms=\(timeoutMs)"
            + (losesEverything ? ",loss=1" : "") + (outage.map { ",outage_every_ms=\($0.everyMs),outage_ms=\($0.lengthMs)" } ?? "")
    }

    func replay(_ session: Session) -> SessionMetrics {
        let run = ReferenceRun(model: self, session: session)
        return run.play()
    }
}

/// One replay of the reference model: all of its state, in plain collections.
private final class ReferenceRun {
    enum Trigger { case commit, gestureStarted, gestureEnded, responseArrived, requestFailed }
    enum Kind { case demand, revalidation, prefetch }
    /// A prefetch's fate: pending until its page is needed; needed with its data cached, useful;
    /// needed while in flight, useful only when that data arrives and is kept.
    enum Mark { case none, pending, neededInFlight, useful }

    struct Page {
        var hasData = false
        /// The content version held (with data).
        var version = 0
        var fetchedAtUs = 0
        var fromPrefetch = false
        var inFlight: Int?
        var mark = Mark.none
    }

    struct Swipe {
        var number: Int
        var target: Int
        var needUs: Int
        var direction: Direction?
        var stalled: Bool
        var late: Bool
        var covered: Bool
        var arrivedUs: Int?
    }

    enum Happening {
        case arrival(request: Int)
        case timeout(request: Int)
        case retryDemand(page: Int, attempt: Int)
        case retryRevalidation(page: Int, attempt: Int, failedUs: Int)
        case swipeCommit(number: Int)
        case dragEnd(page: Int)
    }

    let model: ReferenceReplay
    let session: Session
    var metrics = SessionMetrics()

    var nowUs = 0
    var sequence = 0
    var pendingEvents: [(timeUs: Int, sequence: Int, happening: Happening)] = []

    var pages: [Int: Page] = [:]
    var requestPage: [Int] = []
    var requestKind: [Kind] = []
    var requestAttempt: [Int] = []
    var requestStartUs: [Int] = []
    /// Arrived or given up: nothing more happens to it.
    var requestOver: [Bool] = []
    /// The session's outage phase, µs.
    let outagePhaseUs: Int
    var staleUs = 0
    var activeRequests = 0
    var urgentQueue: [Int] = []
    var prefetchQueue: [Int] = []

    var shown: Int
    var heading: Int
    var direction: Direction?
    /// Committed steps in the direction of the step before them, and against it.
    var sameWay = 0
    var reversed = 0
    var scrolled = false
    var steps = 0
    var lastCommittedStep = -1
    var swipes: [Swipe] = []
    var dragged: [Int] = []
    var window: ClosedRange<Int>
    /// Pages the policy keeps besides `window` (`learned`'s picks beyond its band).
    var alsoKept: Set<Int> = []
    /// The direction of the step before the last, and when the last two navigations committed.
    var previousDirection: Direction?
    var lastCommitUs: Int?
    var previousCommitUs: Int?
    /// The shown page waits for data since `needUs` (a stall, or the first load).
    var waitSinceUs: Int?
    var waitIsFirstLoad = false
    /// When the gesture of the stalled page shown ended (its commit), and the time users looked at
    /// a page without data after its gesture so far.
    var waitCommitUs = 0
    var addedWaitUs = 0
    var stallUsTotal = 0
    /// Closed loop: the stalled page shown was committed with no gesture under way, so the user
    /// waits for it.
    var waitHoldsUser = false
    /// How much later than recorded the user acts (closed loop).
    var lateByUs = 0
    /// Time the shown page spent on screen with data, µs, and since when the current screen shows.
    var onScreenUs = 0
    var screenSinceUs = 0

    init(model: ReferenceReplay, session: Session) {
        self.model = model
        self.session = session
        shown = session.page
        heading = session.page
        window = session.page ... session.page
        outagePhaseUs = model.outage.map {
            NetworkDraws.outagePhaseUs(seed: 1, sessionKey: StableHash.of(session.id), everyMs: Double($0.everyMs))
        } ?? 0
    }

    func play() -> SessionMetrics {
        if !need(shown).hadData {
            waitSinceUs = 0
            waitIsFirstLoad = true
        }
        revalidateShownPage()
        decide(.commit)
        for event in session.events {
            userActs(atRecordedUs: event.timeMs * 1_000)
            handle(event)
        }
        userActs(atRecordedUs: (session.events.last?.timeMs ?? 0) * 1_000)
        screenChanges()
        metrics.shownMs = milliseconds(onScreenUs)
        metrics.staleShownMs = milliseconds(staleUs)
        leaveShownPage()
        metrics.sessionMs = milliseconds(nowUs)
        metrics.addedWaitMs = milliseconds(addedWaitUs)
        metrics.wastedPrefetches += pages.values.filter { $0.mark == .pending || $0.mark == .neededInFlight }.count
        metrics.stallMsTotal = milliseconds(stallUsTotal)
        return metrics
    }

    // MARK: Time

    /// Everything due before the user acts; in closed loop, the user first waits for a stalled page
    /// (on the ideal network its data always comes).
    func userActs(atRecordedUs recordedUs: Int) {
        while true {
            let dueUs = recordedUs + lateByUs
            runPendingEvents(untilUs: dueUs)
            if let since = waitSinceUs, waitHoldsUser {
                if let next = pendingEvents.map(\.timeUs).min() {
                    runPendingEvents(untilUs: next)
                } else {
                    // The app gave up: nothing more will come, the user stops waiting.
                    waitSinceUs = nil
                    recordStall(nowUs - since, abandoned: true)
                    addedWaitUs += nowUs - waitCommitUs
                    lateByUs += nowUs - waitCommitUs
                }
            } else if dueUs == recordedUs + lateByUs {
                break
            }
        }
        precondition(recordedUs + lateByUs >= nowUs, "the user would act in the past")
        nowUs = recordedUs + lateByUs
    }

    func schedule(_ happening: Happening, atUs timeUs: Int) {
        schedule(happening, atUs: timeUs, sequence: takeSequence())
    }

    func schedule(_ happening: Happening, atUs timeUs: Int, sequence: Int) {
        pendingEvents.append((timeUs, sequence, happening))
    }

    func takeSequence() -> Int {
        sequence += 1
        return sequence - 1
    }

    func runPendingEvents(untilUs limitUs: Int) {
        while true {
            var best: Int?
            for index in pendingEvents.indices where pendingEvents[index].timeUs <= limitUs {
                if let chosen = best {
                    let a = pendingEvents[index], b = pendingEvents[chosen]
                    if (a.timeUs, a.sequence) < (b.timeUs, b.sequence) { best = index }
                } else {
                    best = index
                }
            }
            guard let index = best else { return }
            let event = pendingEvents.remove(at: index)
            precondition(event.timeUs >= nowUs, "the reference's clock would go back")
            nowUs = event.timeUs
            switch event.happening {
            case let .arrival(request): arrive(request)
            case let .timeout(request): timeOut(request)
            case let .retryDemand(page, attempt):
                let state = pages[page, default: Page()]
                if state.inFlight == nil, !state.hasData, isAppsPage(page) {
                    metrics.retries += 1
                    send(.demand, page, attempt: attempt)
                }
            case let .retryRevalidation(page, attempt, failedUs):
                let state = pages[page, default: Page()]
                if state.inFlight == nil, page == shown, state.hasData, state.fetchedAtUs <= failedUs,
                   nowUs - state.fetchedAtUs >= model.maxAgeMs * 1_000 {
                    metrics.retries += 1
                    send(.revalidation, page, attempt: attempt)
                }
            case let .swipeCommit(number):
                let swipe = swipes.remove(at: swipes.firstIndex { $0.number == number }!)
                dragged.remove(at: dragged.firstIndex(of: swipe.target)!)
                // Overtaken by a later step that committed first: a blank drag if it had no data.
                if swipe.number <= lastCommittedStep, swipe.stalled { metrics.blankDrags += 1 }
                if !commit(swipe) { decide(.gestureEnded) }
            case let .dragEnd(page):
                dragged.remove(at: dragged.firstIndex(of: page)!)
                decide(.gestureEnded)
            }
        }
    }

    // MARK: The user

    func handle(_ event: Event) {
        let limits = session.first ... session.last
        switch event.kind {
        case let .swipe(towards, durationMs, cancelled):
            let target = heading + towards.offset
            guard limits.contains(target) else {
                metrics.bounces += 1
                return
            }
            if cancelled {
                if !need(target).hadData { metrics.blankDrags += 1 }
                dragged.append(target)
                schedule(.dragEnd(page: target), atUs: nowUs + durationMs * 1_000)
                decide(.gestureStarted)
                return
            }
            heading = target
            let found = need(target)
            let swipe = Swipe(number: steps, target: target, needUs: nowUs, direction: towards,
                              stalled: !found.hadData, late: found.late, covered: found.covered)
            steps += 1
            if durationMs == 0 {
                commit(swipe)
                return
            }
            swipes.append(swipe)
            dragged.append(target)
            schedule(.swipeCommit(number: swipe.number), atUs: nowUs + durationMs * 1_000)
            decide(.gestureStarted)
        case let .tap(towards):
            let target = heading + towards.offset
            guard limits.contains(target) else {
                metrics.bounces += 1
                return
            }
            navigateAtOnce(to: target, direction: towards)
        case let .jump(page):
            if page != heading { navigateAtOnce(to: page, direction: nil) }
        case .scroll:
            scrolled = true
        case .end:
            break
        }
    }

    func navigateAtOnce(to target: Int, direction: Direction?) {
        heading = target
        let found = need(target)
        commit(Swipe(number: steps, target: target, needUs: nowUs, direction: direction,
                     stalled: !found.hadData, late: found.late, covered: found.covered))
        steps += 1
    }

    // MARK: The app

    func need(_ page: Int) -> (hadData: Bool, late: Bool, covered: Bool) {
        if pages[page, default: Page()].mark == .pending {
            if pages[page]!.hasData {
                pages[page]!.mark = .useful
                metrics.usefulPrefetches += 1
            } else {
                pages[page]!.mark = .neededInFlight
            }
        }
        let state = pages[page, default: Page()]
        if state.hasData { return (true, false, state.fromPrefetch) }
        if let request = state.inFlight {
            if let index = prefetchQueue.firstIndex(of: request) {
                prefetchQueue.remove(at: index)
                urgentQueue.append(request)
            }
            return (false, true, false)
        }
        send(.demand, page)
        return (false, false, false)
    }

    @discardableResult
    func commit(_ swipe: Swipe) -> Bool {
        guard swipe.number > lastCommittedStep else { return false }
        lastCommittedStep = swipe.number
        guard swipe.target != shown else { return false }
        screenChanges()
        leaveShownPage()
        metrics.navigations += 1
        if swipe.covered { metrics.coveredNavigations += 1 }
        if swipe.stalled {
            metrics.stalls += 1
            if swipe.late { metrics.lateStalls += 1 } else { metrics.missStalls += 1 }
            if let arrivedUs = swipe.arrivedUs {
                recordStall(arrivedUs - swipe.needUs, abandoned: false)
            } else {
                waitSinceUs = swipe.needUs
                waitIsFirstLoad = false
                waitCommitUs = nowUs
                waitHoldsUser = model.userWaits && dragged.isEmpty
            }
        }
        shown = swipe.target
        scrolled = false
        if let before = direction, let now = swipe.direction {
            if before == now { sameWay += 1 } else { reversed += 1 }
        }
        previousDirection = direction
        direction = swipe.direction
        (previousCommitUs, lastCommitUs) = (lastCommitUs, nowUs)
        revalidateShownPage()
        decide(.commit)
        return true
    }

    func leaveShownPage() {
        guard let since = waitSinceUs else { return }
        waitSinceUs = nil
        if waitIsFirstLoad {
            metrics.firstLoadMs = milliseconds(nowUs - since)
        } else {
            recordStall(nowUs - since, abandoned: true)
            addedWaitUs += nowUs - waitCommitUs
        }
    }

    func recordStall(_ microseconds: Int, abandoned: Bool) {
        let stallMs = milliseconds(microseconds)
        if abandoned { metrics.abandonedStalls += 1 }
        stallUsTotal += microseconds
        metrics.stallMsMax = max(metrics.stallMsMax, stallMs)
    }

    func milliseconds(_ microseconds: Int) -> Int { (microseconds + 500) / 1_000 }

    /// What was on screen since the last change counts as time on screen if the shown page had
    /// data. Content never changes here, so nothing shown is ever stale.
    func screenChanges() {
        let state = pages[shown, default: Page()]
        if state.hasData {
            onScreenUs += nowUs - screenSinceUs
            if let history = model.histories[shown], let newerUs = history.changeTimeUs(after: state.version), newerUs < nowUs {
                staleUs += nowUs - max(screenSinceUs, newerUs)
            }
        }
        screenSinceUs = nowUs
    }

    func revalidateShownPage() {
        let state = pages[shown, default: Page()]
        if state.inFlight != nil { return }
        if !state.hasData {
            send(.demand, shown)
        } else if nowUs - state.fetchedAtUs >= model.maxAgeMs * 1_000 {
            send(.revalidation, shown)
        }
    }

    func isAppsPage(_ page: Int) -> Bool { page == shown || dragged.contains(page) }

    func decide(_ trigger: Trigger) {
        let (keep, wanted) = policyDecision(trigger)
        window = keep
        for (page, state) in pages where state.hasData && !isKeptByPolicy(page) && !isAppsPage(page) {
            if state.mark == .pending { metrics.wastedPrefetches += 1 }
            pages[page]!.hasData = false
            pages[page]!.fromPrefetch = false
            pages[page]!.mark = .none
        }
        for page in wanted where (session.first ... session.last).contains(page) && isMissing(page) && !isAppsPage(page) {
            send(.prefetch, page)
        }
    }

    func isMissing(_ page: Int) -> Bool {
        let state = pages[page, default: Page()]
        return !state.hasData && state.inFlight == nil
    }

    // MARK: The network

    func send(_ kind: Kind, _ page: Int, attempt: Int = 0) {
        let request = requestPage.count
        requestPage.append(page)
        requestKind.append(kind)
        requestAttempt.append(attempt)
        requestStartUs.append(0)
        requestOver.append(false)
        pages[page, default: Page()].inFlight = request
        metrics.requests += 1
        if kind == .prefetch {
            pages[page]!.mark = .pending
            metrics.prefetches += 1
        }
        if model.connections == 0 || activeRequests < model.connections {
            start(request)
        } else if kind == .prefetch {
            prefetchQueue.append(request)
        } else {
            urgentQueue.append(request)
        }
    }

    /// The request gets a connection: lost if everything is, or if the link is down now; its
    /// answer's place among same-instant events is taken now, before its timeout's.
    func start(_ request: Int) {
        activeRequests += 1
        requestStartUs[request] = nowUs
        let answerSequence = takeSequence()
        let down = model.outage.map { (nowUs + outagePhaseUs) % ($0.everyMs * 1_000) < $0.lengthMs * 1_000 } ?? false
        if !model.losesEverything, !down {
            schedule(.arrival(request: request), atUs: nowUs + model.rttMs * 1_000, sequence: answerSequence)
        }
        if model.timeoutMs > 0 { schedule(.timeout(request: request), atUs: nowUs + model.timeoutMs * 1_000) }
    }

    /// A connection frees up: the next waiting request takes it, demands and revalidations first.
    func freeConnection() {
        activeRequests -= 1
        if !urgentQueue.isEmpty {
            start(urgentQueue.removeFirst())
        } else if !prefetchQueue.isEmpty {
            start(prefetchQueue.removeFirst())
        }
    }

    /// The wait before retry number `attempt`: 0.5, 1, 2, 4, 8 s.
    func retryDelayUs(_ attempt: Int) -> Int {
        min(500_000 * (1 << (attempt - 1)), 8_000_000)
    }

    /// The app gives up on a request not answered in time: a prefetch is wasted (and retried as a
    /// demand if the app now waits for its page), a demand or revalidation retried up to 5 times.
    func timeOut(_ request: Int) {
        guard !requestOver[request] else { return }
        requestOver[request] = true
        freeConnection()
        metrics.failedRequests += 1
        let page = requestPage[request]
        let kind = requestKind[request]
        if pages[page]!.inFlight == request { pages[page]!.inFlight = nil }
        var retry = kind != .prefetch
        if kind == .prefetch {
            if pages[page]!.mark == .pending || pages[page]!.mark == .neededInFlight { metrics.wastedPrefetches += 1 }
            pages[page]!.mark = .none
            retry = !pages[page]!.hasData && isAppsPage(page)
        }
        let attempt = requestAttempt[request] + 1
        if retry, attempt <= 5 {
            if kind == .revalidation, pages[page]!.hasData {
                schedule(.retryRevalidation(page: page, attempt: attempt, failedUs: nowUs), atUs: nowUs + retryDelayUs(attempt))
            } else {
                schedule(.retryDemand(page: page, attempt: attempt), atUs: nowUs + retryDelayUs(attempt))
            }
        }
        decide(.requestFailed)
    }

    /// The items of `page` in `version`.
    func items(_ page: Int, _ version: Int) -> [Int] {
        model.histories[page]?.items(version: version) ?? Array(0 ..< model.items)
    }

    func arrive(_ request: Int) {
        guard !requestOver[request] else { return }
        requestOver[request] = true
        freeConnection()
        let page = requestPage[request]
        let kind = requestKind[request]
        // The server answered with the page as it was half a round trip after the request was sent.
        let version = model.histories[page]?.version(atUs: requestStartUs[request] + model.rttMs * 1_000 / 2) ?? 0
        pages[page]!.inFlight = nil
        metrics.bytes += items(page, version).count * model.itemBytes
        let kept = isKeptByPolicy(page) || isAppsPage(page)
        if kept, kind == .prefetch, pages[page]!.mark == .neededInFlight {
            pages[page]!.mark = .useful
            metrics.usefulPrefetches += 1
        }
        if !kept {
            if kind == .prefetch {
                if pages[page]!.mark == .pending || pages[page]!.mark == .neededInFlight { metrics.wastedPrefetches += 1 }
                pages[page]!.mark = .none
            }
        } else if pages[page]!.hasData {
            let held = pages[page]!.version
            if version >= held {
                if page == shown {
                    screenChanges()
                    metrics.resets += 1
                    if scrolled { metrics.disruptiveResets += 1 }
                    // By content: the list difference between what is shown and what came.
                    let difference = items(page, version).difference(from: items(page, held))
                    let operations = difference.insertions.count + difference.removals.count
                    if operations == 0 {
                        metrics.needlessResets += 1
                    } else {
                        metrics.staleUpdates += 1
                        metrics.diffOpsTotal += operations
                    }
                }
                pages[page]!.version = version
                pages[page]!.fetchedAtUs = nowUs
                pages[page]!.fromPrefetch = kind == .prefetch
            }
        } else {
            if page == shown { screenChanges() }
            pages[page]!.hasData = true
            pages[page]!.version = version
            pages[page]!.fetchedAtUs = nowUs
            pages[page]!.fromPrefetch = kind == .prefetch
            if page == shown, let since = waitSinceUs {
                waitSinceUs = nil
                if waitIsFirstLoad {
                    metrics.firstLoadMs = milliseconds(nowUs - since)
                } else {
                    recordStall(nowUs - since, abandoned: false)
                    addedWaitUs += nowUs - waitCommitUs
                    if waitHoldsUser { lateByUs += nowUs - waitCommitUs }
                }
            }
            for index in swipes.indices where swipes[index].target == page && swipes[index].stalled && swipes[index].arrivedUs == nil {
                swipes[index].arrivedUs = nowUs
            }
        }
        metrics.peakCachedPages = max(metrics.peakCachedPages, pages.values.filter(\.hasData).count)
        decide(.responseArrived)
    }

    // MARK: The policies

    func isKeptByPolicy(_ page: Int) -> Bool { window.contains(page) || alsoKept.contains(page) }

    /// The pages to keep (a window, and for `learned` `alsoKept`) and the pages to request, most
    /// urgent first.
    func policyDecision(_ trigger: Trigger) -> (ClosedRange<Int>, [Int]) {
        alsoKept = []
        switch model.policy {
        case .onDemand:
            return (shown ... shown, [])
        case let .fixed(radius):
            let keep = span(behind: radius, ahead: radius)
            return (keep, trigger == .commit ? missingByDistance(in: keep) : [])
        case let .directional(behind, ahead):
            let keep = span(behind: behind, ahead: direction == nil ? behind : ahead)
            return (keep, trigger == .commit ? missingByDistance(in: keep) : [])
        case let .staged(radius):
            let keep = span(behind: radius, ahead: radius)
            return (keep, trigger == .gestureStarted ? [] : nextStage(radius: radius))
        case let .adaptive(budget, priorSame, priorReversed):
            var behind = budget / 2
            var ahead = budget / 2
            if direction != nil {
                let same = Double(priorSame + sameWay) / Double(priorSame + priorReversed + sameWay + reversed)
                ahead = Int((Double(budget) * same).rounded(.toNearestOrAwayFromZero))
                behind = budget - ahead
            }
            let keep = span(behind: behind, ahead: ahead)
            return (keep, trigger == .commit ? missingByDistance(in: keep) : [])
        case let .learned(budget):
            // The band ±budget, and the budget likeliest pages by the model, in its order; with no
            // direction yet, at most half the budget (rounded up) on either side.
            let band = span(behind: budget, ahead: budget)
            let gapMs = previousCommitUs.flatMap { previous in lastCommitUs.map { ($0 - previous) / 1_000 } }
            let history = StepHistory(last: direction, before: previousDirection,
                                      burst: gapMs.map { $0 < Self.stepModelBurstMs } ?? false)
            let inData = ReferenceReplay.stepModel.rankedOffsets(after: history).filter { (session.first ... session.last).contains(shown + $0) }
            let perSide = direction == nil ? (budget + 1) / 2 : budget
            let picks = (inData.filter { $0 > 0 }.prefix(perSide) + inData.filter { $0 < 0 }.prefix(perSide))
                .sorted { inData.firstIndex(of: $0)! < inData.firstIndex(of: $1)! }.prefix(budget).map { shown + $0 }
            alsoKept = Set(picks.filter { !band.contains($0) })
            return (band, trigger == .commit ? picks.filter { isMissing($0) } : [])
        }
    }

    static var stepModelBurstMs: Int { ReferenceReplay.stepModel.burstMs }

    /// `behind` pages against and `ahead` pages along the direction of travel (`next` when none),
    /// within the data.
    func span(behind: Int, ahead: Int) -> ClosedRange<Int> {
        let low = direction == .prev ? shown - ahead : shown - behind
        let high = direction == .prev ? shown + behind : shown + ahead
        return max(session.first, low) ... min(session.last, high)
    }

    func missingByDistance(in keep: ClosedRange<Int>) -> [Int] {
        let along = (direction ?? .next).offset
        var result: [Int] = []
        for distance in 1 ... max(1, keep.count) {
            for page in [shown + distance * along, shown - distance * along] where keep.contains(page) && isMissing(page) {
                result.append(page)
            }
        }
        return result
    }

    /// The staged policy: the shown page must have its data and nothing in flight; then each ring
    /// of pages at distance 1, 2, … must have arrived before the next ring is asked for.
    func nextStage(radius: Int) -> [Int] {
        let shownState = pages[shown, default: Page()]
        guard shownState.hasData, shownState.inFlight == nil, radius > 0 else { return [] }
        let along = (direction ?? .next).offset
        for distance in 1 ... radius {
            var asked: [Int] = []
            var waiting = false
            for page in [shown + distance * along, shown - distance * along] where (session.first ... session.last).contains(page) {
                let state = pages[page, default: Page()]
                if state.inFlight != nil {
                    waiting = true
                } else if !state.hasData {
                    asked.append(page)
                }
            }
            if waiting || !asked.isEmpty { return asked }
        }
        return []
    }
}
