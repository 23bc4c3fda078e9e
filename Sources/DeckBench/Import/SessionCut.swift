import Foundation

/// One file's rows cut into sessions as an `Importer` reads them: the session open, whether a row
/// broke it, the sessions already seen (rows of one that come back after another's are rejected),
/// a malformed row waiting to learn whose it is, and the recording's bytes until they are written.
/// `Importer.run` feeds it the file's rows, then asks it whether the file is refused.
struct SessionCut<Format: Importer> {
    private let format: Format
    private let file: String
    private let writer: ZstdWriter
    private let time: LogTime
    private(set) var report: ImportReport
    private var buffer: [UInt8] = []
    private var open: (id: String, line: Int, rows: Format.Rows, count: Int)?
    private var broken: (line: Int, reason: ImportError)?
    private var seen: [String: Int] = [:]
    private var user: SessionUser
    /// Rows that do not read (a line of JSON lines that is no object, a CSV row with more or fewer
    /// fields than the header, a row with no session id), in a run: they belong to the session
    /// whose rows are on both sides of them, which they break (a view left out would turn two
    /// swipes into a jump); between two sessions they are rows rejected on their own.
    private var malformedRows = MalformedRun()

    private struct MalformedRun {
        /// The first rows of the run, as many as a report keeps rejects.
        var rows: [(line: Int, reason: String)] = []
        var count = 0
    }
    /// Sessions rejected for a time past its unit's range that a finer unit reads, the first such
    /// time, and that unit.
    private var pastRange: (sessions: Int, line: Int, text: String, unit: LogTime.Unit)?
    /// Rows of sessions written, and rows rejected for coming back to a session after other
    /// sessions' rows: as many of those as of these, or ten and a tenth as many, is a file not
    /// grouped by session.
    private var rowsWritten = 0
    private var rowsAgain = 0

    init(_ format: Format, report: ImportReport, writer: ZstdWriter) {
        self.format = format
        self.writer = writer
        self.report = report
        file = (report.output as NSString).lastPathComponent
        time = LogTime(unit: format.timeUnit)
        user = SessionUser(column: format.userColumn)
        self.report.pace = ImportPace(unit: format.timeUnit)
    }

    /// The columns the file's rows are read by: the session's, the format's, the user's.
    var columns: [String] {
        [format.sessionColumn] + format.rowColumns + [format.userColumn].compactMap { $0 }
    }

    /// The columns that name a session or a user: in JSON lines, text or a number.
    var identifiers: [String] {
        [format.sessionColumn] + [format.userColumn].compactMap { $0 }
    }

    /// A row that does not read, at `line`, for `reason`: the session it names, if it names one
    /// (`id`), is rejected for it, be it that session's first or last row; else it belongs to the
    /// session on both sides of it, if any.
    mutating func malformed(line: Int, reason: String, id: String?) throws {
        report.rows += 1
        guard let id else { return hold(line: line, reason: reason) }
        try enter(id, line: line)
        open!.count += 1
        if broken == nil { broken = (line, .malformedRow(reason)) }
    }

    /// The row at `line`, its fields by column in `value`.
    mutating func row(line: Int, _ value: (String) -> String?) throws {
        report.rows += 1
        guard let id = value(format.sessionColumn), !id.isEmpty else {
            return hold(line: line, reason: "no session id in column \"\(format.sessionColumn)\"")
        }
        try enter(id, line: line)
        open!.count += 1
        guard broken == nil, let reason = user.read(value) ?? open!.rows.read(line: line, value) else { return }
        broken = (line, reason)
        if case let .badTime(text, _, _) = reason, let finer = time.finerUnit(reading: text) {
            if pastRange == nil { pastRange = (0, line, text, finer) }
            pastRange!.sessions += 1
        }
    }

    /// The file's rows are all read: the last session ends, and a malformed row after it is rejected.
    mutating func end() throws {
        try finishSession()
        rejectMalformedRows()
    }

