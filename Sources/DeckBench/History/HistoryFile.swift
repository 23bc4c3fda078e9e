import Foundation

/// A history of runs: a CSV of `HistoryRow`s in the order they were appended, which pandas,
/// DuckDB and Apache Otava read as it is; compressed with zstd when its name ends in `.zst` (pandas
/// and DuckDB read that as it is too). Appending writes the whole file anew beside the old one and
/// renames it over it, so a killed append leaves the old history whole.
public struct HistoryFile: Sendable {
    public var rows: [HistoryRow]
    /// The line each row starts on in the file read (the header is line 1); empty for a history
    /// made in memory.
    var lines: [Int] = []

    /// Why a history cannot be read or written.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        /// A file read whose header is not a history's.
        case notAHistory(path: String)
        case badRow(path: String, line: Int, reason: String)
        /// A file whose rows break the shape every append keeps (each run's rows together, once
        /// each, numbers where numbers go), or zstd under a plain name: damaged, by hand or by a
        /// tool, and judged by no check until it is mended.
        case damaged(path: String, line: Int, reason: String)
        /// A folder that cannot be a night: not one complete run, or one shard of it.
        case notANight(folder: String, reason: String)
        case output(OutputError)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            case let .notAHistory(path): "cannot read \(path): not a DeckBench history (its header is not "
                + HistoryRow.header.joined(separator: ",") + ")"
            case let .badRow(path, line, reason): "\(path):\(line): \(reason)"
            case let .damaged(path, line, reason): "\(path):\(line): a damaged history: \(reason)"
            case let .notANight(folder, reason): "\(folder): \(reason)"
            case let .output(error): error.description
            }
        }

        /// Whether the file was read but what it holds cannot be used (not a history, or a damaged
        /// one: exit 65, as for other data), rather than not read or written at all (exit 74).
        public var isData: Bool {
            switch self {
            case .notAHistory, .badRow, .damaged: true
            case .unreadable, .notANight, .output: false
            }
        }
    }

    public init(rows: [HistoryRow] = []) {
        self.rows = rows
    }

    /// The history at `path`; with `missingIsEmpty`, an empty one when there is no file yet.
    public static func read(_ path: String, missingIsEmpty: Bool = false) throws(Failure) -> HistoryFile {
        guard FileManager.default.fileExists(atPath: path) else {
            if missingIsEmpty { return HistoryFile() }
            throw .unreadable(path: path, reason: "no such file")
        }
        // An empty file (`touch history.csv` before the first night) is a history of no night, to
        // every command: append adds to it, check and report say it holds no night yet.
        if ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue == 0 {
            return HistoryFile()
        }
        let text: String
        var compressed = false
        do throws(RecordingError) {
            let input = try RecordingInput(path: path)
            compressed = input.isCompressed
            var data = Data()
            while let chunk = try input.nextChunk() { data.append(contentsOf: chunk) }
            guard let decoded = String(data: data, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
            text = decoded
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        if compressed != path.hasSuffix(".zst"), !(text.isEmpty && !compressed) {
            throw .damaged(path: path, line: 1, reason: compressed
                ? "it is zstd-compressed but its name does not end in .zst (an append would rewrite it as plain CSV): rename it to \(path).zst"
                : "its name ends in .zst but it is not zstd-compressed (an append would compress it): rename it without .zst")
        }
        // Every line an append writes ends with a line end: a last line without one was cut inside
        // its row, whose last field may read as a shorter number (0.5405 cut to 0.54).
        if let last = text.utf8.last, last != 0x0A {
            throw .damaged(path: path, line: text.utf8.count { $0 == 0x0A } + 1, reason: "the file ends inside this line, which has no "
                + "line end as every line an append writes has: it was cut short inside a row, whose last field may read as another "
                + "number; mend it: delete the last night's rows and append its folder again")
        }
        let notAHistory = Failure.notAHistory(path: path)
        let table: CSVTable
        do {
            table = try CSVTable(text: text, file: path)
        } catch {
            throw error.line == 1 ? notAHistory : .badRow(path: path, line: error.line, reason: error.reason)
        }
        guard table.header == HistoryRow.header || table.header == HistoryRow.headerWithoutSeed else { throw notAHistory }
        var history = HistoryFile()
        var shape = Shape(path: path)
        for record in table.records {
            guard let row = HistoryRow(fields: record.fields, columns: table.header.count) else { throw notAHistory }
            try shape.check(row, line: record.line)
            history.rows.append(row)
            history.lines.append(record.line)
        }
        try shape.finish()
        return history
    }

    /// The shape every append keeps, checked row by row: a run's rows in one block, all saying the
    /// same of the run, each series (policy × network × metric) once in it, values and interval
    /// ends numbers or empty; and within the run, each point's (policy × network) rows together,
    /// every point with the metrics of the run's first point in their order, as an append writes
    /// them (the same metrics of every row of summary.csv). So a night cut short at a line end,
    /// inside a point, is told by its last point; a cut between two points leaves whole points
    /// and cannot be told from the rows (`append` of that night's folder finds it).
    private struct Shape {
        let path: String
        var current = ""
        var currentRun: HistoryRow?
        var firstLine: [String: Int] = [:]
        var seriesLine: [String: Int] = [:]
        /// The run's first point's metrics in order, once that point is whole, and its first line.
        var template: (point: String, metrics: [String], line: Int)?
        /// The point being read: its name, metrics so far, first and last line.
        var point: (name: String, metrics: [String], first: Int, last: Int)?
        var pointLine: [String: Int] = [:]

        init(path: String) {
            self.path = path
        }

        mutating func check(_ row: HistoryRow, line: Int) throws(Failure) {
            if row.run != current {
                if let earlier = firstLine[row.run] {
                    throw .damaged(path: path, line: line, reason: "a row of run \(row.run), whose rows began on line \(earlier), "
                        + "after those of run \(current): each append writes a run's rows together")
                }
                try finish()
                current = row.run
                currentRun = row
                firstLine[row.run] = line
                seriesLine = [:]
                pointLine = [:]
                template = nil
            }
            if let first = currentRun, [first.label, first.time, first.version, first.commit, first.corpus, first.flags, first.seed]
                != [row.label, row.time, row.version, row.commit, row.corpus, row.flags, row.seed] {
                throw .damaged(path: path, line: line, reason: "a row of run \(row.run) names its run otherwise than the run's first row "
                    + "(label, time, version, commit, corpus, flags or seed) on line \(firstLine[row.run] ?? 0)")
            }
            let series = "\(row.metric) of \(row.policy) on \(row.network)"
            if let earlier = seriesLine[series] {
                throw .damaged(path: path, line: line, reason: "run \(row.run) holds \(series) twice (lines \(earlier) and \(line))")
            }
            seriesLine[series] = line
            try add(point: "\(row.policy) on \(row.network)", metric: row.metric, line: line)
            for (name, text) in [("value", row.value), ("ci_low", row.ciLow), ("ci_high", row.ciHigh)]
            where !text.isEmpty && Double(text)?.isFinite != true {
                throw .damaged(path: path, line: line, reason: "\(name) \"\(text)\" is not a number")
            }
        }

        private mutating func add(point name: String, metric: String, line: Int) throws(Failure) {
            if point?.name != name {
                let previous = point?.name ?? "another point"
                try finishPoint()
                if let earlier = pointLine[name] {
                    throw .damaged(path: path, line: line, reason: "a row of \(name) in run \(current), whose rows of it began on line "
                        + "\(earlier), after those of \(previous): each append writes a point's rows together")
                }
                pointLine[name] = line
                point = (name, [], line, line)
            }
            point?.metrics.append(metric)
            point?.last = line
        }

        /// Judges the point just read whole against the run's first point.
        private mutating func finishPoint() throws(Failure) {
            guard let point else { return }
            self.point = nil
            guard let template else {
                template = (point.name, point.metrics, point.first)
                return
            }
            guard point.metrics != template.metrics else { return }
            let missing = template.metrics.filter { !point.metrics.contains($0) }
            let extra = point.metrics.filter { !template.metrics.contains($0) }
            let mend = "mend it: delete run \(current)'s rows (from line \(firstLine[current] ?? 0)) and append its folder again"
            if extra.isEmpty, !missing.isEmpty, Array(template.metrics.prefix(point.metrics.count)) == point.metrics {
                throw .damaged(path: path, line: point.last, reason: "run \(current)'s rows of \(point.name) (from line \(point.first)) "
                    + "end here without \(missing.joined(separator: ", ")), while every point of a run holds the metrics of its first "
                    + "point (\(template.point), from line \(template.line)): the night was cut short or rows were deleted; " + mend)
            }
            throw .damaged(path: path, line: point.first, reason: "run \(current)'s rows of \(point.name) hold "
                + "\(point.metrics.joined(separator: ", ")) where its first point (\(template.point), from line \(template.line)) holds "
                + "\(template.metrics.joined(separator: ", ")): each append writes every point's metrics in one order; " + mend)
        }

        /// Judges the last run's last point; called at a new run and at the end of the file.
        mutating func finish() throws(Failure) {
            try finishPoint()
        }
    }

    /// The line the row at `index` starts on (the header is line 1).
    func line(ofRow index: Int) -> Int {
        index < lines.count ? lines[index] : index + 2
    }

    /// The runs in the order they were appended.
    public var runs: [String] {
        var seen = Set<String>()
        return rows.map(\.run).filter { seen.insert($0).inserted }
    }

    /// The file's bytes: the header and every row, RFC 4180 quoting.
    public var csv: [UInt8] {
        var writer = CSVWriter(header: HistoryRow.header)
        for row in rows { writer.appendRow(row.fields) }
        return writer.bytes
    }

    /// Adds `rows` (one night's) to the history at `path` unless it holds that night already.
    /// Atomic: the old file stays whole until the new one is renamed over it. Appends that run at
    /// once take turns (`HistoryLock`), so none is lost.
    @discardableResult
    public static func append(_ rows: [HistoryRow], to path: String) throws(Failure) -> Appended {
        try HistoryLock.holding(folderOf: path) { () throws(Failure) -> Appended in
            var history = try read(path, missingIsEmpty: true)
            guard let run = rows.first?.run else { return Appended(rows: 0) }
            let held = history.night(of: rows)
            if let first = held.first, let last = held.last {
                // The night is there: whole, or cut short between two points (which its rows alone
                // cannot tell), now told by the rows its folder gives.
                let kept = held.map { history.rows[$0] }
                if kept.count < rows.count, rows.prefix(kept.count).map(\.content) == kept.map(\.content) {
                    let next = rows[kept.count]
                    throw .damaged(path: path, line: history.line(ofRow: last), reason: "night \(run)"
                        + (next.label.isEmpty ? "" : " (label \(next.label))") + " holds \(kept.count) of the \(rows.count) rows its "
                        + "folder gives: its rows end here without those from \(next.metric) of \(next.policy) on \(next.network) "
                        + "on, so the history was cut short or rows were deleted; mend it: delete the night's rows (lines "
                        + "\(history.line(ofRow: first))–\(history.line(ofRow: last))) and append its folder again")
                }
                return Appended(rows: 0, heldRun: history.rows[first].run)
            }
            let lastTime = history.rows.last?.time
            let label = rows.first?.label ?? ""
            let sameLabel = label.isEmpty ? false : history.rows.contains { $0.label == label }
            history.rows += rows
            do throws(OutputError) {
                if path.hasSuffix(".zst") {
                    let writer = try ZstdWriter(path: path, level: 6)
                    try writer.write(history.csv)
                    try writer.finish()
                } else {
                    try AtomicFileWriter.write(history.csv, to: path)
                }
            } catch {
                throw .output(error)
            }
            return Appended(rows: rows.count, lastTime: lastTime, labelTaken: sameLabel)
        }
    }

    /// The rows of the night `rows` would be, if the history holds it: the rows of the same run
    /// id, or of a night named alike (the same label, or the same time when it has none) whose
    /// rows say the same (`HistoryRow.content`, a prefix of it for a night cut short). So the same
    /// run's files appended again under its name add nothing, whatever `--time` or `--commit` says.
    func night(of rows: [HistoryRow]) -> [Int] {
        guard let first = rows.first else { return [] }
        let sameRun = self.rows.indices.filter { self.rows[$0].run == first.run }
        if !sameRun.isEmpty { return sameRun }
        var byRun: [String: [Int]] = [:]
        var order: [String] = []
        for index in self.rows.indices {
            let row = self.rows[index]
            guard first.label.isEmpty ? row.label.isEmpty && row.time == first.time : row.label == first.label else { continue }
            if byRun[row.run] == nil { order.append(row.run) }
            byRun[row.run, default: []].append(index)
        }
        return order.lazy.compactMap { byRun[$0] }.first { held in
            let content = held.map { self.rows[$0].content }
            return content == rows.prefix(content.count).map(\.content)
        } ?? []
    }

    /// What an append did: the rows it added (0 for a night already there) and the time of the
    /// night that was last before it.
    public struct Appended: Sendable {
        public var rows: Int
        public var lastTime: String?
        /// The run id of the night the history held already, when it held it.
        public var heldRun: String?
        /// Whether another night already had the appended night's label (a run with other results
        /// under a label used before: two nights now share it).
        public var labelTaken = false

        /// Whether the night appended is dated before the night that was last: nights are kept in
        /// the order they are appended, so a backfilled night becomes the last one.
        public func isBackfilled(time: String) -> Bool {
            guard let lastTime, let date = ISO8601DateFormatter().date(from: time),
                  let before = ISO8601DateFormatter().date(from: lastTime) else { return false }
            return date < before
        }
    }
}
