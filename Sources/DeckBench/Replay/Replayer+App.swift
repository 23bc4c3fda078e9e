// The app's rules: what it needs, commits, revalidates, keeps and drops, and what a response does.
extension Replayer {

    /// The app needs `page` now: a prefetch whose data is cached has proved useful, one still in
    /// flight will be if its data arrives; a request for it still waiting for a connection goes
    /// to the front with demand priority; without data and without a request in flight, the app
    /// asks for it (demand).
    func need(_ page: Int) -> (hadData: Bool, late: Bool, covered: Bool) {
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
    func commit(_ navigation: PendingNavigation) -> Bool {
        guard app.commits(navigation.id, to: navigation.target) else { return false }
        noteScreen()
        leaveShownPage()
        meter.navigation(to: navigation.target, atUs: nowUs, neededUs: navigation.needUs, stalled: navigation.stalled, late: navigation.late, covered: navigation.covered)
        if navigation.stalled {
            if let arrivedUs = navigation.arrivedUs {
                recordStall(page: navigation.target, fromUs: navigation.needUs, toUs: arrivedUs, late: navigation.late, abandoned: false)
            } else {
                app.wait = OpenWait(page: navigation.target, needUs: navigation.needUs, isFirstLoad: false, late: navigation.late,
                                    sinceUs: nowUs, holdsUser: settings.userWaits && app.isIdle)
            }
        }
        app.show(navigation.target)
        trail.commit(going: navigation.direction, atUs: nowUs)
        revalidateShownPage()
        decide(.commit)
        return true
    }

    /// The user leaves the shown page: a wait for its data ends there, abandoned.
    @inline(__always)
    func leaveShownPage() {
        guard let open = app.wait else { return }
        close(open, abandoned: true)
    }

    /// The wait for the shown page ends now: the first load is measured, a stall recorded (with the
    /// time the user looked at the page without data).
    func close(_ open: OpenWait, abandoned: Bool) {
        app.wait = nil
        if open.isFirstLoad {
            meter.firstLoad(fromUs: open.needUs, toUs: nowUs)
        } else {
            recordStall(open, abandoned: abandoned)
            endWait(open)
        }
    }

    /// The stall of an open wait ends now.
    func recordStall(_ open: OpenWait, abandoned: Bool) {
        recordStall(page: open.page, fromUs: open.needUs, toUs: nowUs, late: open.late, abandoned: abandoned)
    }

    func recordStall(page: Int, fromUs: Int, toUs: Int, late: Bool, abandoned: Bool) {
        meter.stall(page: page, fromUs: fromUs, toUs: toUs, late: late, abandoned: abandoned)
    }

    /// At commit the app asks for the shown page again, unless a request for it is in flight or
    /// its copy is younger than `--max-age-ms`.
    @inline(__always)
    func revalidateShownPage() {
        let shown = app.shown
        let state = pages[shown]
        guard state.inFlight == nil else { return }
        if state.version == nil {
            send(.demand, shown)
        } else if nowUs - state.fetchedAtUs >= settings.maxAgeMs * 1_000 {
            send(.revalidation, shown)
        }
    }

    /// Asks the policy, then drops what it no longer keeps and requests what it asks for. A policy
    /// that decides at commits only is asked at commits only: on any other trigger it would keep
    /// what it keeps and request nothing. After a decision every cached page is kept or protected,
    /// and between commits a response caches only such a page, so at a gesture's start (the
    /// protected pages only grow) nothing needs dropping, and at its end only the released page may.
    /// A policy that ignores gesture starts (`ignoresGestureStarts`) is not asked at one, by the
    /// same argument. For the same reason a response's decision that keeps the single window the
    /// last one kept drops nothing, and the cached pages are not walked (the staged policy's usual
    /// case).
    func decide(_ trigger: PolicyContext.Trigger) {
        if Policy.ignoresGestureStarts, case .gestureStarted = trigger { return }
        if Policy.decidesAtCommitsOnly {
            switch trigger {
            case .responseArrived, .requestFailed, .gestureStarted: return
            case let .gestureEnded(target):
                if pages.isCached(target) && !isKept(target) && !isProtected(target) { drop(target) }
                return
            case .commit: break
            }
        }
        let keptBefore = decision.keep.singleWindow
        decision.removeAll()
        policy.decide(trail.context(trigger, current: app.shown, limits: app.limits, pages: pages), into: &decision)
        if case .responseArrived = trigger, let keptBefore, decision.keep.singleWindow == keptBefore {
            checkNothingToDrop()
        } else {
            dropWhatIsNeitherKeptNorProtected()
        }
        // The shown page and pages being dragged in are the app's (demand, revalidation, retries),
        // never a policy's prefetch.
        var position = 0
        while position < decision.requests.count {
            let page = decision.requests[position]
            position += 1
            if app.limits.contains(page) && pages.isMissing(page) && !isProtected(page) { send(.prefetch, page) }
        }
    }

    @inline(__always)
    private func dropWhatIsNeitherKeptNorProtected() {
        // From the last index down: a drop moves the last cached page into the dropped one's place.
        var index = pages.cachedCount
        while index > 0 {
            index -= 1
            let page = pages.cachedPage(at: index)
            if !isKept(page) && !isProtected(page) { drop(page) }
        }
    }

    /// With the containers' checkers on (`make test-checks`), stops the process when a decision
    /// that walked no cached page should have dropped one.
    @inline(__always)
    private func checkNothingToDrop() {
        #if DEBUG || DECKBENCH_INTERNAL_CHECKS
        guard InternalChecks.enabled else { return }
        for index in 0 ..< pages.cachedCount {
            let page = pages.cachedPage(at: index)
            precondition(isKept(page) || isProtected(page), "Replayer: cached page \(page) is neither kept nor protected")
        }
        #endif
    }

    /// Whether the policy's last decision keeps `page`.
    @inline(__always)
    func isKept(_ page: Int) -> Bool {
        decision.keep.contains(page)
    }

    /// The shown page and pages being dragged into view are never dropped nor discarded.
    @inline(__always)
    func isProtected(_ page: Int) -> Bool {
        app.isProtected(page)
    }

    func drop(_ page: Int) {
        if pages.dropped(page) { meter.prefetchJudged(page: page, useful: false) }
    }

    /// A response arrives: it fills the cache, resets the shown page, or is discarded.
    func deliver(_ id: Int) {
        let (page, isPrefetch, version) = (requests[id].page, requests[id].kind == .prefetch, requests[id].version)
        // Read once and written once: nothing below writes to the table before the write back
        // (noteScreen reads the shown page's version, which is still the old one).
        let slot = pages.slot(of: page)
        let old = pages.state(of: page, at: slot)
        var state = old
        state.inFlight = nil
        let wanted = isKept(page) || isProtected(page)
        if wanted, isPrefetch, state.prefetch == .neededInFlight {
            state.prefetch = .useful
            meter.prefetchJudged(page: page, useful: true)
        }
        if !wanted {
            if state.prefetch.isOpen, isPrefetch { meter.prefetchJudged(page: page, useful: false) }
            if isPrefetch { state.prefetch = .none }
            pages.update(page, at: slot, from: old, to: state)
        } else if let held = state.version {
            if version >= held {
                if page == app.shown {
                    noteScreen()
                    countReset(page: page, from: held, to: version)
                }
                state.version = version
                state.fetchedAtUs = nowUs
                state.dataFromPrefetch = isPrefetch
            }
            pages.update(page, at: slot, from: old, to: state)
        } else {
            if page == app.shown { noteScreen() }
            state.version = version
            state.fetchedAtUs = nowUs
            state.dataFromPrefetch = isPrefetch
            pages.update(page, at: slot, from: old, to: state)
            dataArrived(page)
        }
        meter.cached(pages: pages.cachedCount)
        decide(.responseArrived(page: page))
    }

    /// The shown page reloads with a response: needless when its content is identical to what is
    /// shown (a list difference of 0 operations, whatever the versions say), a stale update
    /// otherwise.
    func countReset(page: Int, from held: Int, to version: Int) {
        let operations = version == held ? 0 : commons.diffOperations(page: page, from: held, to: version)
        meter.reset(page: page, atUs: nowUs, diffOperations: operations, scrolled: app.scrolled)
    }

    /// The first data for `page`: it ends the wait of the shown page and of swipes dragging it in.
    func dataArrived(_ page: Int) {
        if page == app.shown, let open = app.wait {
            close(open, abandoned: false)
        }
        app.dataArrived(page, atUs: nowUs)
    }
}
