import Foundation

/// The recorded requests an `empirical` network draws from (`--network empirical:path=FILE.har`):
/// per request, its time to first byte and its transfer's pace, kept together so that one draw
/// gives both (a slow first byte comes with the slow transfer it was recorded with). Read once per
/// process and path.
///
/// A pace is measured only where a response can measure one: at least `RecordedRequest.minimumPaceBytes` (4,096) bytes
/// and a receive time above 0 (a smaller response arrives in a packet or two, and its receive time
/// is the clock's grain and the browser's scheduling, not the link's rate). A request that cannot
/// measure a pace keeps its first byte and takes the pace of a request that can, picked by a fixed
/// draw per request (the same for every run). The capture's range is kept: a transfer ends no
/// later than the capture's longest request (first byte + receive), and takes no less than the
/// request's own recorded receive time when the response is at least as large as it was.
struct EmpiricalLink: Sendable {
    /// Per recorded request: from sending to the first byte, µs.
    let firstByteUs: [Int]
    /// Per recorded request: µs a byte of its transfer takes (its own pace, or a drawn one; 0 when
    /// no request of the capture can measure one).
    let microsecondsPerByte: [Double]
    /// Per recorded request: a transfer of at least its recorded bytes takes at least this, µs
    /// (its receive time; 0 when its bytes are unknown).
    let leastTransferUs: [Int]
    /// Per recorded request: its recorded bytes (`Int.max` when unknown: no floor applies).
    let recordedBytes: [Int]
    /// The capture's longest request, first byte + receive, µs: no draw ends later.
    let longestUs: Int
    /// Requests whose own pace was measured.
    let measured: Int
    /// What the file left out as malformed, as `networks fit` names it (a break "after entry N").
    var rejects: [String] = []

    var count: Int { firstByteUs.count }

