/// One row of `rejects.csv` read back (`RejectsTable.Column`): a rejected session or line.
public struct RejectRow: Sendable, Equatable {
    public var file: String
    /// The line of `file` the reject names (0: the file as a whole).
    public var line: Int
    /// The session's id, empty when the line named none.
    public var session: String
    public var reason: String

    public init(file: String, line: Int, session: String, reason: String) {
        self.file = file
        self.line = line
        self.session = session
        self.reason = reason
    }

    /// The rows of a rejects.csv (`file` names it in errors): every column required, `line` a whole number.
    public static func read(_ text: String, file: String) throws(CSVTableError) -> [RejectRow] {
        typealias Column = RejectsTable.Column
        let table = try CSVTable(text: text, file: file)
        try table.require(Column.header)
        return try table.rows.map { fields throws(CSVTableError) in
            RejectRow(file: fields.text(Column.file.rawValue), line: try fields.required(Column.line.rawValue, fields.int),
                      session: fields.text(Column.session.rawValue), reason: fields.text(Column.reason.rawValue))
        }
    }
}
