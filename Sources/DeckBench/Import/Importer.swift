import Foundation

/// A log format `deckbench import` reads: the columns it names and, for each session, a fresh
/// `SessionRows` that takes the session's rows in order and makes its recording. What every
/// format shares is done once, by `run`: reading the log row by row (`LogRows`: CSV with a header
/// row, or JSON lines), cutting it into sessions by the session column (rows must come sorted by
/// session and time; rows of a session that come back after another's are rejected), the optional
/// user column (`SessionUser`), rejecting a session at its first bad row (named by file, line and
/// reason) while the rest go on, writing the sessions as a v1 recording (`NAME.jsonl.zst`), and
/// refusing the whole file (`ImportRefusal`), before the recording is in place, when its times
/// cannot be a person's in their unit (`ImportPace`) or none of its sessions imports.
/// Memory holds one session's rows, whatever the file's size.
package protocol Importer: Sendable {
    associatedtype Rows: SessionRows
    /// The column of the session id.
    var sessionColumn: String { get }
    /// The column of the user a session belongs to, if the log has one: written as the session
    /// line's `user` key.
    var userColumn: String? { get }
    /// The columns the format reads besides the session's and the user's.
    var rowColumns: [String] { get }
    /// How the log writes its times.
    var timeUnit: LogTime.Unit { get }
    /// What a session's actions are called in a message about their pace (`ImportPace`): "strokes".
    static var actions: String { get }
    /// The reader of session `id`, whose first row is `line`, for the recording file named `file`.
    func rows(of id: String, line: Int, file: String) -> Rows
}

/// One session's rows as a format reads them: row by row, then its recording, or why it has none.
package protocol SessionRows {
    /// Reads a row; returns why it breaks the session, if it does (the session's later rows are
    /// then only counted).
    mutating func read(line: Int, _ value: (String) -> String?) -> ImportError?
    /// The session once its last row is in, or why it cannot be made and the line to name.
    mutating func finish() -> Result<Session, ImportRejection>
    /// When each of the session's actions happened (its first view and each change of page, a
    /// stroke's touch down), ms as read with their fractions, in order: the pace `ImportPace`
    /// checks the unit by.
    var actionTimesMs: [Double] { get }
}

/// A log refused whole, nothing written for it: its times are in another unit than they were
/// read in (a person's actions cannot be that far apart, `ImportPace`, or most sessions' times
/// are past the range of their unit and within a finer one's), or none of its sessions could be
/// imported.
package struct ImportRefusal: Error, CustomStringConvertible, InputContentFault {
    public var path: String
    public var reason: String
    public var isContentFault: Bool { true }
    public var description: String { "\(path): \(reason); nothing was written for it" }
}

/// Why a session read whole is not imported, and the line that shows it.
package struct ImportRejection: Error, Sendable {
    public var line: Int
    public var reason: ImportError

    public init(line: Int, reason: ImportError) {
        self.line = line
        self.reason = reason
    }
}

