/// Intervals that hold for every row of a gate at once: the max-T method over bootstrap replicates
/// shared by the rows (Westfall and Young's resampling approach to many comparisons).
///
/// Each row has a point estimate and its value in each of the same B replicates (the same
/// sessions weighed alike for every row). A row's standard error s is the standard deviation of
/// its replicates; each replicate's deviation from the row's replicate mean, in standard errors,
/// is its t. Each side is bounded on its own: the lower critical value is the `level` quantile
/// (nearest rank) of the largest −t over the rows, replicate by replicate, the upper one that of
/// the largest t. Then point − lower·s holds for all rows together about `level` of the time, and
/// so does point + upper·s: a gate reads regressions from the lower bounds and confirmations from
/// the upper ones, each with its own error rate of 1 − `level`. The values grow with the number
/// of rows, less than Bonferroni's when rows move together (the stall rate and the stall time per
/// navigation of one policy do).
///
/// Rows whose replicates do not vary (s = 0) are exact: their interval is their point, and they
/// take no part in c. A replicate where a row is undefined leaves that row out of its maximum.
/// A row may be given a widening w: its standard error is then w·s, the replicates' t unchanged
/// (for statistics whose bootstrap spread is known to run short: `TailCalibration`).
struct SimultaneousIntervals: Sendable {
    /// The share of runs in which every interval holds at once, e.g. 0.95.
    public let level: Double
    /// How far below its point every row's interval reaches, in the row's standard errors.
    public let lowerCritical: Double
    /// How far above its point every row's interval reaches, in the row's standard errors.
    public let upperCritical: Double
    /// Each row's standard error, in row order (0: no variation): its replicates' standard
    /// deviation times its widening.
    public let standardErrors: [Double]

    /// `replicates[r][b]`: row r's value in replicate b (nil: undefined there). Every row has the
    /// same number of replicates. `widening[r]` (1 when absent) multiplies row r's standard error.
    public init(replicates: [[Double?]], level: Double, widening: [Double] = []) {
        precondition(level > 0 && level < 1, "a level between 0 and 1")
        self.level = level
        let spread = replicates.map(Self.meanAndStandardError)
        standardErrors = spread.enumerated().map { row, spread in spread.standardError * (row < widening.count ? widening[row] : 1) }
        let count = replicates.map(\.count).max() ?? 0
        var mostBelow: [Double] = []
        var mostAbove: [Double] = []
        mostBelow.reserveCapacity(count)
        mostAbove.reserveCapacity(count)
        for b in 0 ..< count {
            var below = -Double.infinity, above = -Double.infinity
            for (row, values) in replicates.enumerated() where spread[row].standardError > 0 && b < values.count {
                guard let value = values[b] else { continue }
                let t = (value - spread[row].mean) / spread[row].standardError
                below = max(below, -t)
                above = max(above, t)
            }
            guard below > -.infinity else { continue }
            mostBelow.append(below)
            mostAbove.append(above)
        }
        lowerCritical = Self.quantile(mostBelow, level) ?? 0
        upperCritical = Self.quantile(mostAbove, level) ?? 0
    }

    /// The interval of row `row` around `estimate`: estimate − lower·s … estimate + upper·s.
    public func bounds(_ row: Int, around estimate: Double) -> (low: Double, high: Double) {
        (estimate - lowerCritical * standardErrors[row], estimate + upperCritical * standardErrors[row])
    }

    /// The nearest-rank `share` quantile of `values` (the smallest value with at least that share
    /// of the values at or below it); nil for none.
    static func quantile(_ values: [Double], _ share: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let rank = min(values.count, max(1, Int((share * Double(values.count)).rounded(.up))))
        return RankSelection.values(values, at: [rank - 1])[0]
    }

    /// The mean and the standard deviation (divisor n − 1) of the defined values; a standard error
    /// of 0 with fewer than two.
    static func meanAndStandardError(_ values: [Double?]) -> (mean: Double, standardError: Double) {
        let defined = values.compactMap { $0 }
        guard !defined.isEmpty else { return (0, 0) }
        let mean = defined.reduce(0, +) / Double(defined.count)
        guard defined.count > 1 else { return (mean, 0) }
        let squares = defined.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        // Replicates equal to rounding: no spread worth a standard error.
        let deviation = (squares / Double(defined.count - 1)).squareRoot()
        return (mean, deviation <= 1e-12 * max(1, abs(mean)) ? 0 : deviation)
    }
}
