import ArgumentParser
import DeckBench
import Foundation

/// The flags both import formats take (`import pageviews`, `import touches`): where the recordings
/// go, the user column, how times are written and the session's last dwell; declared and checked
/// here only.
struct ImportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Column (or JSON key) of the user a session belongs to (optional): the bootstrap then resamples users, not sessions.",
                               valueName: "column"))
    var user: String?

    @Option(help: ArgumentHelp("How times are written: ms, s, us, ns (decimals allowed) or iso8601 (also `2026-11-24 10:15:30.25 UTC`; no zone reads as UTC).", valueName: "unit"))
    var timeUnit: String = PageViewFields.TimeUnit.ms.rawValue

    @Option(parsing: .unconditional, help: "Time on the last page after the last view (or touch) before the session ends, ms.")
    var dwellMs = PageViewConversion.defaultDwellMs

    @Option(help: ArgumentHelp("Folder to write the recordings into.", valueName: "folder"))
    var out: String

    @Flag(help: "No summary on stdout.")
    var quiet = false

    /// `--time-unit`, read by `validate()`.
    private var parsedTimeUnit = Parsed<PageViewFields.TimeUnit>()

    /// How the times are written.
    var unit: PageViewFields.TimeUnit { get throws { try parsedTimeUnit.get() } }

    mutating func validate() throws {
        guard let unit = LogTime.Unit.named(timeUnit) else {
            throw ValidationError("--time-unit must be \(LogTime.Unit.listed(LogTime.Unit.allCases)) (got \(timeUnit))")
        }
        guard (0 ... 86_400_000).contains(dwellMs) else { throw ValidationError("--dwell-ms must be from 0 to 86400000 (got \(dwellMs))") }
        parsedTimeUnit.set(unit)
    }

    /// Imports each of `files` into `out` with `run`: rejects and warnings on stderr, a line per
    /// file on stdout (unless `quiet`); exit 1 when anything was rejected, 65 when a file's content
    /// refused it whole (no column named, times in another unit: the other files are imported
    /// all the same), 74 when a file cannot be read or written (the files after it are not).
    func importFiles(_ files: [String], _ run: (String, String) throws -> ImportReport) throws {
        try Self.checkDistinctOutputs(files, in: out)
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            Console.error("error: \(out): cannot create the folder: \(error.localizedDescription)")
            throw ExitStatus.io
        }
        Console.removeLeftovers(in: out)
        var rejected = false
        var refused = false
        for file in files {
            let report: ImportReport
            do {
                report = try run(file, out)
            } catch {
                Console.error("error: \(error)")
                guard (error as? any InputContentFault)?.isContentFault == true else { throw ExitStatus.io }
                refused = true
                continue
            }
            for reject in report.rejects { Console.error(reject) }
            if report.rejectsLeftOut > 0 {
                Console.error("\(file): … and \(report.rejectsLeftOut) more reject\(report.rejectsLeftOut == 1 ? "" : "s") (the first \(ImportReport.rejectsKept) shown)")
            }
            for warning in report.warnings { Console.error("warning: " + warning) }
            rejected = rejected || report.rejectedRows > 0
            if !quiet { Console.out(report.summary + "\n") }
        }
        if refused { throw ExitStatus.data }
        if rejected { throw ExitStatus.inputsRejected }
    }

    /// Two inputs whose names differ only by folder or extension (`a/views.csv`, `b/views.csv`,
    /// `views.jsonl`) would write the same `NAME.jsonl.zst`, the second over the first: a usage
    /// error (exit 64) before anything is read or written, as one file given twice is; a file
    /// missing or a folder is exit 74, before anything is written too.
    static func checkDistinctOutputs(_ files: [String], in folder: String) throws {
        var firstInput: [String: String] = [:]
        for file in files {
            let output = ImportOutput.path(of: file, in: folder)
            if let earlier = firstInput[output] {
                let same = URL(fileURLWithPath: earlier).standardizedFileURL.resolvingSymlinksInPath()
                    == URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath()
                Console.error(same ? "error: \(earlier) and \(file) are one file, given twice: give it once"
                    : "error: \(earlier) and \(file) would both be written to \(output): import them into different --out folders, or rename one")
                throw ExitStatus.usage
            }
            firstInput[output] = file
        }
        // A file that cannot be read is said before any is written, not after the files before it.
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
                Console.error("error: \(file): no such file (nothing imported)")
                throw ExitStatus.io
            }
            if isFolder.boolValue {
                Console.error("error: \(file) is a folder: give the log files in it (nothing imported)")
                throw ExitStatus.io
            }
        }
        // One file under two names (a link beside the file): its sessions would be imported twice.
        var firstName: [FileIdentity: String] = [:]
        for file in files {
            guard let identity = FileIdentity(path: file) else { continue }
            if let earlier = firstName[identity] {
                Console.error("error: \(earlier) and \(file) are one file (a link to it), given twice: give it once")
                throw ExitStatus.usage
            }
            firstName[identity] = file
        }
    }

    /// A file as the file system knows it, whatever the name it is reached by.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }
}
