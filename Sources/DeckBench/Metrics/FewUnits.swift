/// The rule for intervals that rest on few independent units (users when the recordings name
/// them, else sessions: `BootstrapReplicates.units`).
///
/// A bootstrap's percentile interval treats the spread of its replicates as the statistic's
/// sampling spread. With a handful of units that spread is too small twice over: it divides by n
/// where an unbiased estimate divides by n − 1, and its 2.5th and 97.5th percentiles sit about a
/// normal's 1.96 spreads out where a spread estimated from n units needs Student's t with n − 1
/// degrees of freedom. On 4-user corpora the ratios' intervals held the truth 80–87 % of the time,
/// on 11-user ones 85–94 % (docs/STATISTICS.md, "Few units"). So below `widenedBelow` units an
/// interval becomes the point ± `widening(units:)` times the farther of its two ends' distances
/// from the point (√(n / (n − 1)) · t₀.₉₇₅,ₙ₋₁ / z₀.₉₇₅: 1.87 for 4 units, 1.22 for 10, 1.19 for
/// 11, 1.06 for 29): a t interval, symmetric because the skew a handful of units shows is itself
/// noise (widened on the near side alone, the ratios held 88.8–96.7 % on 2 to 10 units; made
/// symmetric, 94.5 % or more). With `most` units or fewer, where the run says its intervals rest on
/// few units:
/// - an interval of no width is not given: its replicates measured no noise (no stale update in
///   any session, every navigation stalled), which on few units is no evidence of none;
/// - a tail (`stall_ms_p99`, `stall_ms_stalled_p99`, `stall_ms_cvar99`) with fewer than
///   `minimumTailObservations` stalls in it is not given: a replicate can reweigh the few stalls
///   seen, never draw a longer one, and widening a spread that is not there does not help (the
///   stalled p99 held its truth 28–30 % of the time on 4 users, widened or not).
/// Below `fewest` there is no interval at all: one unit has no spread to measure. From
/// `widenedBelow` units on nothing changes, and reports keep their bytes.
public enum FewUnits {
    /// Runs with this many units or fewer are said to rest on few units (stderr, manifest, report).
    public static let most = 10
    /// Intervals on fewer units than this are widened (the bootstrap's rule of thumb: some 30 units
    /// for a resampled mean to be near normal).
    public static let widenedBelow = 30
    /// Fewer units than this give no interval (the CSV cells are empty).
    public static let fewest = 2
    /// The fewest stalls in a tail for its interval on few units: `compare`'s own minimum for
    /// judging a tail (`TailCalibration.minimumObservations`).
    public static let minimumTailObservations = 20.0

    /// The factor an interval on `units` units is widened by: 1 from `widenedBelow` on, nil (no
    /// interval) below `fewest`.
    public static func widening(units: Int) -> Double? {
        guard units >= fewest else { return nil }
        guard units < widenedBelow else { return 1 }
        let n = Double(units)
        let t = StudentT.upperQuantile(0.025, degreesOfFreedom: n - 1)
        return (n / (n - 1)).squareRoot() * t / StudentT.normalUpperQuantile(0.025)
    }

    /// The interval to report for the bootstrap's percentile interval `raw` on `units` units: nil
    /// below `fewest`, else widened around `point` within `range` (`raw` itself from
    /// `widenedBelow` on), and with `most` units or fewer nil when `raw` has no width or
    /// `tailObservations` (nil for a column that is no tail) are fewer than `minimumTailObservations`.
    static func interval(_ raw: (low: Double, high: Double)?, point: Double?, units: Int, tailObservations: Double? = nil,
                         within range: ClosedRange<Double> = -.infinity ... .infinity) -> (low: Double, high: Double)? {
        guard let raw, let factor = widening(units: units) else { return nil }
        if units <= most, raw.high <= raw.low || (tailObservations ?? .infinity) < minimumTailObservations { return nil }
        return widen(raw, around: point, by: factor, within: range)
    }

    /// `point` ± `factor` times the farther of `interval`'s ends from it, never inside `interval`
    /// (a percentile interval can lie beside its point), and kept `within` the values the quantity
    /// can take (a stall rate's bounds stay in 0…1).
    static func widen(_ interval: (low: Double, high: Double), around point: Double?, by factor: Double,
                      within range: ClosedRange<Double> = -.infinity ... .infinity) -> (low: Double, high: Double) {
        guard factor != 1, let point, point.isFinite else { return interval }
        let reach = factor * max(point - interval.low, interval.high - point, 0)
        let low = min(interval.low, max(range.lowerBound, point - reach))
        let high = max(interval.high, min(range.upperBound, point + reach))
        return (low, high)
    }

    /// What a run's intervals rest on, for stderr and the report: nil when `units` are not few.
    /// `unit` is `user` or `session` (the manifest's `bootstrap_unit`, absent: sessions).
    public static func note(units: Int, unit: String) -> String? {
        guard units <= most else { return nil }
        let counted = "\(units) \(unit)\(units == 1 ? "" : "s")"
        guard let factor = widening(units: units) else {
            return "the intervals would rest on \(counted) only: no interval is given (its columns are empty); "
                + "replay more \(unit)s (at least \(fewest), and more than \(most) for intervals to rely on)"
        }
        return "the intervals rest on \(counted) only (\(most) or fewer), so they are not reliable: each is widened "
            + "\(String(format: "%.2f", factor))× by Student's t to keep near its 95 %, and none is given where the "
            + "replicates measured no spread or a tail holds fewer than \(Int(minimumTailObservations)) stalls; "
            + "replay more than \(most) \(unit)s for intervals to rely on"
    }
}
