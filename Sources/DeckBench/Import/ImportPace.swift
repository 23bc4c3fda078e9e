/// How fast an import's sessions go: the time from each of a session's actions to its next (a
/// page view to the next view, a stroke's touch down to the next stroke's), in ms as the log's
/// times read. A person's median lies between a tenth of a second (a swipe alone takes about 300
/// ms) and ten minutes (past that the views are no sitting), whatever the app: a median outside
/// is times read in the wrong unit (seconds read as ms put views 4 ms apart, µs read as ms 83
/// minutes apart), and `Importer.run` refuses the file rather than write recordings of it.
package struct ImportPace: Sendable {
    /// Where the median time between a person's consecutive actions lies, ms.
    public static let plausibleMedianMs = 100.0 ... 600_000.0

    /// The times between consecutive actions of the sessions written so far: their distribution,
    /// which says the median (exact up to 2,047 ms, at most 0.1 % above it past that), and how
    /// many fall below and above the plausible bounds, which decide exactly.
    private(set) var intervals = Distribution()
    private var belowPlausible = 0
    private var abovePlausible = 0

    public init() {}

    /// Adds the intervals between a written session's actions, at `actionTimesMs` (in order).
    mutating func record(_ actionTimesMs: [Int]) {
        for (earlier, later) in zip(actionTimesMs, actionTimesMs.dropFirst()) {
            let interval = later - earlier
            intervals.record(interval)
            if Double(interval) < Self.plausibleMedianMs.lowerBound { belowPlausible += 1 }
            if Double(interval) > Self.plausibleMedianMs.upperBound { abovePlausible += 1 }
        }
    }

    /// Why the times, read as `time`'s unit, cannot be a person's `actions` ("views",
    /// "strokes"), with the unit that makes them one when another does; nil when they can be,
    /// when no session has two actions, or for dates and times (whose unit is not in doubt).
    func implausibleUnit(_ time: LogTime, actions: String) -> String? {
        guard time.unit.placesToMs != nil, intervals.count > 0 else { return nil }
        // The median is the value at rank ⌈n / 2⌉: below the bounds when that many are, above
        // them when fewer than that are not.
        let rank = (intervals.count + 1) / 2
        guard belowPlausible >= rank || intervals.count - abovePlausible < rank else { return nil }
        let median = Double(intervals.value(at: 50))
        let limits = Self.plausibleMedianMs
        let read = "the median time between a session's consecutive \(actions) is \(Self.said(median)) ms read as "
            + "\(time.unit.rawValue) (\(intervals.count) intervals): a person's are \(Self.said(limits.lowerBound)) ms to "
            + "\(Self.said(limits.upperBound / 60_000)) minutes apart on the median"
        if let other = time.reread(median, within: limits) {
            return read + "; read as \(other.unit.spokenName) it is \(Self.said(other.ms)) ms: give \(time.option)\(other.unit.rawValue)"
        }
        return read + "; check the unit the times are written in, and leave out of the export sessions that are no person's "
            + "(a test's, a crawler's)"
    }

    private static func said(_ value: Double) -> String { LogTime.said(value) }
}
