/// Each policy of one family against what rival families reach at the same bytes: the lower
/// convex hull of the rivals' (bytes per navigation, stall rate) points, read at the policy's
/// bytes. A point on a chord between two hull vertices is reached by playing one vertex's policy
/// on a share λ of the sessions and the other's on the rest (replays are open loop, so navigations
/// do not depend on the policy and both coordinates mix linearly), so the chord, not the cheaper
/// vertex, is the fair rival at equal bytes. The difference is taken replicate by replicate with
/// the run's bootstrap weights — policy − (λ·A + (1 − λ)·B) — so its interval is paired, and the
/// bytes difference is reported beside it (0 at the estimate, by construction).
///
/// The hull is drawn through the rivals' estimates, which favours the rivals a little: a vertex
/// is on the hull partly because its estimate came out low.
package struct HullComparison: Sendable {
    /// One policy of the family against the hull on one network.
    public struct Row: Sendable {
        public var network: String
        public var policy: String
        public var bytes: Double
        public var stallRate: Double
        /// The hull's vertices around the policy's bytes and the share λ of the first (1 when the
        /// policy spends more than the hull's cheapest lowest point: that vertex alone); nil when
        /// no rival spends as few bytes.
        public var vertices: (cheaper: String, dearer: String, share: Double)?
        public var hullStallRate: Double?
        /// policy − hull, stall rate and bytes per navigation, with their paired 95 % intervals.
        public var difference: Double?
        public var differenceInterval: (low: Double, high: Double)?
        public var bytesDifference: Double?
        public var bytesDifferenceInterval: (low: Double, high: Double)?

        /// "better", "worse" (the interval wholly below or above 0) or "not shown".
        public var verdict: String? {
            guard let interval = differenceInterval else { return nil }
            return interval.high < 0 ? "better" : interval.low > 0 ? "worse" : "not shown"
        }
    }

    public private(set) var rows: [Row] = []

    /// A point of a run: its policy's stall rate and bytes, and their replicates.
    struct Point {
        var policy: String
        var bytes: Double
        var rate: Double
        var rates: [Double?]
        var bytesReplicates: [Double?]
    }

    /// The rival families a family is judged against when none are named: `fixed` and
    /// `directional`, less the family itself (a family on its own hull is level with itself).
    public static func defaultRivals(for family: String) -> [String] {
        ["fixed", "directional"].filter { $0 != family }
    }

    /// Compares every policy of `family` in `summary` (a run's summary.csv rows) with the hull of
    /// the policies of `rivals`, network by network, using `bootstrap` for the paired intervals.
    public init(summary: [SummaryRow], bootstrap: BootstrapFile, family: String, rivals: [String]) {
        guard let replicates = bootstrap.rows.first?.replicates.replicates else { return }
        let weights = BootstrapWeights(replicates: replicates)
        let columns = [TuneObjective.stallRate.column, TuneBudget.column]
        func point(_ row: SummaryRow) -> Point? {
            guard let rate = row.value(Metric.stallRate.name), let bytes = row.value(Metric.bytesPerNavigation.name),
                  let sums = bootstrap.replicates(policy: row.policy, network: row.network),
                  let estimates = ReplicateEstimates(sums, weights: weights, columns: columns) else { return nil }
            return Point(policy: row.policy, bytes: bytes, rate: rate, rates: estimates.values(columns[0]),
                         bytesReplicates: estimates.values(columns[1]))
        }
        func familyName(_ row: SummaryRow) -> String { row.policy.split(separator: ":").first.map(String.init) ?? "" }
        for network in summary.map(\.network).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            let here = summary.filter { $0.network == network }
            let hull = Self.lowerHull(here.filter { rivals.contains(familyName($0)) }.compactMap(point))
            for mine in here.filter({ familyName($0) == family }).compactMap(point).sorted(by: { $0.bytes < $1.bytes }) {
                rows.append(Self.row(mine, network: network, hull: hull))
            }
        }
    }

    /// The lower convex hull of `points` in (bytes, stall rate), cheapest first, cut where the
    /// stall rate stops falling: the least stalls any mix of them reaches at each byte count.
    static func lowerHull(_ points: [Point]) -> [Point] {
        var hull: [Point] = []
        for point in points.sorted(by: { ($0.bytes, $0.rate) < ($1.bytes, $1.rate) }) {
            while hull.count >= 2 {
                let (a, b) = (hull[hull.count - 2], hull[hull.count - 1])
                // Drop b unless it lies strictly below the line from a to the new point.
                let cross = (b.bytes - a.bytes) * (point.rate - a.rate) - (b.rate - a.rate) * (point.bytes - a.bytes)
                if cross <= 0 { hull.removeLast() } else { break }
            }
            if let last = hull.last, last.bytes == point.bytes { continue }
            hull.append(point)
        }
        guard let lowest = hull.indices.min(by: { (hull[$0].rate, $0) < (hull[$1].rate, $1) }) else { return [] }
        return Array(hull[...lowest])
    }

    static func row(_ mine: Point, network: String, hull: [Point]) -> Row {
        var row = Row(network: network, policy: mine.policy, bytes: mine.bytes, stallRate: mine.rate)
        guard let first = hull.first, mine.bytes >= first.bytes else { return row }
        let upper = hull.firstIndex { $0.bytes >= mine.bytes } ?? hull.count - 1
        let (a, b) = upper == 0 || hull[upper].bytes < mine.bytes ? (hull[upper], hull[upper]) : (hull[upper - 1], hull[upper])
        let share = b.bytes > a.bytes ? (b.bytes - mine.bytes) / (b.bytes - a.bytes) : 1
        row.vertices = (a.policy, b.policy, share)
        row.hullStallRate = share * a.rate + (1 - share) * b.rate
        row.difference = mine.rate - row.hullStallRate!
        row.bytesDifference = mine.bytes - (share * a.bytes + (1 - share) * b.bytes)
        func paired(_ values: KeyPath<Point, [Double?]>) -> (low: Double, high: Double)? {
            let contrasts = (0 ..< mine[keyPath: values].count).compactMap { r -> Double? in
                guard let x = mine[keyPath: values][r], let p = a[keyPath: values][r], let q = b[keyPath: values][r] else { return nil }
                return x - (share * p + (1 - share) * q)
            }
            return BootstrapReplicates.percentiles(contrasts)
        }
        row.differenceInterval = paired(\.rates)
        row.bytesDifferenceInterval = paired(\.bytesReplicates)
        return row
    }
}
