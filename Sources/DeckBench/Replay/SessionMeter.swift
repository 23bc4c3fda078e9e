/// The one receiver of what the replay model does in a session: each event counts into the
/// session's metrics and the run's summary here, and goes on to the observer when there is one
/// (`deckbench trace`), so the trace and the CSVs agree by construction. The `Replayer` decides
/// what happens; this says what it counted for.
struct SessionMeter {
    /// The session's metrics so far (complete after `finish`).
    private(set) var metrics = SessionMetrics()
    /// Every session metered so far, summed.
    var summary = MetricsSummary()
    /// Told what happens as it happens; none in a run.
    var observer: (any ReplayObserver)?
    /// The session's bootstrap bucket; nil without intervals.
    private var bucket: Int?
    /// Stall times, time on screen (and stale), and time spent looking at a page without data
    /// after its gesture, µs: each rounded once, at the end.
    private var stallUs = 0
    private var shownUs = 0
    private var staleShownUs = 0
    private var addedWaitUs = 0
    /// Navigations without a stall, recorded as 0 ms stalls at the end.
    private var instantNavigations = 0

    /// A new session starts; `bucket` is its bootstrap bucket when the run has intervals.
    @inline(__always) mutating func begin(_ session: Session, bucket: Int?) {
        metrics = SessionMetrics()
        self.bucket = bucket
        stallUs = 0
        shownUs = 0
        staleShownUs = 0
        addedWaitUs = 0
        instantNavigations = 0
        observer?.sessionBegan(session)
    }

    // MARK: The user

    /// A gesture the timeline shows and no metric counts (the start or end of a swipe, a tap, a
    /// jump, a scroll).
    @inline(__always) mutating func gesture(_ gesture: TimelineGesture, atUs: Int) {
        observer?.gesture(gesture, atUs: atUs)
    }

    /// A step past the first or last page.
    @inline(__always) mutating func bounce(atUs: Int) {
        metrics.bounces += 1
        observer?.gesture(.bounce, atUs: atUs)
    }

    /// A swipe that never became a navigation showed its page without data while dragged.
    @inline(__always) mutating func blankDrag() {
        metrics.blankDrags += 1
    }

    /// A navigation committed: `page` is shown from `atUs`, its data needed from `neededUs`.
    @inline(__always) mutating func navigation(to page: Int, atUs: Int, neededUs: Int, stalled: Bool, late: Bool, covered: Bool) {
        metrics.navigations += 1
        if covered { metrics.coveredNavigations += 1 }
        if stalled {
            metrics.stalls += 1
            if late { metrics.lateStalls += 1 } else { metrics.missStalls += 1 }
        } else {
            instantNavigations += 1
        }
        observer?.pageShown(page, atUs: atUs, neededUs: neededUs)
    }

    /// The session's first page is shown at t = 0.
    @inline(__always) mutating func firstPage(_ page: Int) {
        observer?.pageShown(page, atUs: 0, neededUs: 0)
    }

    @inline(__always) mutating func firstLoad(fromUs: Int, toUs: Int) {
        metrics.firstLoadMs = Self.milliseconds(toUs - fromUs)
    }

    /// A stall ended: the data came, or the user left (`abandoned`).
    @inline(__always) mutating func stall(page: Int, fromUs: Int, toUs: Int, late: Bool, abandoned: Bool) {
        observer?.stall(page: page, fromUs: fromUs, toUs: toUs, late: late, abandoned: abandoned)
        let milliseconds = Self.milliseconds(toUs - fromUs)
        if abandoned { metrics.abandonedStalls += 1 }
        stallUs += toUs - fromUs
        metrics.stallMsMax = max(metrics.stallMsMax, milliseconds)
        summary.stallMsPerStall.record(milliseconds)
        if let bucket { summary.replicates.recordStall(milliseconds, bucket: bucket) }
    }

    /// The user looked at a page without data after its gesture for `microseconds`.
    @inline(__always) mutating func waited(_ microseconds: Int) {
        addedWaitUs += microseconds
    }