    /// Why a file cannot be drawn from: it cannot be read (`unreadable`), or it holds no request.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var unreadable = false
        /// Whether the spec itself is wrong (a filter or columns that cannot be read).
        var usage = false
        var description: String { "\(path): \(reason)" }
    }

    init(_ requests: [RecordedRequest]) {
        firstByteUs = requests.map { Int(($0.firstByteMs * 1_000).rounded()) }
        let own = requests.map { request -> Double? in
            guard request.measuresPace, let bytes = request.bytes else { return nil }
            return request.receiveMs * 1_000 / Double(bytes)
        }
        let known = own.compactMap { $0 }
        measured = known.count
        microsecondsPerByte = own.enumerated().map { index, pace in
            if let pace { return pace }
            guard !known.isEmpty else { return 0 }
            var draw = SeededGenerator(seed: 0x7061_6365, keys: UInt64(index))
            return known[Int(draw.next() % UInt64(known.count))]
        }
        leastTransferUs = requests.map { $0.bytes == nil ? 0 : Int(($0.receiveMs * 1_000).rounded()) }
        recordedBytes = requests.map { $0.bytes ?? Int.max }
        longestUs = requests.map { Int(($0.totalMs * 1_000).rounded()) }.max() ?? 0
    }

    /// The transfer of `bytes` for the response that drew `record`, µs: at the record's pace, no
    /// less than its recorded receive time when at least as large, and ending within the capture's
    /// longest request.
    @inline(__always)
    func transferUs(record: Int, bytes: Int) -> Int {
        var transfer = Int((Double(bytes) * microsecondsPerByte[record]).rounded())
        if bytes >= recordedBytes[record] { transfer = max(transfer, leastTransferUs[record]) }
        return min(transfer, max(0, longestUs - firstByteUs[record]))
    }

    /// The request a uniform draw in 0 ..< 1 picks: each with the same chance.
    @inline(__always)
    func index(_ uniform: Double) -> Int {
        min(count - 1, max(0, Int(uniform * Double(count))))
    }

    private static let cache = Locked([String: EmpiricalLink]())

    /// The requests of the HAR at `path` whose URL `filter` matches (all without one): those
    /// `networks fit` reads; at least one. With `columns` (`start;first_byte;end;bytes`, `;` for the
    /// spec's commas), a RUM export read as `networks fit --format csv` reads it (times in
    /// `timeUnit`, ms by default). Refused as `networks fit` refuses: no request left (the first
    /// malformed row named when every one was), or times implausible for their unit.
    static func load(_ path: String, filter: String?, columns: String? = nil, timeUnit: LogTime.Unit? = nil) throws(Failure) -> EmpiricalLink {
        let key = path + "\u{1F}" + (filter ?? "") + "\u{1F}" + (columns ?? "") + "\u{1F}" + (timeUnit?.rawValue ?? "")
        if let link = cache.withLock({ $0[key] }) { return link }
        let expression: NSRegularExpression?
        do {
            expression = try filter.map { try NSRegularExpression(pattern: $0) }
        } catch {
            throw Failure(path: path, reason: "filter \(filter ?? "") is not a regular expression", usage: true)
        }
        let requests: [RecordedRequest], rejects: [String]
        let unit = timeUnit ?? .ms
        let isHAR = HARFile.looksLikeHAR(path)
        var columnsRead: RequestTimings.Columns?
        if let columns {
            if isHAR {
                throw Failure(path: path, reason: "is a HAR, read by its own times and sizes: leave out columns=\(columns) "
                    + "(columns= names a CSV or JSON lines export's)", usage: true)
            }
            guard let named = RequestTimings.Columns(columns.replacingOccurrences(of: ";", with: ",")) else {
                throw Failure(path: path, reason: "columns=\(columns) must name start;first_byte;end;bytes[;status[;url]]", usage: true)
            }
            if let twice = named.namedTwice {
                throw Failure(path: path, reason: "columns=\(columns) names \(twice) twice: each role needs a column of its own", usage: true)
            }
            columnsRead = named
        } else if !isHAR {
            if let reason = LogRows.notAFile(path) { throw Failure(path: path, reason: reason, unreadable: true) }
            // A header that names the standard columns needs no columns=, as in `networks fit`; a
            // file that is neither says why it is no RUM export either (one that cannot be read
            // goes on to the HAR reader, which says so).
            var isFolder: ObjCBool = false
            switch RequestTimings.Columns.detected(in: path) {
            case let .found(found): columnsRead = found
            case let .none(reason) where FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue:
                throw Failure(path: path, reason: "is no HAR ({\"log\": …}), nor a RUM export whose header names start,first_byte,end,bytes "
                    + "(\(reason)): for CSV or JSON lines of requests give columns=start;first_byte;end;bytes[;status[;url]]")
            case .none: break
            }
        }
        if timeUnit != nil, columnsRead == nil {
            throw Failure(path: path, reason: "time_unit applies to a RUM export (columns=…, or a header naming "
                + "start,first_byte,end,bytes); a HAR's timings are ms", usage: true)
        }
        if let named = columnsRead {
            do {
                let rows = try RequestTimings(path: path, columns: named, time: LogTime(unit: unit, option: "time_unit="), filter: expression)
                (requests, rejects) = (rows.requests, rows.rejects)
            } catch let error as RequestTimings.FilterWithoutURL {
                throw Failure(path: path, reason: error.reason, usage: true)
            } catch let LogRows.Failure.cannotRead(_, reason) {
                throw Failure(path: path, reason: "cannot read the file: \(reason)", unreadable: true)
            } catch {
                // The failure names the file itself; the message names it once.
                let text = "\(error)"
                throw Failure(path: path, reason: text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
            }
        } else {
            let har: HARFile
            do {
                har = try HARFile(path: path, filter: expression)
            } catch {
                throw Failure(path: path, reason: error.reason + (error.unreadable ? "" : "; for CSV or JSON lines of requests give "
                    + "columns=start;first_byte;end;bytes[;status[;url]] (or name those columns in the header)"), unreadable: error.unreadable)
            }
            if let broken = har.broken { throw Failure(path: path, reason: broken.reason, unreadable: broken.unreadable) }
            (requests, rejects) = (har.requests, har.rejects)
        }
        guard !requests.isEmpty else {
            guard let first = rejects.first else {
                throw Failure(path: path, reason: "no request to draw from (after the filter, the cache, failures, error statuses and redirects)")
            }
            throw Failure(path: path, reason: "no request to draw from: \(rejects.count) malformed, the first: \(first)"
                + (columnsRead == nil || !first.contains("must be times") ? "" : " (times read as \(unit.rawValue); another unit: time_unit=\(LogTime.Unit.others(than: unit)))"))
        }
        if let reason = NetworkFit.implausibleUnit(requests, unit: columnsRead == nil ? nil : unit, option: "time_unit=") {
            throw Failure(path: path, reason: reason)
        }
        var link = EmpiricalLink(requests)
        link.rejects = rejects
        cache.withLock { $0[key] = link }
        return link
    }
}
