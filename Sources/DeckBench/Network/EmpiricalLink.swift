import Foundation

/// The recorded requests an `empirical` network draws from (`--network empirical:path=FILE.har`):
/// per request, its time to first byte and its transfer's pace, kept together so that one draw
/// gives both (a slow first byte comes with the slow transfer it was recorded with). Read once per
/// process and path.
struct EmpiricalLink: Sendable {
    /// Per recorded request: from sending to the first byte, µs.
    let firstByteUs: [Int]
    /// Per recorded request: µs a byte of its transfer took (receive time / bytes); the median of
    /// the others for a request whose bytes the recording does not give.
    let microsecondsPerByte: [Double]

    var count: Int { firstByteUs.count }

    /// Why a file cannot be drawn from.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    init(_ requests: [RecordedRequest]) {
        firstByteUs = requests.map { Int(($0.firstByteMs * 1_000).rounded()) }
        let paces = requests.map { request -> Double? in
            guard let bytes = request.bytes, bytes > 0 else { return request.receiveMs == 0 ? 0 : nil }
            return request.receiveMs * 1_000 / Double(bytes)
        }
        let known = paces.compactMap { $0 }.sorted()
        let median = known.isEmpty ? 0 : known[(known.count - 1) / 2]
        microsecondsPerByte = paces.map { $0 ?? median }
    }

    /// The request a uniform draw in 0 ..< 1 picks: each with the same chance.
    @inline(__always)
    func index(_ uniform: Double) -> Int {
        min(count - 1, max(0, Int(uniform * Double(count))))
    }

    private static let cache = Locked([String: EmpiricalLink]())

    /// The requests of the HAR at `path` whose URL `filter` matches (all without one): those
    /// `networks fit` reads; at least one. With `columns` (`start;first_byte;end;bytes`, `;` for the
    /// spec's commas), a RUM export read as `networks fit --format csv` reads it (times in ms).
    static func load(_ path: String, filter: String?, columns: String? = nil) throws(Failure) -> EmpiricalLink {
        let key = path + "\u{1F}" + (filter ?? "") + "\u{1F}" + (columns ?? "")
        if let link = cache.withLock({ $0[key] }) { return link }
        let expression: NSRegularExpression?
        do {
            expression = try filter.map { try NSRegularExpression(pattern: $0) }
        } catch {
            throw Failure(path: path, reason: "filter \(filter ?? "") is not a regular expression")
        }
        let requests: [RecordedRequest]
        if let columns {
            guard let named = RequestTimings.Columns(columns.replacingOccurrences(of: ";", with: ",")) else {
                throw Failure(path: path, reason: "columns=\(columns) must name start;first_byte;end;bytes[;status[;url]]")
            }
            do {
                requests = try RequestTimings(path: path, columns: named, filter: expression).requests
            } catch {
                throw Failure(path: path, reason: "\(error)")
            }
        } else {
            do {
                requests = try HARFile(path: path, filter: expression).requests
            } catch {
                throw Failure(path: path, reason: error.reason)
            }
        }
        guard !requests.isEmpty else { throw Failure(path: path, reason: "no request to draw from (after the filter, the cache, failures and redirects)") }
        let link = EmpiricalLink(requests)
        cache.withLock { $0[key] = link }
        return link
    }
}
