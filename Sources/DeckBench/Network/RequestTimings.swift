import Foundation

/// The requests of a RUM export (Firebase Performance Monitoring, OkHttp's `EventListener`,
/// `URLSessionTaskMetrics`) as CSV with a header row or JSON lines: a row per request with its start,
/// its first byte, its end (ms, s, µs, ns or ISO 8601: `time`) and its bytes, by column name; optionally its
/// status (0 is a failure, 400 or more an error, 3xx but 304 a redirect: left out and counted) and its URL (for `filter`, which needs it).
/// A row that cannot be read is named (file, line, reason) and left out; the rest are kept.
package struct RequestTimings: Sendable {
    /// The columns: start, first byte, end and bytes, then status and URL when the export has them.
    package struct Columns: Sendable, Equatable {
        package var start: String
        package var firstByte: String
        package var end: String
        package var bytes: String
        package var status: String?
        package var url: String?
        /// Columns that no row need hold: JSON lines' status when none of the first objects wrote
        /// one (an export leaves out null fields, so a later object may).
        package var optional: [String] = []

        init(start: String, firstByte: String, end: String, bytes: String, status: String?, url: String?) {
            (self.start, self.firstByte, self.end, self.bytes, self.status, self.url) = (start, firstByte, end, bytes, status, url)
        }

        /// `start,first_byte,end,bytes[,status[,url]]`, or nil when that is not what `text` names; the
        /// status may be left empty before a url (`start,first_byte,end,bytes,,url`).
        package init?(_ text: String) {
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard (4 ... 6).contains(names.count), !names.prefix(4).contains(where: \.isEmpty),
                  names.count < 5 || !names[4].isEmpty || names.count == 6, names.count < 6 || !names[5].isEmpty else { return nil }
            (start, firstByte, end, bytes) = (names[0], names[1], names[2], names[3])
            status = names.count > 4 && !names[4].isEmpty ? names[4] : nil
            url = names.count > 5 ? names[5] : nil
        }

        var all: [String] { [start, firstByte, end, bytes] + [status, url].compactMap { $0 } }

        /// The same columns without the url.
        package var withoutURL: Columns {
            var columns = self
            columns.url = nil
            return columns
        }

        /// A column named for two roles (`start,first_byte,first_byte,bytes`), as compared in any
        /// case and spacing; nil when each has its own.
        package var namedTwice: String? {
            let names = all.map(LogRows.normalized)
            return names.enumerated().first { index, name in names[..<index].contains(name) }.map { all[$0.offset] }
        }

        /// The names `networks fit --columns` says: what a file whose columns are named so needs
        /// no `--columns` for.
        package static let standard = ["start", "first_byte", "end", "bytes", "status", "url"]

        /// The columns of a log as its header (or its JSON objects) names them, or why it names none.
        package enum Detection: Sendable, Equatable {
            case found(Columns)
            /// What the file is instead ("is empty…", "its header names start twice…").
            case none(reason: String)

            package var columns: Columns? {
                if case let .found(columns) = self { return columns }
                return nil
            }
        }

        /// The standard columns of the log at `path`, each found by its name in any case and with
        /// spaces around it: `start`, `first_byte`, `end` and `bytes`, with `status` and `url`
        /// when named (each on its own). A CSV's are its header's; JSON lines' are every key of
        /// their first 10,000 objects (an export may leave out a null field). A name found twice, a
        /// missing one, an empty or compressed file give the reason instead.
        package static func detected(in path: String) -> Detection {
            switch LogRows.columnNames(of: path) {
            case let .none(reason): return .none(reason: reason)
            case let .names(header):
                var found: [String: String] = [:]
                for name in header {
                    let key = LogRows.normalized(name)
                    guard standard.contains(key) else { continue }
                    if let other = found[key] {
                        return .none(reason: "its columns name \(key) twice (\"\(other)\", \"\(name)\"): which one is meant?")
                    }
                    found[key] = name
                }
                let missing = standard.prefix(4).filter { found[$0] == nil }
                guard missing.isEmpty else {
                    let said = LogRows.isJSONLines(path) ? "its objects' keys" : "its header"
                    return .none(reason: "\(said) (\(LogRows.Failure.said(header))) name\(said == "its header" ? "s" : "") no "
                        + missing.joined(separator: ", ") + LogRows.Failure.separatorHint(header) + LogRows.Failure.quoteHint(header))
                }
                var columns = Columns(start: found["start"]!, firstByte: found["first_byte"]!, end: found["end"]!, bytes: found["bytes"]!,
                                      status: found["status"], url: found["url"])
                if columns.status == nil, LogRows.isJSONLines(path) {
                    columns.status = "status"
                    columns.optional = ["status"]
                }
                return .found(columns)
            }
        }

        /// The standard columns of the log at `path` (`detected(in:)`), nil when it names none.
        package static func named(in path: String) -> Columns? { detected(in: path).columns }
    }

    package var path: String
    package var requests: [RecordedRequest] = []
    /// Rows whose first byte came under `NetworkFit.plausibleFirstByteMs`' lower bound (1 ms) after
    /// their start, in a file whose times are plausible for their unit: a cache answered them (no
    /// network does that fast), so they are left out, as a HAR's cache entries are.
    package var cached = 0
    package var failed = 0
    /// Rows with a status of 400 or more (an error page times the server's failing, not the network).
    package var errors = 0
    package var redirects = 0
    package var filtered = 0
    /// "FILE:LINE: reason", one per row left out for what it holds.
    package var rejects: [String] = []

    /// A filter was given but the columns name no URL to match it against.
    package struct FilterWithoutURL: Error, CustomStringConvertible {
        package var path: String
        package var reason: String { "a filter needs a url column (start,first_byte,end,bytes,status,url)" }
        package var description: String { "\(path): \(reason)" }
    }

    /// Whether `error`, thrown by `init`, says the file could not be read (else its data is wrong).
    package static func isUnreadable(_ error: Error) -> Bool {
        if case LogRows.Failure.cannotRead = error { return true }
        return false
    }

    package init(path: String, columns: Columns, time: LogTime = LogTime(), filter: NSRegularExpression? = nil) throws {
        self.path = path
        guard filter == nil || columns.url != nil else { throw FilterWithoutURL(path: path) }
        try LogRows.forEach(path, columns: columns.all, optional: columns.optional, malformed: { line, reason, _ in
            rejects.append("\(path):\(line): \(reason)")
        }) { line, value in
            if let filter, let column = columns.url {
                let url = value(column) ?? ""
                guard filter.firstMatch(in: url, range: NSRange(url.startIndex..., in: url)) != nil else { return filtered += 1 }
            }
            if let column = columns.status, let text = value(column) {
                guard let status = Self.wholeNumber(text) else { return rejects.append("\(path):\(line): the status must be a whole number, got \"\(text.prefix(20))\"") }
                // 0 (no response), and anything under HTTP's 100 (-1 in some exports): failed.
                if status < 100 { return failed += 1 }
                if status >= 400 { return errors += 1 }
                if (300 ..< 400).contains(status), status != 304 { return redirects += 1 }
            }
            func ms(_ column: String) -> Double? {
                // Fractions kept, as a HAR's: a receive time of 0.4 ms is not 0.
                guard let text = value(column), let ms = time.fractionalMs(text) else { return nil }
                return ms
            }
            guard let start = ms(columns.start), let firstByte = ms(columns.firstByte), let end = ms(columns.end) else {
                let column = [columns.start, columns.firstByte, columns.end].first { ms($0) == nil }!
                let why = value(column).map { time.whyNot($0) } ?? "empty"
                return rejects.append("\(path):\(line): start, first byte and end must be times (\(time.unit.rawValue)): \(column) \(why)")
            }
            guard start <= firstByte, firstByte <= end else {
                return rejects.append("\(path):\(line): the first byte must come after the start and before the end")
            }
            let bytesText = value(columns.bytes)
            let bytes = bytesText.flatMap(Self.wholeNumber)
            guard bytesText == nil || bytes != nil else {
                return rejects.append("\(path):\(line): bytes must be a whole number, got \"\(bytesText!.prefix(20))\"")
            }
            guard bytes.map({ $0 >= 0 }) ?? true else { return rejects.append("\(path):\(line): bytes must be 0 or more") }
            requests.append(RecordedRequest(firstByteMs: firstByte - start, receiveMs: end - firstByte, bytes: bytes))
        }
        leaveOutCacheAnswers(unit: time.unit)
    }

    /// Why the existing file at `path` cannot be read as requests here (a pipe or a device), nil
    /// for a regular file.
    package static func notAFile(_ path: String) -> String? { LogRows.notAFile(path) }

    /// A whole number as exports write it: `200`, or `200.0` (pandas and spreadsheets write whole
    /// floats so); nil for anything else (`1.5`, `1e3`, `abc`).
    static func wholeNumber(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        guard let point = text.firstIndex(of: "."), text[text.index(after: point)...].allSatisfy({ $0 == "0" }) else { return nil }
        return Int(text[..<point])
    }

    /// Leaves out the rows a cache answered, unless the whole file's times are implausible for
    /// their unit: then every row is quick because the unit is wrong, and the callers' unit check
    /// says which unit to give instead.
    private mutating func leaveOutCacheAnswers(unit: LogTime.Unit) {
        guard !requests.isEmpty, NetworkFit.implausibleUnit(requests, unit: unit, option: "") == nil else { return }
        let network = requests.filter { $0.firstByteMs >= NetworkFit.plausibleFirstByteMs.lowerBound }
        cached = requests.count - network.count
        requests = network
    }
}