/// Where an import writes: `FOLDER/NAME.jsonl.zst`, NAME the input's file name without its
/// extensions, so that a command can refuse two inputs that would share one before it writes.
public enum ImportOutput {
    /// The output file of `input` in `folder`: its name without extensions, then `.jsonl.zst`.
    public static func path(of input: String, in folder: String) -> String {
        var name = (input as NSString).lastPathComponent
        for suffix in [".gz", ".zst", ".csv", ".jsonl", ".json", ".ndjson", ".txt"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return (folder as NSString).appendingPathComponent(name + ".jsonl.zst")
    }
}

extension Importer {
    /// Imports `input` into `folder`.
    public func run(_ input: String, into folder: String) throws -> ImportReport {
        let output = ImportOutput.path(of: input, in: folder)
        var report = ImportReport(input: input, output: output)
        let writer = try ZstdWriter(path: output, level: WorkloadWriter.defaultLevel)
        let file = (output as NSString).lastPathComponent
        var buffer: [UInt8] = []
        var open: (id: String, line: Int, rows: Rows, count: Int)?
        var broken: (line: Int, reason: ImportError)?
        var seen: [String: Int] = [:]
        var user = SessionUser(column: userColumn)
        report.pace = ImportPace(unit: timeUnit)
        let time = LogTime(unit: timeUnit)
        // Sessions rejected for a time past its unit's range that a finer unit reads, the first
        // such time, and that unit.
        var pastRange: (sessions: Int, line: Int, text: String, unit: LogTime.Unit)?

        func finishSession() throws {
            defer {
                open = nil
                broken = nil
                user.reset()
            }
            guard var session = open else { return }
            if let broken {
                // Rows that come back after other sessions: the session's first run was dealt with.
                if case .sessionNotTogether = broken.reason {
                    return report.rejectedRows(line: broken.line, reason: broken.reason.description, rows: session.count)
                }
                return report.rejected(session.id, line: broken.line, reason: broken.reason.description, rows: session.count)
            }
            switch session.rows.finish() {
            case var .success(made):
                made.user = user.user
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

        // A row that does not read (a line of JSON lines that is no object, a CSV row with more or
        // fewer fields than the header) belongs to the session whose rows are on both sides of
        // it, which it breaks (a view left out would turn two swipes into a jump); between two
        // sessions it is a row rejected on its own.
        var malformedRow: (line: Int, reason: String)?
        func rejectMalformedRow() {
            guard let row = malformedRow else { return }
            report.rejectedRow(line: row.line, reason: row.reason)
            malformedRow = nil
        }
        let malformed = { (line: Int, reason: String) in
            report.rows += 1
            rejectMalformedRow()
            malformedRow = (line, reason)
        }
        try LogRows.forEach(input, columns: [sessionColumn] + rowColumns + [userColumn].compactMap { $0 },
                            malformed: malformed) { line, value in
            report.rows += 1
            let id = value(sessionColumn)
            if let row = malformedRow, let id, id == open?.id {
                open!.count += 1
                if broken == nil { broken = (row.line, .malformedRow(row.reason)) }
                malformedRow = nil
            }
            // The session before a row of its own ends before it, so that the rejects come in line order.
            if malformedRow != nil, id != open?.id { try finishSession() }
            rejectMalformedRow()
            guard let id, !id.isEmpty else { return report.rejectedRow(line: line, column: sessionColumn) }
            if id != open?.id {
                try finishSession()
                open = (id, line, rows(of: id, line: line, file: file), 0)
                // Rows of a session already written or rejected: reject these too, once per run of them.
                if let first = seen[id] { broken = (line, .sessionNotTogether(id, firstLine: first)) }
                seen[id] = seen[id] ?? line
            }
            open!.count += 1
            guard broken == nil else { return }
            if let reason = user.read(value) ?? open!.rows.read(line: line, value) {
                broken = (line, reason)
                if case let .badTime(text, _, _) = reason, let finer = time.finerUnit(reading: text) {
                    if pastRange == nil { pastRange = (0, line, text, finer) }
                    pastRange!.sessions += 1
                }
            }
        }
        try finishSession()
        rejectMalformedRow()
        if let pastRange, pastRange.sessions > report.sessions {
            throw ImportRefusal(path: input, reason: "\(pastRange.sessions) of \(report.sessions + report.rejectedSessions) "
                + "sessions have times past 10¹⁵ ms read as \(timeUnit.spokenName) (the first at line \(pastRange.line): \(LogTime.quoted(pastRange.text))), "
                + "which read as \(pastRange.unit.spokenName): give \(time.option)\(pastRange.unit.rawValue)")
        }
        // A file that had sessions and gives none is refused rather than written as an empty
        // recording over the one an earlier import left (a flag forgotten, most often).
        if report.sessions == 0, let first = report.firstSessionReject {
            throw ImportRefusal(path: input, reason: "none of its \(report.rejectedSessions) session\(report.rejectedSessions == 1 ? "" : "s") "
                + "could be imported (the first rejected at \(first))")
        }
        if report.sessions == 0, report.rows > 0, let first = report.rejects.first {
            throw ImportRefusal(path: input, reason: "none of its \(report.rows) row\(report.rows == 1 ? "" : "s") could be imported "
                + "(the first: \(first.dropFirst(input.count + 1)))")
        }
        if let verdict = report.pace.verdict(time, actions: Self.actions) {
            guard !verdict.refuses else { throw ImportRefusal(path: input, reason: verdict.reason) }
            report.warnings.append("\(input): \(verdict.reason) (too few to refuse the file: check its unit)")
        }
        try writer.write(buffer)
        try writer.finish()
        return report
    }
}
