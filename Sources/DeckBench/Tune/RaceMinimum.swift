/// The least evidence `tune`'s race judges on: a candidate is neither shown over the budget, nor
/// confirmed within it, nor shown worse than the leader until the sessions it replayed hold at
/// least `units` independent units and `navigations` navigations.
///
/// Units are what the bootstrap resamples: users when the recordings name them (the session
/// line's `user` key), else sessions (`BootstrapReplicates.units`). The normal interval on the
/// bootstrap's standard error needs the resampled mean near normal, which takes some thirty units
/// whatever their length; the navigations inside them carry the events a ratio counts, so 80 long
/// sessions of 180 navigations can be judged where 80 sessions of 3 cannot. The defaults are the
/// ones `make race-calibration` measures (docs/TUNE.md): 30 units and 1,000 navigations (at 500,
/// judging from 50 short sessions, a candidate over the budget was shipped once in 1,000 races).
package struct RaceMinimum: Sendable, Hashable {
    public var units: Int
    public var navigations: Int

    public init(units: Int, navigations: Int) {
        self.units = max(2, units)
        self.navigations = max(1, navigations)
    }

    /// 30 units and 1,000 navigations.
    public static let standard = RaceMinimum(units: 30, navigations: 1_000)

    /// Whether a sample of `units` units and `navigations` navigations may be judged.
    public func allows(units: Int, navigations: Int) -> Bool {
        units >= self.units && navigations >= self.navigations
    }
}

extension RaceMinimum {
    /// What the sessions held when the minimum, not the intervals, left candidates undecided.
    public struct Shortfall: Sendable, Hashable, CustomStringConvertible {
        public var units: Int
        public var navigations: Int
        public var minimum: RaceMinimum

        public var description: String {
            "the race judges no candidate on fewer than \(minimum.units) units (users when the recordings name them, else sessions) "
                + "or \(minimum.navigations) navigations, and the searched sessions replayed hold \(units) units and \(navigations) "
                + "navigations: this rule, not the intervals, left them undecided (--min-units and --min-navigations set it; "
                + "more sessions meet it)"
        }
    }
}
