import CSV

/// A CSV file with a header row read back as records, each with the line it starts on: the one
/// CSV-to-rows reader of the report tables (summary.csv, distributions.csv, paired.csv, tune.csv,
/// rejects.csv, and compare's summaries). A table's typed reader says which columns it needs and
/// reads its fields through `Fields`, so every error names the file, the line and the field.
package struct CSVTable: Sendable {
    /// One data row: its fields in header order and the line of the file it starts on (the header
    /// is line 1; a quoted field holding a line break moves the next rows down).
    public struct Record: Sendable {
        public var fields: [String]
        public var line: Int
    }

    public let file: String
    public let header: [String]
    public let records: [Record]
    /// Each column's index in `header` (the first, if a name repeats).
    private let index: [String: Int]

    /// Reads `text`, the contents of `file` (the name errors give). Every row must have as many
    /// fields as the header.
    public init(text: String, file: String) throws(CSVTableError) {
        self.file = file
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true), let header = reader.headerRow,
              !(header.count == 1 && header[0].isEmpty) else {
            throw CSVTableError(file: file, line: 1, field: nil, value: "", reason: "not a CSV file with a header")
        }
        self.header = header
        index = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var records: [Record] = []
        var line = 2 + Self.lineBreaks(header)
        while let fields = reader.next() {
            guard fields.count == header.count else {
                throw CSVTableError(file: file, line: line, field: nil, value: "",
                                    reason: "\(fields.count) field\(fields.count == 1 ? "" : "s") where the header has \(header.count)")
            }
            records.append(Record(fields: fields, line: line))
            line += 1 + Self.lineBreaks(fields)
        }
        if let error = reader.error {
            throw CSVTableError(file: file, line: line, field: nil, value: "", reason: "not CSV: \(error)")
        }
        self.records = records
    }

    /// The line breaks inside quoted fields, which the row's line count adds to.
    private static func lineBreaks(_ fields: [String]) -> Int {
        fields.reduce(0) { $0 + $1.utf8.count { $0 == 0x0A } }
    }

    public func has(_ column: String) -> Bool {
        index[column] != nil
    }

    /// The first of `columns` the header lacks, as an error naming it (line 1).
    public func require(_ columns: [String]) throws(CSVTableError) {
        if let missing = columns.first(where: { !has($0) }) {
            throw CSVTableError(file: file, line: 1, field: missing, value: "", reason: "no column \(missing) in the header")
        }
    }

    /// The rows, each as `Fields` for a typed reader to read.
    public var rows: [Fields] {
        records.map { Fields(table: self, record: $0) }
    }

    /// One row's fields by column, read as text, integers or numbers; a field of a column the
    /// file lacks reads as empty (a column an earlier version did not write), and an empty field
    /// as nil. A field that is not what its column holds is an error naming it.
    package struct Fields: Sendable {
        let table: CSVTable
        public let record: CSVTable.Record

        public var line: Int { record.line }

        /// `column`'s field, required: nil (empty) is an error naming it.
        public func required<T>(_ column: String, _ read: (String) throws(CSVTableError) -> T?) throws(CSVTableError) -> T {
            guard let value = try read(column) else { throw error(column, "", "empty") }
            return value
        }

        public func text(_ column: String) -> String {
            table.index[column].map { record.fields[$0] } ?? ""
        }

        public func int(_ column: String) throws(CSVTableError) -> Int? {
            let field = text(column)
            guard !field.isEmpty else { return nil }
            guard let value = Int(field) else { throw error(column, field, "not a whole number") }
            return value
        }

        public func number(_ column: String) throws(CSVTableError) -> Double? {
            let field = text(column)
            guard !field.isEmpty else { return nil }
            guard let value = Double(field) else { throw error(column, field, "not a number") }
            return value
        }

        /// A field that must hold one of `Value`'s raw values.
        public func value<Value: RawRepresentable>(_ column: String, as _: Value.Type) throws(CSVTableError) -> Value
            where Value.RawValue == String {
            let field = text(column)
            guard let value = Value(rawValue: field) else { throw error(column, field, "not a known value") }
            return value
        }

        public func error(_ column: String, _ value: String, _ reason: String) -> CSVTableError {
            CSVTableError(file: table.file, line: record.line, field: column, value: value, reason: reason)
        }
    }
}

/// A table's columns, in the order its writer writes them (`allCases`): the one declaration its
/// header, its writer's fields and its reader's read.
package protocol TableColumn: RawRepresentable<String>, CaseIterable {}

extension TableColumn {
    /// The header: every column's name, in order.
    package static var header: [String] { allCases.map(\.rawValue) }
}

/// Why a report table cannot be read: the file, the line (1 is the header), the field and its
/// value when one is at fault, and what is wrong.
public struct CSVTableError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var field: String?
    public var value: String
    public var reason: String

    public var description: String {
        "\(file), line \(line)" + (field.map { value.isEmpty ? ", \($0)" : ", \($0) \"\(value)\"" } ?? "") + ": \(reason)"
    }
}