    /// The screen showed a page with data for `microseconds`, `staleMicroseconds` of them while
    /// the server had a newer version.
    @inline(__always) mutating func screen(_ microseconds: Int, stale staleMicroseconds: Int) {
        shownUs += microseconds
        staleShownUs += staleMicroseconds
    }

    // MARK: The app and the network

    @inline(__always) mutating func requestSent(_ id: Int, page: Int, kind: Request.Kind, attempt: Int, atUs: Int) {
        // Wrapping: one a request of the session.
        metrics.requests &+= 1
        if kind == .prefetch { metrics.prefetches &+= 1 }
        if attempt > 0 { metrics.retries &+= 1 }
        observer?.requestSent(id, page: page, kind: kind, attempt: attempt, atUs: atUs)
    }

    /// Request `id` of `requests` arrived: its bytes count.
    @inline(__always) mutating func requestArrived(_ id: Int, of requests: RequestLog, atUs: Int) {
        metrics.bytes += requests[id].bytes
        observer?.requestEnded(id, requests[id], failed: false, atUs: atUs)
    }

    /// The app gave up on request `id` of `requests`.
    @inline(__always) mutating func requestFailed(_ id: Int, of requests: RequestLog, atUs: Int) {
        metrics.failedRequests += 1
        observer?.requestEnded(id, requests[id], failed: true, atUs: atUs)
    }

    /// A prefetch delivered data the user needed (`useful`), or will not.
    @inline(__always) mutating func prefetchJudged(page: Int, useful: Bool) {
        if useful { metrics.usefulPrefetches += 1 } else { metrics.wastedPrefetches += 1 }
        observer?.prefetchJudged(page: page, useful: useful)
    }

    @inline(__always) mutating func cached(pages count: Int) {
        metrics.peakCachedPages = max(metrics.peakCachedPages, count)
    }

    /// The shown page reloaded: needless with 0 list operations, a stale update otherwise.
    @inline(__always) mutating func reset(page: Int, atUs: Int, diffOperations: Int, scrolled: Bool) {
        metrics.resets += 1
        if scrolled { metrics.disruptiveResets += 1 }
        observer?.reset(page: page, atUs: atUs, needless: diffOperations == 0, diffOperations: diffOperations)
        if diffOperations == 0 {
            metrics.needlessResets += 1
        } else {
            metrics.staleUpdates += 1
            metrics.diffOpsTotal += diffOperations
            summary.diffOps.record(diffOperations)
        }
    }

    // MARK: The end

    /// The session ended at `endUs` with `unjudgedPrefetches` never judged (wasted); its metrics
    /// are complete and added to the summary.
    @inline(__always) mutating func finish(atUs endUs: Int, unjudgedPrefetches: Int, requests: RequestLog) {
        metrics.shownMs = Self.milliseconds(shownUs)
        metrics.staleShownMs = Self.milliseconds(staleShownUs)
        metrics.sessionMs = Self.milliseconds(endUs)
        metrics.addedWaitMs = Self.milliseconds(addedWaitUs)
        metrics.stallMsTotal = Self.milliseconds(stallUs)
        metrics.wastedPrefetches += unjudgedPrefetches
        summary.navigationsWithoutStall += instantNavigations
        if let bucket, instantNavigations > 0 { summary.replicates.recordStall(0, count: instantNavigations, bucket: bucket) }
        if let firstLoadMs = metrics.firstLoadMs { summary.firstLoadMs.record(firstLoadMs) }
        observer?.sessionEnded(atUs: endUs, requests: requests)
        let finished = metrics
        summary.add(finished)
        if let bucket { summary.replicates.add(finished, bucket: bucket) }
    }

    /// The sessions summed since the last call, handed over; the summary starts again empty (with
    /// intervals as before).
    mutating func takeSummary() -> MetricsSummary {
        defer { summary = MetricsSummary(replicates: summary.replicates.replicates) }
        return summary
    }

    /// Microseconds to whole milliseconds, rounded half up.
    static func milliseconds(_ microseconds: Int) -> Int { (microseconds + 500) / 1_000 }
}
