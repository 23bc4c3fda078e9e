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
        for fields in table.rows {
            rows.append(DistributionRow(
                point: ReplayPoint(policy: fields.text(Column.policy.rawValue), network: fields.text(Column.network.rawValue)),
                metric: fields.text(Column.metric.rawValue), value: try fields.required(Column.value.rawValue, fields.int),
                count: try fields.required(Column.count.rawValue, fields.int),
                cumulativeFraction: try fields.required(Column.cumulativeFraction.rawValue, fields.number)))
        }
        return rows
    }
}
