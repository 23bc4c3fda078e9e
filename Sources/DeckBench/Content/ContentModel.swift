/// How the server's pages look and change: items per page, bytes per item, and how often the
/// newest page changes. Older pages change less: a page `d` pages before the last one changes at
/// `churnPerHour / 2^d` changes per hour.
public struct ContentModel: Sendable, Hashable {
    /// Items on a page at t = 0.
    public var items = 20
    /// Bytes of one item in a response.
    public var itemBytes = 1_000
    /// Changes per hour of the newest page (`last`); 0 = content never changes.
    public var churnPerHour = 4.0

    /// The largest page `--items` × `--item-bytes` may make: 1 GB.
    public static let maxPageBytes = 1_000_000_000
    /// The most changes per hour `--churn-per-hour` may ask: one a millisecond on the newest page.
    public static let maxChurnPerHour = 3_600_000.0

    public init(items: Int = 20, itemBytes: Int = 1_000, churnPerHour: Double = 4.0) {
        self.items = items
        self.itemBytes = itemBytes
        self.churnPerHour = churnPerHour
    }

    /// Changes per microsecond of a page `distance` pages before the newest.
    func changesPerMicrosecond(distance: Int) -> Double {
        guard churnPerHour > 0, distance < 64 else { return 0 }
        return churnPerHour / 3_600_000_000 / Double(UInt64(1) << UInt64(max(0, distance)))
    }
}
