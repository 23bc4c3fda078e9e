/// The policies of one network that no other policy beats on both stall rate and bytes per
/// navigation: the trade-offs worth choosing between (the `pareto` column of `summary.csv`). A
/// policy is beaten when another stalls no more often and costs no more bytes per navigation,
/// and is strictly better on one of the two; equal policies are both on the front. Compared
/// exactly, as fractions of whole counts, not as the rounded figures the CSV shows.
enum ParetoFront {
    /// One policy × network's totals.
    public struct Point: Sendable, Hashable {
        public var stalls: Int
        public var bytes: Int
        public var navigations: Int

        public init(stalls: Int, bytes: Int, navigations: Int) {
            self.stalls = stalls
            self.bytes = bytes
            self.navigations = navigations
        }
    }

    /// For each point, whether it is on the front of `points`; nil for a point without
    /// navigations (no rate to compare), which neither is on the front nor beats anything.
    public static func membership(_ points: [Point]) -> [Bool?] {
        points.map { point in
            guard point.navigations > 0 else { return nil }
            return !points.contains { beats($0, point) }
        }
    }

    /// Whether `a` beats `b`: no worse on both, better on one.
    static func beats(_ a: Point, _ b: Point) -> Bool {
        guard a.navigations > 0, b.navigations > 0 else { return false }
        let stalls = compare(a.stalls, a.navigations, b.stalls, b.navigations)
        let bytes = compare(a.bytes, a.navigations, b.bytes, b.navigations)
        return stalls <= 0 && bytes <= 0 && (stalls < 0 || bytes < 0)
    }

    /// The sign of x/n − y/m for positive n and m, without rounding.
    private static func compare(_ x: Int, _ n: Int, _ y: Int, _ m: Int) -> Int {
        let left = x.multipliedFullWidth(by: m)
        let right = y.multipliedFullWidth(by: n)
        if left.high != right.high { return left.high < right.high ? -1 : 1 }
        return left.low == right.low ? 0 : (left.low < right.low ? -1 : 1)
    }
}
