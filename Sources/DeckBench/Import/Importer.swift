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
    /// The output file of `input` in `folder`: its name without extensions (in any case), then `.jsonl.zst`.
    public static func path(of input: String, in folder: String) -> String {
        var name = (input as NSString).lastPathComponent
        for suffix in [".gz", ".zst", ".csv", ".jsonl", ".json", ".ndjson", ".txt"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        return (folder as NSString).appendingPathComponent(name + ".jsonl.zst")
    }
}

extension Importer {
    /// Imports `input` into `folder`.
    public func run(_ input: String, into folder: String) throws -> ImportReport {
        let output = ImportOutput.path(of: input, in: folder)
        let writer = try ZstdWriter(path: output, level: WorkloadWriter.defaultLevel)
        var cut = SessionCut(self, report: ImportReport(input: input, output: output), writer: writer)
        try LogRows.forEach(input, columns: cut.columns, identifiers: cut.identifiers, malformed: { try cut.malformed(line: $0, reason: $1, id: $2) }) { line, value in
            try cut.row(line: line, value)
        }
        try cut.end()
        if let refusal = cut.refusal() { throw refusal }
        try cut.finishRecording()
        return cut.report
    }
}
