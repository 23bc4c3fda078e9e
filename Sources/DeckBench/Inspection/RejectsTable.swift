/// The rejects as CSV: the layout of `rejects.csv` and of `inspect --rejects-csv`.
package enum RejectsTable {
    public static let header = ["file", "line", "session", "reason"]

    public static func csv(_ rejects: [Reject]) -> String {
        var writer = CSVWriter(header: header)
        for reject in rejects {
            writer.appendRow([reject.file, String(reject.line), reject.session ?? "", reject.reason])
        }
        return writer.text
    }
}
