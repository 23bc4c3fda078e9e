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
        /// No object of a JSON lines file holds the key; `keys` are the first object's.
        case missingKey(file: String, column: String, keys: [String])
        /// Read, but not rows: an empty file (no header row), or a compressed one (`kind`).
        case notRows(file: String, reason: String)

        /// The header as a message quotes it: its first 12 names, each cut at 40 characters (a file
        /// that is no CSV, a HAR say, has one "name" of the whole file).
        static func said(_ header: [String]) -> String {
            let names = header.prefix(12).map { LogTime.quoted($0, limit: 40) }
            return names.joined(separator: ", ") + (header.count > 12 ? ", … (\(header.count) columns)" : "")
        }

        /// What a header of one column whose name holds semicolons or tabs says: the file
        /// separates its columns with those (a spreadsheet in a language that writes decimal
        /// commas does), and it is read as comma-separated. Empty for any other header.
        static func separatorHint(_ header: [String]) -> String {
            guard header.count == 1, let name = header.first else { return "" }
            guard let separator = name.contains(";") ? "semicolons" : name.contains("\t") ? "tabs" : nil else { return "" }
            return "; that is one column, its name holding \(separator): the file separates its columns with \(separator), "
                + "and is read as comma-separated (export it with commas)"
        }

        /// What a header with a name over several lines says: a quote in it opens a field that does
        /// not close where the name ends (`"session_id" ,ts`: a space after the closing quote keeps
        /// the field open), so the rows after it were read into that name. Empty for any other header.
        static func quoteHint(_ header: [String]) -> String {
            guard let name = header.first(where: { $0.contains(where: \.isNewline) }) else { return "" }
            // A name that ends with a line break (the file's last) ends on the line before it.
            let lines = name.count(where: \.isNewline) + (name.last?.isNewline == true ? 0 : 1)
            return "; a name of the header runs over \(lines) lines: a quote in it is not closed right before a comma "
                + "(a space after a closing quote keeps the field open), so the rows after it were read into it"
        }

        /// A header without the column asked for is the file's content (exit 65); a file that cannot
        /// be opened is not (74).
        public var isContentFault: Bool {
            switch self {
            case .missingColumn, .missingKey, .notRows: return true
            case .cannotRead: return false
            }
        }

        var description: String {
            switch self {
            case let .cannotRead(file, reason): "\(file): cannot read: \(reason)"
            case let .missingColumn(file, column, header):
                "\(file): no column \"\(column)\" in the header (\(Self.said(header)))\(Self.separatorHint(header))\(Self.quoteHint(header))"
                    + (header.allSatisfy { $0.allSatisfy(\.isWhitespace) } ? "; the file's first line is blank: a CSV starts with its header row" : "")
            case let .missingKey(file, column, keys):
                "\(file): no key \"\(column)\" in any object (the first holds \(Self.said(keys)))"
            case let .notRows(file, reason): "\(file): \(reason)"
            }
        }
    }

    /// Why the file at `path`, which opens, holds no rows to read: compressed, a zip archive, UTF-16
    /// or UTF-32 text (a spreadsheet's "Unicode text"), a CSV with a byte that is not UTF-8 (read
    /// through the whole file), one JSON array, or JSON objects written over several lines where
    /// JSON lines hold an object a line; nil otherwise.
    static func notRows(_ path: String) -> String? {
        if let kind = compression(of: path) {
            return "is \(kind)-compressed: CSV and JSON lines are read as plain text; decompress it first"
        }
        let start = head(of: path, 4)
        if start == [0x50, 0x4B, 0x03, 0x04] {
            return "is a zip archive (a spreadsheet's .xlsx is one): export the sheet as CSV (\"CSV UTF-8\")"
        }
        if start.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || start.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "is UTF-32 text: CSV and JSON lines are read as UTF-8; save it as UTF-8"
        }
        let oddZeros = start.count == 4 && start[1] == 0 && start[3] == 0 && start[0] != 0
        let evenZeros = start.count == 4 && start[0] == 0 && start[2] == 0 && start[1] != 0
        if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) || oddZeros || evenZeros {
            return "is UTF-16 text (a spreadsheet's \"Unicode text\" export is): CSV and JSON lines are read as UTF-8; save it as UTF-8 (CSV UTF-8)"
        }
        guard isJSONLines(path) else {
            // JSON lines say a line that is not UTF-8 as that line's fault; CSV.swift would end the file there.
            guard let fault = UTF8Check.firstFault(inFileAt: path) else { return nil }
            return "is not UTF-8 text (line \(fault.line): \(fault.said)): read as UTF-8 it would end there, the rows after it lost; "
                + "save it as \"CSV UTF-8\", or convert it (iconv -f WINDOWS-1252 -t UTF-8, for a spreadsheet's CSV saved on Windows)"
        }
        if isArrayDump(path) { return "is one JSON array, not JSON lines (one object a line: jq -c '.[]' writes them)" }
        let lines = String(decoding: head(of: path, 4_096), as: UTF8.self).split(whereSeparator: \.isNewline)
        guard lines.first(where: { !$0.allSatisfy(\.isWhitespace) })?.allSatisfy({ $0 == "{" || $0.isWhitespace }) == true else { return nil }
        return "holds JSON objects written over several lines (its first is a lone \"{\"), not JSON lines (one object a line: jq -c . writes them)"
    }

    /// "zstd", "gzip", "xz", "bzip2" or "lz4" when the file at `path` opens with that format's magic number.
    static func compression(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 6)) ?? Data())
        if head.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
        if head.starts(with: [0x1F, 0x8B]) { return "gzip" }
        if head.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
        if head.starts(with: [0x42, 0x5A, 0x68]) { return "bzip2" }
        if head.starts(with: [0x04, 0x22, 0x4D, 0x18]) { return "lz4" }
        return nil
    }

    /// Whether a JSON value can be an id: text, a number, or nothing (an id missing is the row's
    /// fault, said by its reader); not a Boolean, an array or an object, which would make every
    /// session that holds one the same session.
    private static func isIdentifier(_ value: Any?) -> Bool {
        switch value {
        case nil, is NSNull, is String: true
        case let number as NSNumber: !isBoolean(number)
        default: false
        }
    }

    /// A JSON number as text: a whole number as an integer, however JSON wrote it (`7.0`, `1e3`,
    /// `-0` are `7`, `1000`, `0`: one number, one session id), any other as Foundation writes it.
    static func text(of number: NSNumber) -> String {
        let value = number.doubleValue
        guard String(cString: number.objCType) == "d", value.rounded(.towardZero) == value, abs(value) < 9.0e18 else {
            return number.stringValue
        }
        return String(Int(value))
    }

    /// What a JSON value that is no id is, as a message says it.
    private static func kind(of value: Any?) -> String {
        switch value {
        case is [Any]: "an array"
        case let number as NSNumber where isBoolean(number): "a Boolean"
        default: "an object"
        }
    }

    /// Whether JSON wrote `true` or `false` (Foundation gives Booleans as numbers of C type char):
    /// the one test, for the logs' JSON lines and a HAR's fields.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// Whether the file at `path` is read as JSON lines: named `.jsonl`, `.ndjson` or `.json` (in any
    /// case), or, named otherwise but not `.csv`, opening with `{` (a `.txt` or a `.har` of objects).
    static func isJSONLines(_ path: String) -> Bool {
        let name = path.lowercased()
        if [".jsonl", ".ndjson", ".json"].contains(where: name.hasSuffix) { return true }
        guard !name.hasSuffix(".csv") else { return false }
        return head(of: path, 256).first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } == UInt8(ascii: "{")
    }

    /// The first `count` bytes of the file at `path` (fewer in a shorter file, none when it cannot
    /// be read), after a UTF-8 byte-order mark.
    static func head(of path: String, _ count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        var bytes = [UInt8]((try? handle.read(upToCount: count)) ?? Data())
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }

    /// Why the file at `path` cannot be read as a log here, though it exists: a pipe or a device,
    /// which the readers would need to open more than once (a log's columns are found first);
    /// nil for a regular file (a file redirected with `<` to /dev/stdin is one).
    static func notAFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR else { return nil }
        return "is not a regular file (a pipe?): it is read more than once; save it to a file first"
    }

    /// Whether the file at `path` opens as a JSON array of objects (a dump, `[{…}, {…}]`): its
    /// first line that is not blank is such an array, or starts one that goes on past it.
    private static func isArrayDump(_ path: String) -> Bool {
        let line = head(of: path, 1 << 16).split(separator: 0x0A).first { !$0.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } } ?? []
        guard line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "[") else { return false }
        guard let value = try? JSONSerialization.jsonObject(with: Data(line)) else { return true }
        return ((value as? [Any])?.first).map { $0 is [String: Any] } ?? false
    }

    /// How many of the later lines of `row`'s fields that span lines hold `commas` commas or more
    /// (rows of the file read into one field); nil when none does.
    private static func rowsInside(_ row: [String], commas: Int) -> Int? {
        var count = 0
        for field in row where field.contains(where: \.isNewline) {
            for part in field.split(whereSeparator: \.isNewline).dropFirst() where part.count(where: { $0 == "," }) >= commas { count += 1 }
        }
        return count > 0 ? count : nil
    }

    /// `text` without the spaces around it (`.whitespaces`: tabs, no-break spaces…), as
    /// `trimmingCharacters(in:)` gives it, which is called only when the first or the last byte
    /// may be one: a field's ends are printable ASCII nearly always, and the call cost about as
    /// much as reading the rest of a row.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        return plain(first) && plain(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }

    /// How many line breaks `field` holds, as `Character.isNewline` counts them, with a byte scan
    /// first: most fields hold none.
    static func lineBreaks(_ field: String) -> Int {
        // 0x0A, 0x0B, 0x0C, 0x0D, and the lead bytes of U+0085 (C2) and U+2028/2029 (E2).
        guard field.utf8.contains(where: { (0x0A ... 0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }) else { return 0 }
        return field.count(where: \.isNewline)
    }

    /// A column's name as compared when spelt otherwise: lower case, without spaces around it.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// A log's column names, or why it has none.
    enum Header {
        case names([String])
        case none(String)
    }

    /// The column names of the log at `path`: a CSV's header row, or every key of the first 10,000
    /// JSON objects of JSON lines, in the order first seen; else why it has none (empty,
    /// compressed, UTF-16, one JSON document, no object, cannot be read), as `forEach` would say it.
    static func columnNames(of path: String) -> Header {
        guard FileManager.default.fileExists(atPath: path), let stream = InputStream(fileAtPath: path) else {
            return .none("cannot read the file")
        }
        if let reason = notRows(path) { return .none(reason) }
        if isJSONLines(path) {
            guard let keys = jsonKeys(stream, path: path) else { return .none("holds no JSON object") }
            return .names(keys)
        }
        guard let header = (try? CSVReader(stream: stream, hasHeaderRow: true))?.headerRow, !header.isEmpty else {
            return .none("is empty: a CSV starts with a header row naming its columns")
        }
        return .names(header)
    }

    /// Every key of the first 10,000 objects of the JSON lines in `stream`, in the order first
    /// seen; nil without any object.
    private static func jsonKeys(_ stream: InputStream, path: String) -> [String]? {
        var keys: [String] = [], objects = 0
        struct Enough: Error {}
        try? JSONLines.forEach(stream, path: path) { _, object in
            guard let object else { return }
            for key in object.keys.sorted() where !keys.contains(key) { keys.append(key) }
            objects += 1
            if objects == 10_000 { throw Enough() }
        }
        return objects > 0 ? keys : nil
    }

    /// Calls `body` with each data row's line (the header is line 1) and a reader of its fields by
    /// column name (nil for a missing or empty field; spaces around a field are not part of it); a
    /// CSV header must name every one of `columns` (in another case or with spaces around it
    /// too), as some object of JSON lines must hold each key unless `optional` says it may not.
    /// Each line of JSON lines that is no JSON object, and each CSV row too short to hold one of
    /// `columns` (a row cut short: `start,first_byte,end,bytes` with a url column in the header
    /// but not in the row) or longer than the header, is given to `malformed` instead, with the reason,
    /// as is each object whose value for one of `identifiers` is a Boolean, an array or an object;
    /// a CSV row's value for the first of `identifiers` goes with it when the row holds that field.
    static func forEach(_ input: String, columns: [String], optional: [String] = [], identifiers: [String] = [],
                        malformed: (Int, String, String?) throws -> Void, _ body: (Int, (String) -> String?) throws -> Void) throws {
        // A pipe would lose what is read to find its kind before its rows are.
        if let reason = notAFile(input) { throw Failure.cannotRead(input, reason) }
        guard let stream = InputStream(fileAtPath: input), FileManager.default.fileExists(atPath: input) else {
            throw Failure.cannotRead(input, "no such file")
        }
        if let reason = notRows(input) { throw Failure.notRows(file: input, reason: reason) }
        if isJSONLines(input) {
            // A key named in another case or with spaces around it is found among the first
            // 10,000 objects' keys; one that no object of the whole file holds is missing, as a
            // CSV's header must name its columns (a key misspelt would read as absent on every line),
            // unless `optional` says it may be.
            var key: [String: String] = [:]
            // The file's kind was checked above: its keys are read without checking it again.
            if let names = InputStream(fileAtPath: input), let keys = jsonKeys(names, path: input) {
                for column in columns where !keys.contains(column) {
                    let matches = keys.filter { normalized($0) == normalized(column) }
                    if matches.count == 1 { key[column] = matches[0] }
                }
            }
            var unseen = Set(columns.filter { !optional.contains($0) })
            var firstKeys: [String]?
            var lines = 0
            try JSONLines.forEach(stream, path: input) { line, object, bytes in
                guard let object else {
                    lines += 1
                    return try malformed(line, JSONLines.notAnObject(bytes), nil)
                }
                if !object.isEmpty { lines += 1 }
                // An empty object holds no row, as a blank line does not.
                if object.isEmpty { return }
                if firstKeys == nil { firstKeys = object.keys.sorted() }
                if !unseen.isEmpty { unseen = unseen.filter { object[key[$0] ?? $0] == nil } }
                if let column = identifiers.first(where: { !isIdentifier(object[key[$0] ?? $0]) }) {
                    return try malformed(line, "\(LogTime.quoted(column)) holds \(kind(of: object[key[column] ?? column])) where an id belongs (text or a number)", nil)
                }
                try body(line) { column in
                    switch object[key[column] ?? column] {
                    case let text as String:
                        let trimmed = Self.trimmed(text)
                        return trimmed.isEmpty ? nil : trimmed
                    // JSON's true and false come as numbers: written as JSON writes them, so that a
                    // number column refuses them.
                    case let number as NSNumber where isBoolean(number): return number.boolValue ? "true" : "false"
                    case let number as NSNumber: return Self.text(of: number)
                    case nil, is NSNull: return nil
                    // An object or an array where a value belongs: written so that a number column refuses it.
                    case is [Any]: return "[...]"
                    default: return "{...}"
                    }
                }
            }
            // An empty file (or one of empty objects) is no export of no rows, as CSV's header alone
            // is: a failed export, most often.
            guard lines > 0 else { throw Failure.notRows(file: input, reason: "is empty: JSON lines hold one object a line") }
            // (A file without any object has its lines named as such instead.)
            if let firstKeys, let absent = columns.first(where: unseen.contains) {
                throw Failure.missingKey(file: input, column: absent, keys: firstKeys)
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
            // A name as the header writes it in another case or with spaces around it.
            let matches = header.indices.filter { normalized(header[$0]) == normalized(column) }
            guard matches.count == 1 else { throw Failure.missingColumn(file: input, column: column, header: header) }
            index[column] = matches[0]
        }
        if let twice = columns.first(where: { column in header.count { normalized($0) == normalized(column) } > 1 }) {
            throw Failure.notRows(file: input, reason: "its header names \(twice) twice (\(Failure.said(header))): which one is meant?")
        }
        let reach = columns.compactMap { index[$0] }.max() ?? -1
        // The id a row that does not read still names, when its field is there (its session's, most often).
        func identifier(_ row: [String]) -> String? {
            guard let position = identifiers.first.flatMap({ index[$0] }), position < row.count else { return nil }
            let field = Self.trimmed(row[position])
            return field.isEmpty ? nil : field
        }
        // Lines of the file, not rows: a quoted field may hold line breaks.
        var nextLine = 2
        var line = 1
        while let row = reader.next() {
            line = nextLine
            let breaks = row.reduce(0) { count, field in count + Self.lineBreaks(field) }
            nextLine += 1 + breaks
            // A blank line (a file's trailing ones most often) is no row.
            if row.allSatisfy({ Self.trimmed($0).isEmpty }) { continue }
            // A quoted field over several lines whose later lines read as rows of this file (as
            // many commas as the header) is a quote not closed where the exporter meant it (never,
            // or with text after it: `"Pro" model`): the rows after it would be lost in it, so the
            // file is refused rather than cut there. A note or a URL over two lines is a field.
            if breaks > 0, header.count >= 3, let swallowed = Self.rowsInside(row, commas: header.count - 1) {
                throw Failure.notRows(file: input, reason: "the row at line \(line) has a quoted field that holds \(swallowed) "
                    + "line\(swallowed == 1 ? "" : "s") that read as rows of this file: a quote there is not closed where it "
                    + "should be (never, or with text after it, as in \"Pro\" model), and the rows after it would be lost")
            }
            if row.count <= reach {
                try malformed(line, "\(row.count) field\(row.count == 1 ? "" : "s") where the header has \(header.count): a row cut short", identifier(row))
                continue
            }
            // More fields than the header, unless the extra ones are empty (a trailing comma): a
            // comma in an unquoted field ("1,234") shifts every field after it.
            if row.count > header.count, row[header.count...].contains(where: { !$0.allSatisfy(\.isWhitespace) }) {
                try malformed(line, "\(row.count) fields where the header has \(header.count): a comma in an unquoted field?", identifier(row))
                continue
            }
            try body(line) { column in
                guard let position = index[column], position < row.count else { return nil }
                let field = Self.trimmed(row[position])
                return field.isEmpty ? nil : field
            }
        }
    }
}
