import Foundation

/// How fast an import's sessions go: the time from each of a session's actions to its next (a
/// change of page to the next change, the first view counting as one; a stroke's touch down to
/// the next stroke's), in ms as the log's times read, fractions kept. A person's median lies
/// between a tenth of a second (a swipe alone takes about 300 ms) and ten minutes (past that the
/// views are no sitting), whatever the app: a median outside is times read in the wrong unit
/// (seconds read as ms put views 4 ms apart, µs read as ms 83 minutes apart). `Importer.run`
/// refuses such a file rather than write recordings of it, and warns on fewer intervals than
/// `fewestToRefuse`, too few to tell a unit from a quick pair of views.
///
/// Whether the median lies within the bounds, as read and as every other numeric unit would read
/// it, is decided exactly, by counting the intervals below and above each unit's bounds; the
/// median itself, said in messages, to about 2 % (the mean of a bin a hundredth of a decade wide).
package struct ImportPace: Sendable {
    /// Where the median time between a person's consecutive actions lies, ms.
    public static let plausibleMedianMs = 100.0 ... 600_000.0
    /// Below this many intervals a median outside the bounds is warned about, not refused.
    public static let fewestToRefuse = 10

    /// The unit the times were read in.
    let unit: LogTime.Unit
    /// The intervals recorded.
    private(set) var count = 0
    /// Per numeric unit (`LogTime.Unit.numeric` order), the intervals that, read in that unit,
    /// fall below and above the bounds.
    private var belowIn: [Int]
    private var aboveIn: [Int]
    /// The intervals by bin of a hundredth of a decade (`bin(of:)`), with their sum, zeros in
    /// `zeros`.
    private var bins: [Int: (count: Int, sum: Double)] = [:]
    private var zeros = 0

    public init(unit: LogTime.Unit = .ms) {
        self.unit = unit
        belowIn = Array(repeating: 0, count: LogTime.Unit.numeric.count)
        aboveIn = belowIn
    }

    /// Adds the intervals between a written session's actions, at `actionTimesMs` (in order).
    mutating func record(_ actionTimesMs: [Double]) {
        for (earlier, later) in zip(actionTimesMs, actionTimesMs.dropFirst()) {
            let interval = max(0, later - earlier)
            count += 1
            // Dates and times are counted for the intervals of 0 alone: their unit is not in doubt.
            guard let places = unit.placesToMs else {
                if interval == 0 { zeros += 1 }
                continue
            }
            // Within a part in 10⁹ of a bound is at it: a difference of two times read as
            // decimals (0.2 − 0.1 ms) is not the tenth it stands for in binary, and read as seconds
            // it would fall a hair under 100 ms.
            for (index, other) in LogTime.Unit.numeric.enumerated() {
                let read = interval * Self.factor(from: places, to: other)
                if read < Self.plausibleMedianMs.lowerBound * (1 - 1e-9) { belowIn[index] += 1 }
                if read > Self.plausibleMedianMs.upperBound * (1 + 1e-9) { aboveIn[index] += 1 }
            }
            if interval > 0 {
                bins[Self.bin(of: interval), default: (0, 0)].count += 1
                bins[Self.bin(of: interval), default: (0, 0)].sum += interval
            } else {
                zeros += 1
            }
        }
    }

    /// What a file of these intervals gets: nil when their median can be a person's, or nothing
    /// can be told (no interval; dates and times, whose unit is not in doubt, unless most of their
    /// intervals are 0, as in any unit); else why not, in
    /// `actions` ("page changes", "strokes"), with the unit that makes it one when another does,
    /// and whether that refuses the file (`fewestToRefuse` intervals or more) or warns.
    func verdict(_ time: LogTime, actions: String) -> (reason: String, refuses: Bool)? {
        guard count > 0 else { return nil }
        let rank = (count + 1) / 2
        // Most actions at the instant of the one before: no unit makes that a pace, dates and times neither.
        if zeros >= rank {
            return ("\(zeros) of the \(count) times between a session's consecutive \(actions) are 0: the times are not when they "
                + "happened (an upload's or a batch's time?), or are cut to a unit coarser than a person's pace (whole seconds, "
                + "minutes); check the time column", count >= Self.fewestToRefuse)
        }
        guard let places = unit.placesToMs, let own = LogTime.Unit.numeric.firstIndex(of: unit) else { return nil }
        func isBelow(_ index: Int) -> Bool { belowIn[index] >= rank }
        func isAbove(_ index: Int) -> Bool { count - aboveIn[index] < rank }
        guard isBelow(own) || isAbove(own) else { return nil }
        let median = approximateMedian()
        let limits = Self.plausibleMedianMs
        let below = isBelow(own)
        let side = below ? "under \(Self.said(limits.lowerBound)) ms" : "over \(Self.said(limits.upperBound / 60_000)) minutes"
        // Said with more digits where three would round it onto the bound it is past.
        var about = Self.saidAbout(median)
        if below ? median * (1 + 5e-3) >= limits.lowerBound : median * (1 - 5e-4) <= limits.upperBound {
            about = String(format: "%.7g", median)
        }
        var reason = "the median time between a session's consecutive \(actions) is \(side) read as \(unit.spokenName) (about "
            + "\(about) ms, over \(count) interval\(count == 1 ? "" : "s")): a person's are \(Self.said(limits.lowerBound)) ms "
            + "to \(Self.said(limits.upperBound / 60_000)) minutes apart on the median"
        let fitting = LogTime.Unit.numeric.indices.filter { !isBelow($0) && !isAbove($0) }
        let nearest = fitting.min { abs((LogTime.Unit.numeric[$0].placesToMs ?? 0) - places) < abs((LogTime.Unit.numeric[$1].placesToMs ?? 0) - places) }
        if let nearest {
            let other = LogTime.Unit.numeric[nearest]
            reason += "; read as \(other.spokenName) it is about \(Self.saidAbout(median * Self.factor(from: places, to: other))) ms: "
                + "give \(time.option)\(other.rawValue)"
        } else if below {
            reason += "; check the unit the times are written in, and leave out of the export sessions that are no person's "
                + "(a test's, a crawler's)"
        } else {
            reason += "; check the unit the times are written in, and that a session id names one visit (a user's id "
                + "spans days)"
        }
        return (reason, count >= Self.fewestToRefuse)
    }

    /// The median, as the mean of its bin's intervals (within 2.3 %; exact when they are one value).
    private func approximateMedian() -> Double {
        let rank = (count + 1) / 2
        guard rank > zeros else { return 0 }
        var reached = zeros
        for (_, bin) in bins.sorted(by: { $0.key < $1.key }) {
            reached += bin.count
            if reached >= rank { return bin.sum / Double(bin.count) }
        }
        return 0
    }

    /// The bin of a positive interval: a hundredth of a decade wide.
    private static func bin(of interval: Double) -> Int {
        Int((log10(interval) * 100).rounded(.down))
    }

    /// What a number of ms read in a unit of `places` is, read in `other` instead, per ms.
    private static func factor(from places: Int, to other: LogTime.Unit) -> Double {
        pow(10, Double((other.placesToMs ?? 0) - places))
    }

    private static func said(_ value: Double) -> String { LogTime.said(value) }

    /// An approximate value as a message says it: three significant digits (about 40,300 ms, not
    /// 40,272).
    private static func saidAbout(_ value: Double) -> String {
        guard value >= 100, value.isFinite else { return String(format: "%.3g", value) }
        let scale = pow(10, (log10(value)).rounded(.down) - 2)
        return LogTime.said((value / scale).rounded() * scale)
    }
}
