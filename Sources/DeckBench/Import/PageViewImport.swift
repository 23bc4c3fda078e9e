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
    /// The column of the user a session belongs to, if the log has one: written as the session
    /// line's `user` key.
    public var userColumn: String?
    public var fields: PageViewFields
    public var conversion: PageViewConversion

    public init(sessionColumn: String, timeColumn: String, pageColumn: String, userColumn: String? = nil,
                fields: PageViewFields = PageViewFields(), conversion: PageViewConversion = PageViewConversion()) {
        self.sessionColumn = sessionColumn
        self.timeColumn = timeColumn
        self.pageColumn = pageColumn
        self.userColumn = userColumn
        self.fields = fields
        self.conversion = conversion
    }

    /// The output file of `input` in `folder`: its name without extensions, then `.jsonl.zst`.
    public static func outputPath(of input: String, in folder: String) -> String {
        LogRows.outputPath(of: input, in: folder)
    }

    /// Imports `input` into `folder`.
    public func run(_ input: String, into folder: String) throws -> ImportReport {
        let output = Self.outputPath(of: input, in: folder)
        var report = ImportReport(input: input, output: output)
        let writer = try ZstdWriter(path: output, level: WorkloadWriter.defaultLevel)
        var buffer: [UInt8] = []
        var views: [PageView] = []
        var broken: (line: Int, reason: PageViewError)?
        var seen: [String: Int] = [:]
        var user = SessionUser(column: userColumn)
        let fileName = (output as NSString).lastPathComponent

        func finishSession() throws {
            defer {
                views.removeAll(keepingCapacity: true)
                broken = nil
                user.reset()
            }
            guard let firstView = views.first else { return }
            if let broken {
                report.rejected(firstView.session, line: broken.line, reason: broken.reason.description, rows: views.count)
                return
            }
            switch conversion.session(views, file: fileName) {
            case var .success(session):
                session.user = user.user
                report.written(session.events)
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
                report.rejected(firstView.session, line: line, reason: reason.description, rows: views.count)
            }
        }

        try LogRows.forEach(input, columns: [sessionColumn, timeColumn, pageColumn] + [userColumn].compactMap { $0 }) { line, value in
            report.rows += 1
            guard let session = value(sessionColumn), !session.isEmpty else {
                report.rejectedRow(line: line, column: sessionColumn)
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
            if let reason = user.read(value), broken == nil { broken = (line, reason) }
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
}
