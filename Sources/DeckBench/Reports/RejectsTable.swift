/// The rejects as CSV: the layout of `rejects.csv` and of `inspect --rejects-csv`.
package enum RejectsTable {
    /// The columns, in order; `RejectRow` reads them back.
    package enum Column: String, TableColumn {
        case file, line, session, reason
    }

    public static let header = Column.header

    public static func csv(_ rejects: [Reject]) -> String {
        var writer = CSVWriter(header: header)
        for reject in rejects {
            writer.appendRow([reject.file, String(reject.line), reject.session ?? "", reject.reason])
        }
        return writer.text
    }
}
