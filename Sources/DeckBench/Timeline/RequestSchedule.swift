/// A replay's request schedule as data: every request (when the app asked, when it got a
/// connection, when it ended, its bytes) and every navigation (when its data was needed, whether
/// it stalled, which request brought its data). `deckbench schedule` writes it; the real-network
/// check (`realnet/`) plays its requests over a real TCP stack and judges each navigation again
/// by the real arrival of the request that brought its data.
package struct RequestSchedule: Sendable {
    /// One request of one replay.
    public struct Row: Sendable, Equatable {
        public var session: String
        public var policy: String
        public var network: String
        public var request: SessionTimeline.RequestSpan
        /// When the app first needed the request's page while it was pending (a prefetch waiting
        /// for a connection then goes to the front); nil when no navigation waited for it.
        public var neededUs: Int?
    }

    /// One navigation of one replay: its page was needed from `neededUs` and shown from `shownUs`
    /// until the user left at `leftUs`.
    public struct Navigation: Sendable, Equatable {
        public var session: String
        public var policy: String
        public var network: String
        public var page: Int
        public var neededUs: Int
        public var shownUs: Int
        public var leftUs: Int
        /// The replay's stall, if the data was not there at need time: until `stallEndUs`.
        public var stalled: Bool
        public var stallEndUs: Int?
        public var abandoned: Bool
        /// The request whose data the page showed (or was waiting for); nil if the replay has none.
        public var supplier: Int?
    }

    public private(set) var requests: [Row] = []
    public private(set) var navigations: [Navigation] = []

    public init(timelines: [SessionTimeline]) {
        for timeline in timelines { add(timeline) }
    }

    private mutating func add(_ timeline: SessionTimeline) {
        let spans = timeline.requests
        var neededUs = [Int?](repeating: nil, count: spans.count)
        // The first page view is the session's first load, not a navigation.
        for view in timeline.pageViews.dropFirst() {
            let stall = timeline.stalls.first { $0.page == view.page && $0.fromUs == view.neededUs }
            let supplier = Self.supplier(of: view, stall: stall, in: spans)
            if let supplier, stall != nil, spans[supplier].startedUs.map({ $0 > view.neededUs }) ?? true {
                neededUs[supplier] = neededUs[supplier] ?? view.neededUs
            }
            navigations.append(Navigation(session: timeline.sessionID, policy: timeline.policy, network: timeline.network,
                                          page: view.page, neededUs: view.neededUs, shownUs: view.fromUs, leftUs: view.toUs,
                                          stalled: stall != nil, stallEndUs: stall?.toUs, abandoned: stall?.abandoned ?? false,
                                          supplier: supplier))
        }
        for span in spans {
            requests.append(Row(session: timeline.sessionID, policy: timeline.policy, network: timeline.network, request: span,
                                neededUs: neededUs[span.id]))
        }
    }

    /// The request that brought (or was to bring) the page of `view`: without a stall, the last
    /// arrival for the page by need time; with one, the arrival that ended it (a retry, when the
    /// request in flight at need time failed), or for a stall the user left, the request for the
    /// page in flight at need time.
    static func supplier(of view: SessionTimeline.PageView, stall: SessionTimeline.Stall?, in spans: [SessionTimeline.RequestSpan]) -> Int? {
        let forPage = spans.lazy.filter { $0.page == view.page }
        guard let stall else {
            return forPage.last { $0.end == .arrived && $0.endUs <= view.neededUs }?.id
        }
        if !stall.abandoned {
            return forPage.first { $0.end == .arrived && $0.endUs == stall.toUs }?.id
        }
        return forPage.first { $0.sentUs <= stall.fromUs && $0.endUs > stall.fromUs }?.id
    }

    /// requests.csv: a row a request, in replay order (session, policy, network, then id).
    public var requestsCSV: String {
        var writer = CSVWriter(header: ["session", "policy", "network", "request", "page", "kind", "attempt", "bytes",
                                        "sent_us", "started_us", "end_us", "end", "needed_us"])
        for row in requests {
            let span = row.request
            writer.appendRow([row.session, row.policy, row.network, String(span.id), String(span.page), span.kind.rawValue,
                              String(span.attempt), String(span.bytes), String(span.sentUs), span.startedUs.map(String.init) ?? "",
                              String(span.endUs), Self.endName(span.end), row.neededUs.map(String.init) ?? ""])
        }
        return writer.text
    }

    /// navigations.csv: a row a navigation (the first page of a session is its first load, not
    /// one), in replay order.
    public var navigationsCSV: String {
        var writer = CSVWriter(header: ["session", "policy", "network", "page", "needed_us", "shown_us", "left_us", "stalled",
                                        "stall_end_us", "abandoned", "supplier"])
        for row in navigations {
            writer.appendRow([row.session, row.policy, row.network, String(row.page), String(row.neededUs), String(row.shownUs),
                              String(row.leftUs), row.stalled ? "1" : "0", row.stallEndUs.map(String.init) ?? "",
                              row.abandoned ? "1" : "0", row.supplier.map(String.init) ?? ""])
        }
        return writer.text
    }

    private static func endName(_ end: SessionTimeline.RequestSpan.End) -> String {
        switch end {
        case .arrived: "arrived"
        case .failed: "failed"
        case .waitingAtEnd: "waiting_at_end"
        case .inFlightAtEnd: "in_flight_at_end"
        }
    }
}
