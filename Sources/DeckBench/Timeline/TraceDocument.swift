/// Timelines as a Chrome trace-event JSON file (the format Perfetto, ui.perfetto.dev, and
/// chrome://tracing open): one process per timeline (policy × network), on one time axis in
/// microseconds of the replay's virtual clock. In each process a track (thread) for the user's
/// gestures, one for the page shown (a slice per page view), one for resets, one for stalls (more
/// when stalls of overlapping swipes overlap), and one per connection in use, each request a slice
/// from when it got its connection to its end. Slices are complete events (`"ph":"X"`, with
/// `dur`); every track's events are in time order and its slices never overlap.
package struct TraceDocument {
    /// The track numbers (thread ids) within a process.
    public enum Track: Int, CaseIterable, Sendable {
        case user = 1, shownPage, resets, queued
        /// The first stall track; the k-th more is `stalls + k`.
        case stalls = 100
        /// The first connection's track; connection k + 1 is `connections + k`.
        case connections = 200

        var name: String {
            switch self {
            case .user: "user"
            case .shownPage: "shown page"
            case .resets: "resets"
            case .queued: "requests that never got a connection"
            case .stalls: "stalls"
            case .connections: "connection 1"
            }
        }
    }

    public var timelines: [SessionTimeline]
    /// Said once at the top of the file (`otherData`): the session, seed, version.
    public var about: [(String, String)]

    public init(timelines: [SessionTimeline], about: [(String, String)]) {
        self.timelines = timelines
        self.about = about
    }

    /// The JSON text: one event per line.
    public func json() -> String {
        var lines: [String] = []
        for (index, timeline) in timelines.enumerated() {
            lines += Self.events(of: timeline, process: index + 1).map(\.json)
        }
        let other = about.map { "\(JSONText.string($0.0)):\(JSONText.string($0.1))" }.joined(separator: ",")
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\(other)},\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// One trace event.
    struct Event {
        var name: String
        var category: String
        /// "X" (a slice), "i" (an instant), "M" (metadata).
        var phase: String
        var timeUs: Int
        var durationUs: Int?
        var process: Int
        var track: Int
        var args: [(String, JSONText)]

        var json: String {
            var fields = ["\"name\":\(JSONText.string(name))"]
            if !category.isEmpty { fields.append("\"cat\":\(JSONText.string(category))") }
            fields.append("\"ph\":\"\(phase)\"")
            if phase != "M" { fields.append("\"ts\":\(timeUs)") }
            if let durationUs { fields.append("\"dur\":\(durationUs)") }
            if phase == "i" { fields.append("\"s\":\"t\"") }
            fields.append("\"pid\":\(process)")
            fields.append("\"tid\":\(track)")
            if !args.isEmpty {
                fields.append("\"args\":{" + args.map { "\(JSONText.string($0.0)):\($0.1.text)" }.joined(separator: ",") + "}")
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// The events of one timeline as process `process`: metadata first, then each track's
    /// events in time order.
    static func events(of timeline: SessionTimeline, process: Int) -> [Event] {
        let started = timeline.requests.filter { $0.startedUs != nil }
        let connections = lanes(started.map { (id: $0.id, fromUs: $0.startedUs!, toUs: $0.endUs) })
        let connectionCount = (connections.values.max() ?? -1) + 1
        let stallLanes = lanes(timeline.stalls.enumerated().map { (id: $0.offset, fromUs: $0.element.fromUs, toUs: $0.element.toUs) })
        let stallTrackCount = max(1, (stallLanes.values.max() ?? -1) + 1)
        var events: [Event] = [
            Event(name: "process_name", category: "", phase: "M", timeUs: 0, process: process, track: 0,
                  args: [("name", .string("\(timeline.policy) on \(timeline.network)"))]),
            Event(name: "process_sort_index", category: "", phase: "M", timeUs: 0, process: process, track: 0,
                  args: [("sort_index", .number(process))]),
        ]
        var tracks = [Track.user, .shownPage, .resets, .queued].map { ($0.rawValue, $0.name) }
        tracks += (0 ..< stallTrackCount).map { (Track.stalls.rawValue + $0, $0 == 0 ? "stalls" : "stalls \($0 + 1) (overlapping swipes)") }
        tracks += (0 ..< connectionCount).map { (Track.connections.rawValue + $0, "connection \($0 + 1)") }
        for (track, name) in tracks {
            events.append(Event(name: "thread_name", category: "", phase: "M", timeUs: 0, process: process, track: track,
                                args: [("name", .string(name))]))
            events.append(Event(name: "thread_sort_index", category: "", phase: "M", timeUs: 0, process: process, track: track,
                                args: [("sort_index", .number(track))]))
        }
        var timed: [Event] = []
        for gesture in timeline.gestures {
            timed.append(Event(name: gesture.target.map { "\(gesture.name) → \($0)" } ?? gesture.name, category: "gesture", phase: "i",
                               timeUs: gesture.atUs, process: process, track: Track.user.rawValue,
                               args: gesture.target.map { [("page", .number($0))] } ?? []))
        }
        for view in timeline.pageViews {
            timed.append(Event(name: "page \(view.page)", category: "page view", phase: "X", timeUs: view.fromUs,
                               durationUs: view.toUs - view.fromUs, process: process, track: Track.shownPage.rawValue,
                               args: [("page", .number(view.page))]))
        }
        for (index, stall) in timeline.stalls.enumerated() {
            timed.append(Event(name: "stall on page \(stall.page)", category: "stall", phase: "X", timeUs: stall.fromUs,
                               durationUs: stall.toUs - stall.fromUs, process: process, track: Track.stalls.rawValue + stallLanes[index]!,
                               args: [("page", .number(stall.page)), ("kind", .string(stall.late ? "late" : "miss")),
                                      ("abandoned", .bool(stall.abandoned))]))
        }
        for reset in timeline.resets {
            timed.append(Event(name: reset.needless ? "needless reset" : "stale update", category: "reset", phase: "i",
                               timeUs: reset.atUs, process: process, track: Track.resets.rawValue,
                               args: [("page", .number(reset.page)), ("diff_ops", .number(reset.diffOperations))]))
        }
        for request in timeline.requests {
            var args: [(String, JSONText)] = [
                ("page", .number(request.page)), ("kind", .string(request.kind.rawValue)), ("attempt", .number(request.attempt)),
                ("bytes", .number(request.bytes)), ("end", .string(request.end.rawValue)),
                ("queued_ms", .milliseconds((request.startedUs ?? request.endUs) - request.sentUs)),
            ]
            if let outcome = request.outcome { args.append(("prefetch", .string(outcome.rawValue))) }
            let name = "\(request.kind.rawValue) page \(request.page)" + (request.attempt > 0 ? " (retry \(request.attempt))" : "")
            if let startedUs = request.startedUs, let track = connections[request.id] {
                timed.append(Event(name: name, category: "request", phase: "X", timeUs: startedUs, durationUs: request.endUs - startedUs,
                                   process: process, track: Track.connections.rawValue + track, args: args))
            } else {
                timed.append(Event(name: name, category: "request", phase: "i", timeUs: request.sentUs, process: process,
                                   track: Track.queued.rawValue, args: args))
            }
        }
        // Each track in time order; at one instant, longer slices first (they enclose the others).
        timed.sort { ($0.track, $0.timeUs, -($0.durationUs ?? 0)) < ($1.track, $1.timeUs, -($1.durationUs ?? 0)) }
        return events + timed
    }

    /// A lane for each interval, by id: the lowest lane free at its start (free again at the
    /// instant its interval ends), so the intervals of a lane never overlap; requests of a link
    /// with N connections take at most N lanes.
    static func lanes(_ intervals: [(id: Int, fromUs: Int, toUs: Int)]) -> [Int: Int] {
        var busyUntil: [Int] = []
        var lanes: [Int: Int] = [:]
        for interval in intervals.sorted(by: { ($0.fromUs, $0.id) < ($1.fromUs, $1.id) }) {
            let lane = busyUntil.firstIndex { $0 <= interval.fromUs } ?? busyUntil.count
            if lane == busyUntil.count { busyUntil.append(0) }
            busyUntil[lane] = interval.toUs
            lanes[interval.id] = lane
        }
        return lanes
    }
}
