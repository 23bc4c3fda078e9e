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
        /// Read, but not rows: an empty file (no header row), or a compressed one (`kind`).
        case notRows(file: String, reason: String)

        /// The header as a message quotes it: its first 12 names, each cut at 40 characters (a file
        /// that is no CSV, a HAR say, has one "name" of the whole file).
        static func said(_ header: [String]) -> String {
            let names = header.prefix(12).map { name in "\"" + (name.count > 40 ? name.prefix(40) + "…" : name) + "\"" }
            return names.joined(separator: ", ") + (header.count > 12 ? ", … (\(header.count) columns)" : "")
        }

        /// A header without the column asked for is the file's content (exit 65); a file that cannot
        /// be opened is not (74).
        public var isContentFault: Bool {
            switch self {
            case .missingColumn, .notRows: return true
            case .cannotRead: return false
            }
        }

        var description: String {
            switch self {
            case let .cannotRead(file, reason): "\(file): cannot read: \(reason)"
            case let .missingColumn(file, column, header):
                "\(file): no column \"\(column)\" in the header (\(Self.said(header)))"
            case let .notRows(file, reason): "\(file): \(reason)"
            }
        }
    }

    /// "zstd" or "gzip" when the file at `path` opens with that format's magic number.
    static func compression(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        if head == [0x28, 0xB5, 0x2F, 0xFD] { return "zstd" }
        if head.count >= 2, head[0] == 0x1F, head[1] == 0x8B { return "gzip" }
        return nil
    }

    /// Whether JSON wrote `true` or `false` (Foundation gives Booleans as numbers of C type char):
    /// the one test, for the logs' JSON lines and a HAR's fields.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    static func isJSONLines(_ path: String) -> Bool {
        [".jsonl", ".ndjson", ".json"].contains { path.hasSuffix($0) }
    }

    /// A log's column names, or why it has none.
    enum Header {
        case names([String])
        case none(String)
    }

    /// The column names of the log at `path`: a CSV's header row, or every key of the first 100
    /// JSON objects of JSON lines, in the order first seen; else why it has none (empty,
    /// compressed, no object, cannot be read), as `forEach` would say it.
    static func columnNames(of path: String) -> Header {
        if let kind = compression(of: path) { return .none("is \(kind)-compressed: CSV and JSON lines are read as plain text; decompress it first") }
        guard FileManager.default.fileExists(atPath: path), let stream = InputStream(fileAtPath: path) else {
            return .none("cannot read the file")
        }
        if isJSONLines(path) {
            var keys: [String] = [], objects = 0
            struct Enough: Error {}
            try? JSONLines.forEach(stream, path: path) { _, object in
                guard let object else { return }
                for key in object.keys.sorted() where !keys.contains(key) { keys.append(key) }
                objects += 1
                if objects == 100 { throw Enough() }
            }
            return objects == 0 ? .none("holds no JSON object") : .names(keys)
        }
        guard let header = (try? CSVReader(stream: stream, hasHeaderRow: true))?.headerRow, !header.isEmpty else {
            return .none("is empty: a CSV starts with a header row naming its columns")
        }
        return .names(header)
    }

    /// Calls `body` with each data row's line (the header is line 1) and a reader of its fields by
    /// column name (nil for a missing or empty field); a CSV header must name every one of `columns`.
    /// A line of JSON lines that is no JSON object comes with no fields, and a CSV row with fewer
    /// fields than its header with those it has.
    static func forEach(_ input: String, columns: [String], _ body: (Int, (String) -> String?) throws -> Void) throws {
        try forEach(input, columns: columns, strict: false, malformed: { line, _ in try body(line) { _ in nil } }, body)
    }

    /// `forEach`, with each line of JSON lines that is no JSON object given to `malformed` instead,
    /// with the reason; and when `strict`, each CSV row too short to hold one of `columns` (a row cut
    /// short: `start,first_byte,end,bytes` with a url column in the header but not in the row).
    static func forEach(_ input: String, columns: [String], strict: Bool = true, malformed: (Int, String) throws -> Void,
                        _ body: (Int, (String) -> String?) throws -> Void) throws {
        guard let stream = InputStream(fileAtPath: input), FileManager.default.fileExists(atPath: input) else {
            throw Failure.cannotRead(input, "no such file")
        }
        if let kind = compression(of: input) {
            throw Failure.notRows(file: input, reason: "is \(kind)-compressed: CSV and JSON lines are read as plain text; decompress it first")
        }
        if isJSONLines(input) {
            try JSONLines.forEach(stream, path: input) { line, object, bytes in
                guard object != nil else { return try malformed(line, JSONLines.notAnObject(bytes)) }
                try body(line) { column in
                    switch object?[column] {
                    case let text as String: text.isEmpty ? nil : text
                    // JSON's true and false come as numbers: written as JSON writes them, so that a
                    // number column refuses them.
                    case let number as NSNumber where isBoolean(number): number.boolValue ? "true" : "false"
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
        } catch CSVError.cannotReadHeaderRow {
            throw Failure.notRows(file: input, reason: "is empty: a CSV starts with a header row naming its columns")
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
        let reach = columns.compactMap { index[$0] }.max() ?? -1
        while let row = reader.next() {
            line += 1
            // A blank line (a file's trailing ones most often) is no row.
            if row.allSatisfy(\.isEmpty) { continue }
            if strict, row.count <= reach {
                try malformed(line, "\(row.count) field\(row.count == 1 ? "" : "s") where the header has \(header.count): a row cut short")
                continue
            }
            try body(line) { column in
                guard let position = index[column], position < row.count else { return nil }
                let field = row[position]
                return field.isEmpty ? nil : field
            }
        }
    }
}
