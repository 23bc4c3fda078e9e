/// One row of `distributions.csv` read back (`DistributionsTable.Column`): a level of one
/// metric's distribution at one replay point.
public struct DistributionRow: Sendable, Equatable {
    public var point: ReplayPoint
    public var metric: String
    /// The value level (exact up to 2,047, the highest value of its bucket above).
    public var value: Int
    public var count: Int
    /// The share of the metric's values at or below `value`.
    public var cumulativeFraction: Double

    public init(point: ReplayPoint, metric: String, value: Int, count: Int, cumulativeFraction: Double) {
        self.point = point
        self.metric = metric
        self.value = value
        self.count = count
        self.cumulativeFraction = cumulativeFraction
    }

    /// The rows of a distributions.csv (`file` names it in errors): every column required, each
    /// numeric field a number.
    public static func read(_ text: String, file: String) throws(CSVTableError) -> [DistributionRow] {
        typealias Column = DistributionsTable.Column
        let table = try CSVTable(text: text, file: file)
        try table.require(Column.header)
        var rows: [DistributionRow] = []
        rows.reserveCapacity(table.records.count)
        var curves: Set<Curve> = []
        for fields in table.rows {
            let row = DistributionRow(
                point: ReplayPoint(policy: fields.text(Column.policy.rawValue), network: fields.text(Column.network.rawValue)),
                metric: fields.text(Column.metric.rawValue), value: try fields.required(Column.value.rawValue, fields.int),
                count: try fields.required(Column.count.rawValue, fields.int),
                cumulativeFraction: try fields.required(Column.cumulativeFraction.rawValue, fields.number))
            try check(row, after: rows.last, fields: fields, curves: &curves)
            rows.append(row)
        }
        return rows
    }

    /// A curve: one metric of one point.
    private struct Curve: Hashable {
        var point: ReplayPoint
        var metric: String
    }

    /// The writer's order, which the page's charts rely on: a curve's rows together, its values
    /// increasing and its cumulative fraction not decreasing, within 0 … 1; counts not negative.
    private static func check(_ row: DistributionRow, after previous: DistributionRow?, fields: CSVTable.Fields,
                              curves: inout Set<Curve>) throws(CSVTableError) {
        typealias Column = DistributionsTable.Column
        guard row.count >= 0 else { throw fields.error(Column.count.rawValue, String(row.count), "a count below 0") }
        guard row.cumulativeFraction >= 0, row.cumulativeFraction <= 1 else {
            throw fields.error(Column.cumulativeFraction.rawValue, String(row.cumulativeFraction), "a cumulative fraction outside 0 … 1")
        }
        let curve = Curve(point: row.point, metric: row.metric)
        if let previous, previous.point == row.point, previous.metric == row.metric {
            guard row.value > previous.value else {
                throw fields.error(Column.value.rawValue, String(row.value),
                                   "not above the row before it (\(previous.value)): a curve's values increase (was the file sorted?)")
            }
            guard row.cumulativeFraction >= previous.cumulativeFraction else {
                throw fields.error(Column.cumulativeFraction.rawValue, String(row.cumulativeFraction),
                                   "below the row before it (\(previous.cumulativeFraction)): a cumulative fraction never decreases")
            }
        } else if !curves.insert(curve).inserted {
            throw fields.error(Column.metric.rawValue, row.metric,
                               "this curve's rows are not together (\(row.point.policy) on \(row.point.network) came earlier): was the file sorted?")
        }
    }
}
