/// One row of `paired.csv` read back (`PairedTable.Column`): one metric of policy A against
/// policy B on one network, over the same sessions.
public struct PairedRow: Sendable, Equatable {
    public var network: String
    public var policyA: String
    public var policyB: String
    public var metric: String
    /// The metric's value for A and for B, and A − B with its paired 95 % interval; nil when undefined.
    public var a: Double?
    public var b: Double?
    public var difference: Double?
    public var differenceLow: Double?
    public var differenceHigh: Double?
    /// The shares of sessions where A, and where B, did strictly better; nil for a tail of stall
    /// times, and in files written before the shares.
    public var aBetterShare: Double?
    public var bBetterShare: Double?

    public var pointA: ReplayPoint { ReplayPoint(policy: policyA, network: network) }
    public var pointB: ReplayPoint { ReplayPoint(policy: policyB, network: network) }

    /// The rows of a paired.csv (`file` names it in errors): every column required but those
    /// added since (`PairedTable.Column.added`), each numeric field a number or empty.
    public static func read(_ text: String, file: String) throws(CSVTableError) -> [PairedRow] {
        typealias Column = PairedTable.Column
        let table = try CSVTable(text: text, file: file)
        try table.require(Column.allCases.filter { !Column.added.contains($0) }.map(\.rawValue))
        return try table.rows.map { fields throws(CSVTableError) in
            func number(_ column: Column) throws(CSVTableError) -> Double? { try fields.number(column.rawValue) }
            return PairedRow(network: fields.text(Column.network.rawValue), policyA: fields.text(Column.policyA.rawValue),
                             policyB: fields.text(Column.policyB.rawValue), metric: fields.text(Column.metric.rawValue),
                             a: try number(.a), b: try number(.b), difference: try number(.difference),
                             differenceLow: try number(.differenceLow), differenceHigh: try number(.differenceHigh),
                             aBetterShare: try number(.aBetterShare), bBetterShare: try number(.bBetterShare))
        }
    }
}
