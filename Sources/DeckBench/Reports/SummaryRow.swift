/// One row of `summary.csv` read back (`SummaryTable`'s columns): the replay point, its Pareto
/// membership, and every metric column by name, as the file writes it and as a number. Metric
/// columns are the schema's and grow with it, so they are read through `text(_:)`, `value(_:)`
/// and `interval(_:)`, never looked up one by one; a column an earlier version did not write
/// reads as absent.
public struct SummaryRow: Sendable {
    public var point: ReplayPoint
    /// `pareto`: on the network's Pareto front or not; nil without navigations (or a file before the column).
    public var pareto: Bool?
    /// Each column's index in `fields` (shared by the file's rows).
    private let columns: [String: Int]
    private var fields: [String]

    public var policy: String { point.policy }
    public var network: String { point.network }

    init(point: ReplayPoint, pareto: Bool?, columns: [String: Int], fields: [String]) {
        self.point = point
        self.pareto = pareto
        self.columns = columns
        self.fields = fields
    }

    /// Whether the file has `column`.
    public func has(_ column: String) -> Bool {
        columns[column] != nil
    }

    /// `column`'s field as written (summary.csv's own digits; empty when undefined); nil when the
    /// file has no such column.
    public func text(_ column: String) -> String? {
        columns[column].map { fields[$0] }
    }

    /// `column`'s value; nil when undefined or absent.
    public func value(_ column: String) -> Double? {
        text(column).flatMap { Double($0) }
    }

    /// The 95 % interval of `column` (`NAME_ci_low`, `NAME_ci_high`); nil unless both are numbers.
    public func interval(_ column: String) -> (low: Double, high: Double)? {
        let names = SummaryTable.intervalColumns(of: column)
        guard let low = value(names.low), let high = value(names.high) else { return nil }
        return (low, high)
    }

    /// The fields of `column`'s 95 % interval as written; empty when undefined or absent.
    public func intervalText(_ column: String) -> (low: String, high: String) {
        let names = SummaryTable.intervalColumns(of: column)
        return (text(names.low) ?? "", text(names.high) ?? "")
    }

    /// `pareto` as the file writes it: 1, 0 or empty.
    public var paretoText: String {
        pareto.map { $0 ? "1" : "0" } ?? ""
    }

    /// The rows of a summary.csv (`file` names it in errors) and its header. `policy` and
    /// `network` are required; the schema's columns and their intervals, when present, must be
    /// numbers or empty, and `pareto` 1, 0 or empty; other columns (a metric of another schema)
    /// are kept as text. A point twice, or no row at all, is not a run's summary.
    public static func read(_ text: String, file: String, schema: MetricSchema = .standard)
        throws(CSVTableError) -> (header: [String], rows: [SummaryRow]) {
        let table = try CSVTable(text: text, file: file)
        try table.require(SummaryTable.pointColumns)
        let numeric = SummaryTable(schema: schema, intervals: true).header.filter {
            !SummaryTable.pointColumns.contains($0) && $0 != SummaryTable.paretoColumn && table.has($0)
        }
        let columns = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [SummaryRow] = []
        var lines: [ReplayPoint: Int] = [:]
        for fields in table.rows {
            for column in numeric { _ = try fields.number(column) }
            let point = ReplayPoint(policy: fields.text(SummaryTable.policyColumn), network: fields.text(SummaryTable.networkColumn))
            // A run writes each point once: a second row would be judged twice, or win silently.
            if let first = lines.updateValue(fields.line, forKey: point) {
                throw fields.error(SummaryTable.policyColumn, point.policy,
                                   "this policy on network \"\(point.network)\" is on line \(first) too: a run writes each once")
            }
            let pareto: Bool?
            switch fields.text(SummaryTable.paretoColumn) {
            case "": pareto = nil
            case "1": pareto = true
            case "0": pareto = false
            case let other: throw fields.error(SummaryTable.paretoColumn, other, "not 1, 0 or empty")
            }
            rows.append(SummaryRow(point: point, pareto: pareto, columns: columns, fields: fields.record.fields))
        }
        guard !rows.isEmpty else {
            throw CSVTableError(file: file, line: 2, field: nil, value: "", reason: "a header and no row: a run writes a row for each policy on each network")
        }
        return (table.header, rows)
    }
}
