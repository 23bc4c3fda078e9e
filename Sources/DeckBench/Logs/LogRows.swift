import CSV
import Foundation

/// The rows of a log, a row at a time: CSV with a header row (read by CSV.swift), or JSON lines
/// (`.jsonl`, `.ndjson`, `.json`: one object a line), each row's fields read by column name. The one
/// reader of a team's logs, below both of its users: `import` (page views, touches) and the
/// recorded requests of `networks fit` and an empirical network (`RequestTimings`).
enum LogRows {
    enum Failure: Error, CustomStringConvertible, InputContentFault {
        case cannotRead(String, String)
        case missingColumn(file: String, column: String, header: [String])

        /// The header as a message quotes it: its first 12 names, each cut at 40 characters (a file
        /// that is no CSV, a HAR say, has one "name" of the whole file).
        static func said(_ header: [String]) -> String {
            let names = header.prefix(12).map { name in "\"" + (name.count > 40 ? name.prefix(40) + "…" : name) + "\"" }
            return names.joined(separator: ", ") + (header.count > 12 ? ", … (\(header.count) columns)" : "")
        }

        /// A header without the column asked for is the file's content (exit 65); a file that cannot
        /// be opened is not (74).
        public var isContentFault: Bool {
            if case .missingColumn = self { return true }
            return false
        }

        var description: String {
            switch self {
            case let .cannotRead(file, reason): "\(file): cannot read: \(reason)"
            case let .missingColumn(file, column, header):
                "\(file): no column \"\(column)\" in the header (\(Self.said(header)))"
            }
        }
    }

    static func isJSONLines(_ path: String) -> Bool {
        [".jsonl", ".ndjson", ".json"].contains { path.hasSuffix($0) }
    }

    /// Calls `body` with each data row's line (the header is line 1) and a reader of its fields by
    /// column name (nil for a missing or empty field); a CSV header must name every one of `columns`.
    static func forEach(_ input: String, columns: [String], _ body: (Int, (String) -> String?) throws -> Void) throws {
        guard let stream = InputStream(fileAtPath: input), FileManager.default.fileExists(atPath: input) else {
            throw Failure.cannotRead(input, "no such file")
        }
        if isJSONLines(input) {
            try JSONLines.forEach(stream, path: input) { line, object in
                try body(line) { column in
                    switch object?[column] {
                    case let text as String: text.isEmpty ? nil : text
                    case let number as NSNumber: number.stringValue
                    default: nil
                    }
                }
            }
            return
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch {
            throw Failure.cannotRead(input, String(describing: error))
        }
        let header = reader.headerRow ?? []
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[name] == nil { index[name] = position }
        for column in columns where index[column] == nil {
            throw Failure.missingColumn(file: input, column: column, header: header)
        }
        var line = 1
        while let row = reader.next() {
            line += 1
            try body(line) { column in
                guard let position = index[column], position < row.count else { return nil }
                let field = row[position]
                return field.isEmpty ? nil : field
            }
        }
    }
}
