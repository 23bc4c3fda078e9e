/// Everything that happened in one replay of one session (one policy, one network), as the
/// replayer told it (`ReplayObserver`): the material of `deckbench trace`'s timeline.
public final class SessionTimeline: ReplayObserver {
    /// One request, from the app's ask to its end.
    public struct RequestSpan: Sendable, Equatable {
        public enum Kind: String, Sendable { case demand, revalidation, prefetch }
        /// How a prefetch turned out; `nil` for the app's own requests.
        public enum Outcome: String, Sendable { case useful, wasted }
        /// How the request ended.
        public enum End: String, Sendable {
            case arrived, failed
            /// Still waiting for a connection, or in flight, when the session ended.
            case waitingAtEnd = "waiting for a connection at the end"
            case inFlightAtEnd = "in flight at the end"
        }

        public var id: Int
        public var page: Int
        public var kind: Kind
        /// 0 for a first try, n for the n-th retry.
        public var attempt: Int
        public var sentUs: Int
        /// When it got a connection; `nil` if it never did.
        public var startedUs: Int?
        public var endUs: Int
        public var end: End
        public var bytes: Int
        public var outcome: Outcome?
    }

    public struct Stall: Sendable, Equatable {
        public var page: Int
        public var fromUs: Int
        public var toUs: Int
        /// A request for the page was already in flight at need time.
        public var late: Bool
        public var abandoned: Bool
    }

    public struct Reset: Sendable, Equatable {
        public var page: Int
        public var atUs: Int
        public var needless: Bool
        public var diffOperations: Int
    }

    /// A page on screen from `fromUs` to `toUs`, its data needed from `neededUs` (the start of
    /// the gesture that brought it; 0 for the session's first page).
    public struct PageView: Sendable, Equatable {
        public var page: Int
        public var fromUs: Int
        public var toUs: Int
        public var neededUs: Int
    }

    public struct Gesture: Sendable, Equatable {
        public var name: String
        public var target: Int?
        public var atUs: Int
    }

    public let policy: String
    public let network: String
    public private(set) var sessionID = ""
    public private(set) var gestures: [Gesture] = []
    public private(set) var pageViews: [PageView] = []
    /// By id: a replay numbers its requests 0, 1, … in the order it sends them.
    public private(set) var requests: [RequestSpan] = []
    public private(set) var stalls: [Stall] = []
    public private(set) var resets: [Reset] = []
    public private(set) var endUs = 0
    /// The last prefetch request of each page, whose outcome a judgement is about.
    private var lastPrefetch: [Int: Int] = [:]

    public init(policy: String, network: String) {
        self.policy = policy
        self.network = network
    }

    func sessionBegan(_ session: Session) {
        sessionID = session.id
    }

    func gesture(_ gesture: TimelineGesture, atUs: Int) {
        let (name, target): (String, Int?) = switch gesture {
        case let .swipeStarted(target, cancelled): (cancelled ? "swipe (cancelled)" : "swipe", target)
        case let .swipeCommitted(target): ("commit", target)
        case let .swipeEnded(target): ("swipe ended without a commit", target)
        case let .tap(target): ("tap", target)
        case let .jump(target): ("jump", target)
        case .bounce: ("bounce", nil)
        case .scroll: ("scroll", nil)
        }
        gestures.append(Gesture(name: name, target: target, atUs: atUs))
    }

    func pageShown(_ page: Int, atUs: Int, neededUs: Int) {
        if let last = pageViews.indices.last { pageViews[last].toUs = atUs }
        pageViews.append(PageView(page: page, fromUs: atUs, toUs: atUs, neededUs: neededUs))
    }

    func requestSent(_ id: Int, page: Int, kind: Request.Kind, attempt: Int, atUs: Int) {
        let spanKind: RequestSpan.Kind = switch kind {
        case .demand: .demand
        case .revalidation: .revalidation
        case .prefetch: .prefetch
        }
        requests.append(RequestSpan(id: id, page: page, kind: spanKind, attempt: attempt, sentUs: atUs, startedUs: nil,
                                    endUs: atUs, end: .waitingAtEnd, bytes: 0, outcome: nil))
        if kind == .prefetch { lastPrefetch[page] = id }
    }

    func requestEnded(_ id: Int, _ request: Request, failed: Bool, atUs: Int) {
        requests[id].startedUs = request.startedUs
        requests[id].endUs = atUs
        requests[id].end = failed ? .failed : .arrived
        requests[id].bytes = failed ? 0 : request.bytes
    }

    func prefetchJudged(page: Int, useful: Bool) {
        guard let id = lastPrefetch[page] else { return }
        requests[id].outcome = useful ? .useful : .wasted
    }

    func stall(page: Int, fromUs: Int, toUs: Int, late: Bool, abandoned: Bool) {
        stalls.append(Stall(page: page, fromUs: fromUs, toUs: toUs, late: late, abandoned: abandoned))
    }

    func reset(page: Int, atUs: Int, needless: Bool, diffOperations: Int) {
        resets.append(Reset(page: page, atUs: atUs, needless: needless, diffOperations: diffOperations))
    }

    func sessionEnded(atUs: Int, requests log: RequestLog) {
        endUs = atUs
        if let last = pageViews.indices.last { pageViews[last].toUs = atUs }
        for index in requests.indices where requests[index].end == .waitingAtEnd {
            let request = log[requests[index].id]
            requests[index].endUs = atUs
            if request.started {
                requests[index].startedUs = request.startedUs
                requests[index].end = .inFlightAtEnd
            }
        }
        for index in requests.indices where requests[index].kind == .prefetch && requests[index].outcome == nil {
            requests[index].outcome = .wasted
        }
    }
}
