// Requests on the link: sending, losing, failing and retrying, round trips and the server's answer.
extension Replayer {

    /// The app asks for `page`: the link draws the request's network (round trip, loss) and takes it.
    func send(_ kind: Request.Kind, _ page: Int, attempt: Int = 0) {
        let n = pages.sent(page, request: requests.count, prefetch: kind == .prefetch)
        let draw = link.draw(page: page, n: n, &commons.draws)
        var request = Request(page: page, kind: kind, upUs: draw.roundTripUs / 2, downUs: draw.roundTripUs - draw.roundTripUs / 2)
        request.attempt = attempt
        request.lost = draw.lost
        request.record = draw.record
        let id = requests.append(request)
        meter.requestSent(id, page: page, kind: kind, attempt: attempt, atUs: nowUs)
        link.submit(id, requests, &queue)
    }

    /// The app gave up on request `id`: a demand or revalidation is tried again later, and so is a
    /// prefetch of a page the app now needs (shown or dragged in without data: the app waits for
    /// it); another prefetch is not (its policy may ask again).
    func failed(_ id: Int) {
        let (page, kind, attempt) = (requests[id].page, requests[id].kind, requests[id].attempt)
        let isPrefetch = kind == .prefetch
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
            // A revalidation of a page that lost its data meanwhile (dropped while it was in flight)
            // is what the app now waits for: it is tried again as a demand.
            if kind == .revalidation, state.version != nil {
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
    func retryDemand(_ page: Int, attempt: Int) {
        let state = pages[page]
        guard state.inFlight == nil, state.version == nil, isProtected(page) else { return }
        send(.demand, page, attempt: attempt)
    }

    /// A failed revalidation is tried again while its page is shown with data, nothing for it is in
    /// flight, no newer copy came since it failed and the copy is at least `--max-age-ms` old.
    func retryRevalidation(_ page: Int, attempt: Int) {
        let state = pages[page]
        let failedUs = nowUs - RetryPolicy.delayUs(attempt: attempt)
        guard state.inFlight == nil, page == app.shown, state.version != nil, state.fetchedAtUs <= failedUs,
              nowUs - state.fetchedAtUs >= settings.maxAgeMs * 1_000 else { return }
        send(.revalidation, page, attempt: attempt)
    }

    /// The server answers request `id` with the page as it was when the request reached it;
    /// false when the app gave up on it meanwhile (no answer). Inlined into the loop (once a
    /// request), as it was before `ServerPages.response` was.
    @inline(__always)
    func answer(_ id: Int) -> Bool {
        let serverUs = link.serverTimeUs(now: nowUs)
        let itemBytes = settings.content.itemBytes
        return requests.update(id) { request in
            guard !request.failed else { return false }
            let response = commons.content.response(page: request.page, atUs: serverUs)
            request.version = response.version
            request.bytes = response.itemCount * itemBytes
            return true
        }
    }
}