    /// Why the file is refused whole, if it is: most sessions' times past their unit's range, rows
    /// not grouped by session, no session imported of a file that had rows, or a pace no person
    /// keeps (too few intervals to refuse only warn, in the report).
    mutating func refusal() -> ImportRefusal? {
        let input = report.input
        if let pastRange, pastRange.sessions > report.sessions {
            return ImportRefusal(path: input, reason: "\(pastRange.sessions) of \(report.sessions + report.rejectedSessions) "
                + "sessions have times past 10¹⁵ ms read as \(format.timeUnit.spokenName) (the first at line \(pastRange.line): \(LogTime.quoted(pastRange.text))), "
                + "which read as \(pastRange.unit.spokenName): give \(time.option)\(pastRange.unit.rawValue)")
        }
        // A few rows back are stray rows; as many as those read with their session, or ten and a
        // tenth as many, are an order.
        if rowsAgain > 0, rowsAgain >= rowsWritten || (rowsAgain >= 10 && rowsAgain * 10 >= rowsWritten) {
            return ImportRefusal(path: input, reason: "\(rowsAgain) of its \(report.rows) rows come back to a session after other sessions' "
                + "rows, against \(rowsWritten) read with their session's: the rows are not grouped by session (sorted by time?); "
                + "sort them by session, then time, the header kept first")
        }
        // A file that had sessions and gives none is refused rather than written as an empty
        // recording over the one an earlier import left (a flag forgotten, most often).
        if report.sessions == 0, let first = report.firstSessionReject {
            let sessions = report.rejectedSessions == 1 ? "its one session" : "none of its \(report.rejectedSessions) sessions"
            return ImportRefusal(path: input, reason: "\(sessions) could be imported (the first rejected at \(first))")
        }
        if report.sessions == 0, report.rows > 0, let first = report.rejects.first {
            let rows = report.rows == 1 ? "its one row" : "none of its \(report.rows) rows"
            return ImportRefusal(path: input, reason: "\(rows) could be imported (the first: \(first.dropFirst(input.count + 1)))")
        }
        guard let verdict = report.pace.verdict(time, actions: Format.actions) else { return nil }
        guard !verdict.refuses else { return ImportRefusal(path: input, reason: verdict.reason) }
        report.warnings.append("\(input): \(verdict.reason) (too few to refuse the file)")
        return nil
    }

    /// Writes what is left of the recording and closes it.
    mutating func finishRecording() throws {
        try writer.write(buffer)
        try writer.finish()
    }

    /// A row of session `id` at `line`: rows that did not read just before it are the open
    /// session's if it is `id`'s, else rows of their own; a session other than the open one starts.
    private mutating func enter(_ id: String, line: Int) throws {
        if let first = malformedRows.rows.first, id == open?.id {
            open!.count += malformedRows.count
            if broken == nil { broken = (first.line, .malformedRow(first.reason)) }
            malformedRows = MalformedRun()
        }
        // The session before rows of their own ends before them, so that the rejects come in line order.
        if malformedRows.count > 0 { try finishSession() }
        rejectMalformedRows()
        if id != open?.id { try begin(id, line: line) }
    }

    /// Session `id` starts at `line`, the one open before it ended.
    private mutating func begin(_ id: String, line: Int) throws {
        try finishSession()
        open = (id, line, format.rows(of: id, line: line, file: file), 0)
        // Rows of a session already written or rejected: reject these too, once per run of them.
        if let first = seen[id] { broken = (line, .sessionNotTogether(id, firstLine: first)) }
        seen[id] = seen[id] ?? line
    }

    /// A row that does not read joins the run of them.
    private mutating func hold(line: Int, reason: String) {
        if malformedRows.rows.count < ImportReport.rejectsKept { malformedRows.rows.append((line, reason)) }
        malformedRows.count += 1
    }

    private mutating func rejectMalformedRows() {
        for row in malformedRows.rows { report.rejectedRow(line: row.line, reason: row.reason) }
        report.rejectedRowsNotKept(malformedRows.count - malformedRows.rows.count)
        malformedRows = MalformedRun()
    }

    /// The open session ends: written, or rejected with the row that broke it.
    private mutating func finishSession() throws {
        defer {
            open = nil
            broken = nil
            user.reset()
        }
        guard var session = open else { return }
        if let broken {
            // Rows that come back after other sessions: the session's first run was dealt with.
            if case .sessionNotTogether = broken.reason {
                rowsAgain += session.count
                return report.rejectedRows(line: broken.line, reason: broken.reason.description, rows: session.count)
            }
            return report.rejected(session.id, line: broken.line, reason: broken.reason.description, rows: session.count)
        }
        switch session.rows.finish() {
        case var .success(made):
            made.user = user.user
            rowsWritten += session.count
            report.written(made.events)
            report.pace.record(session.rows.actionTimesMs)
            RecordingEncoder.append(made, to: &buffer)
            if buffer.count >= 1 << 16 {
                try writer.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        case let .failure(rejection):
            report.rejected(session.id, line: rejection.line, reason: rejection.reason.description, rows: session.count)
        }
    }
}
