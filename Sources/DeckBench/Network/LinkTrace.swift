import Foundation

/// A Mahimahi link trace: one line per opportunity to deliver one 1500-byte packet, the line's
/// number being milliseconds from the start of the trace (a millisecond repeated once per packet
/// it can carry). The trace repeats with a period of its last millisecond. Loaded once per run
/// and shared, read-only, by every replay.
final class LinkTrace: Sendable {
    public static let packetBytes = 1_500

    public let path: String
    /// Opportunity times, ms, non-decreasing.
    let timesMs: [Int]
    /// The length of one pass through the trace, ms.
    public let periodMs: Int

    /// Why a trace cannot be used.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case malformed(path: String, line: Int, reason: String)
        case empty(path: String)

        /// A file that is missing or cannot be opened (exit 74), not one whose text is wrong (65).
        public var unreadable: Bool {
            if case .unreadable = self { return true }
            return false
        }

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read trace \(path): \(reason)"
            case let .malformed(path, line, reason): "\(path):\(line): \(reason)"
            case let .empty(path): "trace \(path) has no delivery opportunity after 0 ms; it needs at least one line > 0"
            }
        }
    }

    init(path: String, timesMs: [Int]) throws(Failure) {
        guard let last = timesMs.last, last > 0 else { throw .empty(path: path) }
        self.path = path
        self.timesMs = timesMs
        periodMs = last
    }

    /// Parses the text of a trace file.
    public convenience init(path: String, text: String) throws(Failure) {
        var times: [Int] = []
        var previous = 0
        var lineNumber = 0
        // By line breaks, whichever the file uses: "\r\n" is one Character, never equal to "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let value = Int(trimmed), value >= 0 else {
                throw .malformed(path: path, line: lineNumber, reason: "expected a whole number of milliseconds ≥ 0, got \"\(trimmed.prefix(40))\"")
            }
            guard value >= previous else {
                throw .malformed(path: path, line: lineNumber, reason: "time goes backwards: \(value) after \(previous)")
            }
            previous = value
            times.append(value)
        }
        try self.init(path: path, timesMs: times)
    }

    private static let cache = Locked([String: LinkTrace]())

    /// The trace at `path`, read once per process.
    public static func load(_ path: String) throws(Failure) -> LinkTrace {
        let loaded = cache.withLock { (traces) -> Result<LinkTrace, Failure> in
            if let trace = traces[path] { return .success(trace) }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                return .failure(.unreadable(path: path, reason: "no such file"))
            }
            guard !isFolder.boolValue else { return .failure(.unreadable(path: path, reason: "a folder, not a trace file")) }
            guard let data = FileManager.default.contents(atPath: path) else {
                return .failure(.unreadable(path: path, reason: "cannot be read"))
            }
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(.malformed(path: path, line: 1, reason: "not UTF-8 text"))
            }
            return Result { () throws(Failure) in try LinkTrace(path: path, text: text) }.map { trace in
                traces[path] = trace
                return trace
            }
        }
        return try loaded.get()
    }

    /// The next opportunity at or after trace position `positionUs` (µs from the trace's start,
    /// any number of periods on): its position in µs and how many packets it carries.
    func nextOpportunity(atOrAfterUs positionUs: Int) -> (positionUs: Int, packets: Int) {
        let periodUs = periodMs * 1_000
        var pass = positionUs / periodUs
        var withinUs = positionUs - pass * periodUs
        // The end of one pass and the start of the next are the same instant.
        if withinUs == 0 && pass > 0 {
            pass -= 1
            withinUs = periodUs
        }
        let wantedMs = (withinUs + 999) / 1_000
        var index = lowerBound(wantedMs)
        var base = pass * periodUs
        if index == timesMs.count {
            index = 0
            base += periodUs
        }
        let ms = timesMs[index]
        var packets = 0
        var probe = index
        while probe < timesMs.count, timesMs[probe] == ms {
            packets += 1
            probe += 1
        }
        if ms == periodMs {
            var zero = 0
            while zero < timesMs.count, timesMs[zero] == 0 {
                packets += 1
                zero += 1
            }
        }
        return (base + ms * 1_000, packets)
    }

    private func lowerBound(_ ms: Int) -> Int {
        var low = 0
        var high = timesMs.count
        while low < high {
            let middle = (low + high) / 2
            if timesMs[middle] < ms { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
