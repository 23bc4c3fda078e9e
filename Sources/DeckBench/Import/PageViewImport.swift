import CSV
import Foundation

/// `deckbench import pageviews`: reads page-view logs (CSV with a header row, or JSON lines, one
/// object per row), row by row, and writes each as a v1 recording (`NAME.jsonl.zst` in the output
/// folder). Rows must come sorted by session and time; a session is converted when its last row
/// has been read (`PageViewConversion`), so memory holds one session's views, whatever the file's
/// size. A bad row rejects its session (named by file, line and reason) and the rest go on.
public struct PageViewImport: Sendable {
    /// The columns (CSV header names, or JSON keys) of the session id, the time and the page.
    public var sessionColumn: String
    public var timeColumn: String
    public var pageColumn: String
    public var fields: PageViewFields
    public var conversion: PageViewConversion

    public init(sessionColumn: String, timeColumn: String, pageColumn: String, fields: PageViewFields = PageViewFields(),
                conversion: PageViewConversion = PageViewConversion()) {
        self.sessionColumn = sessionColumn
        self.timeColumn = timeColumn
        self.pageColumn = pageColumn
        self.fields = fields
        self.conversion = conversion
    }

    /// What one file gave.
    public struct Report: Sendable {
        public var input: String
        public var output: String
        public var rows = 0
        public var sessions = 0
        public var swipes = 0
        public var jumps = 0
        public var rejectedSessions = 0
        public var rejectedRows = 0
        /// Each rejected session: where and why (`file:line: session "id" rejected: reason`).
        public var rejects: [String] = []
    }

    public enum ImportError: Error, CustomStringConvertible {
        case cannotRead(String, String)
        case missingColumn(file: String, column: String, header: [String])

        public var description: String {
            switch self {
            case let .cannotRead(file, reason): "\(file): cannot read: \(reason)"
            case let .missingColumn(file, column, header):
                "\(file): no column \"\(column)\" in the header (\(header.map { "\"\($0)\"" }.joined(separator: ", ")))"
            }
        }
    }

    /// The output file of `input` in `folder`: its name without extensions, then `.jsonl.zst`.
    public static func outputPath(of input: String, in folder: String) -> String {
        var name = (input as NSString).lastPathComponent
        for suffix in [".gz", ".zst", ".csv", ".jsonl", ".json", ".ndjson", ".txt"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return (folder as NSString).appendingPathComponent(name + ".jsonl.zst")
    }

    /// Imports `input` into `folder`.
    public func run(_ input: String, into folder: String) throws -> Report {
        let output = Self.outputPath(of: input, in: folder)
        var report = Report(input: input, output: output)
        let writer = try ZstdWriter(path: output)
        var buffer: [UInt8] = []
        var views: [PageView] = []
        var broken: (line: Int, reason: PageViewError)?
        var seen: [String: Int] = [:]
        let fileName = (output as NSString).lastPathComponent

        func finishSession() throws {
            defer {
                views.removeAll(keepingCapacity: true)
                broken = nil
            }
            guard let firstView = views.first else { return }
            if let broken {
                reject(firstView.session, line: broken.line, reason: broken.reason, rows: views.count)
                return
            }
            switch conversion.session(views, file: fileName) {
            case let .success(session):
                report.sessions += 1
                for event in session.events {
                    switch event.kind {
                    case .swipe: report.swipes += 1
                    case .jump: report.jumps += 1
                    default: break
                    }
                }
                RecordingEncoder.append(session, to: &buffer)
                if buffer.count >= 1 << 16 {
                    try writer.write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            case let .failure(reason):
                let line = views.first { view in
                    if case let .timeGoesBack(_, time) = reason { return view.timeMs == time }
                    if case let .pageOutsideBounds(page, _, _) = reason { return view.page == page }
                    return false
                }?.line ?? firstView.line
                reject(firstView.session, line: line, reason: reason, rows: views.count)
            }
        }

        func reject(_ session: String, line: Int, reason: PageViewError, rows: Int) {
            report.rejectedSessions += 1
            report.rejectedRows += rows
            report.rejects.append("\(input):\(line): session \"\(session)\" rejected: \(reason)")
        }

        try forEachRow(of: input) { line, value in
            report.rows += 1
            guard let session = value(sessionColumn), !session.isEmpty else {
                report.rejectedRows += 1
                report.rejects.append("\(input):\(line): row rejected: no session id in column \"\(sessionColumn)\"")
                return
            }
            if session != views.first?.session {
                try finishSession()
                if let firstLine = seen[session] {
                    // Rows of a session already written or rejected: reject these too, once per run of them.
                    broken = (line, .sessionNotTogether(session, firstLine: firstLine))
                }
            }
            if seen[session] == nil { seen[session] = line }
            var parsed: Result<PageView, PageViewError> {
                guard let time = value(timeColumn) else { return .failure(.missingField(timeColumn)) }
                guard let page = value(pageColumn) else { return .failure(.missingField(pageColumn)) }
                return fields.timeMs(time).flatMap { timeMs in
                    fields.page(page).map { PageView(session: session, timeMs: timeMs, page: $0, line: line) }
                }
            }
            switch parsed {
            case let .success(view): views.append(view)
            case let .failure(reason):
                views.append(PageView(session: session, timeMs: views.last?.timeMs ?? 0, page: views.last?.page ?? 0, line: line))
                if broken == nil { broken = (line, reason) }
            }
        }
        try finishSession()
        try writer.write(buffer)
        try writer.finish()
        return report
    }

    /// Calls `body` with each data row's line and a reader of its fields by column name.
    private func forEachRow(of input: String, _ body: (Int, (String) -> String?) throws -> Void) throws {
        guard let stream = InputStream(fileAtPath: input) else { throw ImportError.cannotRead(input, "no such file") }
        if Self.isJSONLines(input) {
            try JSONLines.forEach(stream, path: input) { line, object in
                try body(line) { column in
                    switch object?[column] {
                    case let text as String: text
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
            throw ImportError.cannotRead(input, String(describing: error))
        }
        let header = reader.headerRow ?? []
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[name] == nil { index[name] = position }
        for column in [sessionColumn, timeColumn, pageColumn] where index[column] == nil {
            throw ImportError.missingColumn(file: input, column: column, header: header)
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

    private static func isJSONLines(_ path: String) -> Bool {
        [".jsonl", ".ndjson", ".json"].contains { path.hasSuffix($0) }
    }
}
