/// One side's summary.csv as `compare` reads it (`SummaryRow.read`): its header, its points in
/// file order, its rows by point.
struct ComparedSummary {
    let header: [String]
    let points: [ReplayPoint]
    let rows: [ReplayPoint: SummaryRow]

    /// `text` read as the `side`'s summary; `file` names it in errors.
    init(_ text: String, side: String, file: String, schema: MetricSchema) throws(ComparisonError) {
        let read: (header: [String], rows: [SummaryRow])
        do {
            read = try SummaryRow.read(text, file: file, schema: schema)
        } catch {
            // Not a table at all, or not a summary's: said as before; a bad field names its line.
            guard error.line > 1 else { throw .notASummary(side: side, file: file) }
            throw .table(error)
        }
        guard read.header.starts(with: SummaryTable.pointColumns) else { throw .notASummary(side: side, file: file) }
        var rows: [ReplayPoint: SummaryRow] = [:]
        for row in read.rows { rows[row.point] = row }
        header = read.header
        points = read.rows.map(\.point)
        self.rows = rows
    }
}
