/// One request of a replay, from the app's ask to the response's arrival.
struct Request {
    enum Kind {
        /// The app needs a page that has no data and nothing in flight.
        case demand
        /// The app refreshes the page it just showed.
        case revalidation
        /// A policy asked for the page ahead of need.
        case prefetch

        /// Demand and revalidation go before prefetch in the queue for a connection.
        var isUrgent: Bool { self != .prefetch }
    }

    var page: Int
    var kind: Kind
    /// The two halves of this request's round trip, µs.
    var upUs: Int
    var downUs: Int
    /// Set when the server answers.
    var version = 0
    var bytes = 0
    /// The network will never answer this request (loss, outage).
    var lost = false
    /// On an `empirical` network, the recorded request whose times this one takes; −1 otherwise.
    var record = -1
    /// 0 for a first try, n for the n-th retry.
    var attempt = 0
    /// When the app gives up on the request, and the sequence number of that timeout (set when
    /// it starts, if requests time out).
    var deadlineUs = 0
    var deadlineSequence = 0
    /// The sequence number of the response's arrival, taken when the request got its connection:
    /// responses arriving at the same instant come in the order their requests started.
    var arrivalSequence = 0
    /// When the request got its connection, µs (set when `started`).
    var startedUs = 0
    /// Whether the request holds a connection, has arrived, or was given up.
    var started = false
    var finished = false
    var failed = false

    /// The response arrived: finished, unless the app gave up on it first (false then).
    mutating func finish() -> Bool {
        guard !failed else { return false }
        finished = true
        return true
    }

    /// The app gives up on it: failed, unless its response arrived first (false then).
    mutating func fail() -> Bool {
        guard !finished else { return false }
        failed = true
        return true
    }
}
