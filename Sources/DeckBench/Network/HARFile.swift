import Foundation

/// The requests of a HAR 1.2 file (Chrome DevTools, Charles, Proxyman, mitmproxy and Flipper export
/// them): each entry's timings (`blocked`, `dns`, `connect`, `ssl`, `send`, `wait`, `receive`; −1
/// for "does not apply") and sizes as a `RecordedRequest`. Entries that tell nothing about the
/// network are left out and counted: served from the cache (Chrome's `_fromCache`, or a transfer
/// size of 0 for a body that has bytes), failed (status 0), redirects (3xx but 304) and, with a
/// filter, URLs it does not match. An entry that breaks the format is named (file, entry, reason)
/// and left out; the rest are kept.
package struct HARFile: Sendable {
    public var path: String
    public var requests: [RecordedRequest] = []
    public var cached = 0
    public var failed = 0
    public var redirects = 0
    public var filtered = 0
    /// "FILE: entry N: reason", one per malformed entry (N counts from 1).
    public var rejects: [String] = []

    /// Why a file cannot be read at all.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Reads `path`, keeping the entries whose URL `filter` matches (all without one).
    public init(path: String, filter: NSRegularExpression? = nil) throws(Failure) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(path: path, reason: "cannot read the file") }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(path: path, reason: "not a JSON object (a HAR file is one object with a \"log\")")
        }
        guard let log = root["log"] as? [String: Any], let entries = log["entries"] as? [Any] else {
            throw Failure(path: path, reason: "no \"log\" with \"entries\": not a HAR file")
        }
        for (index, entry) in entries.enumerated() {
            do throws(EntryError) {
                try read(entry, filter: filter)
            } catch {
                rejects.append("\(path): entry \(index + 1): \(error.reason)")
            }
        }
    }

    struct EntryError: Error {
        var reason: String
    }

    private mutating func read(_ entry: Any, filter: NSRegularExpression?) throws(EntryError) {
        guard let entry = entry as? [String: Any] else { throw EntryError(reason: "not an object") }
        guard let request = entry["request"] as? [String: Any], let url = request["url"] as? String else {
            throw EntryError(reason: "no request.url")
        }
        guard let response = entry["response"] as? [String: Any], let status = Self.number(response["status"]) else {
            throw EntryError(reason: "no response.status")
        }
        guard let timings = entry["timings"] as? [String: Any] else { throw EntryError(reason: "no timings") }
        if let filter, filter.firstMatch(in: url, range: NSRange(url.startIndex..., in: url)) == nil {
            filtered += 1
            return
        }
        let content = response["content"] as? [String: Any]
        let transferSize = Self.number(response["_transferSize"])
        let contentSize = Self.number(content?["size"])
        if entry["_fromCache"] != nil || (transferSize == 0 && (contentSize ?? 0) > 0) {
            cached += 1
            return
        }
        if status == 0 {
            failed += 1
            return
        }
        if (300 ..< 400).contains(status), status != 304 {
            redirects += 1
            return
        }
        func required(_ name: String) throws(EntryError) -> Double {
            guard let value = Self.number(timings[name]), value >= 0 else {
                throw EntryError(reason: "timings.\(name) is missing or negative (HAR 1.2 requires send, wait and receive ≥ 0)")
            }
            return value
        }
        func optional(_ name: String) throws(EntryError) -> Double? {
            guard let raw = timings[name] else { return nil }
            guard let value = Self.number(raw), value >= -1 else { throw EntryError(reason: "timings.\(name) is not a number ≥ -1") }
            return value < 0 ? nil : value
        }
        let send = try required("send"), wait = try required("wait"), receive = try required("receive")
        let connect = try optional("connect"), ssl = try optional("ssl")
        let setup = try [optional("blocked"), optional("dns"), connect].compactMap { $0 }.reduce(0, +)
        // HAR 1.2 counts ssl inside connect; TCP alone is connect less ssl.
        let tcp = connect.map { $0 - (ssl ?? 0) }
        let bytes = [transferSize, Self.number(response["bodySize"]), contentSize].compactMap { $0 }.first { $0 >= 0 }.map { Int($0) }
        requests.append(RecordedRequest(firstByteMs: send + wait, receiveMs: receive, bytes: bytes, setupMs: setup,
                                        connectMs: tcp.flatMap { $0 > 0 ? $0 : nil }))
    }

    /// A JSON number.
    private static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }
}
