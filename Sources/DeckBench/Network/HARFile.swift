import Foundation

/// The requests of a HAR 1.2 file (Chrome DevTools, Firefox, Safari's Web Inspector, Charles,
/// Proxyman, mitmproxy and Flipper export them), plain or zstd-compressed, read as a stream (one
/// entry decoded at a time): each entry's timings (`blocked`, `dns`, `connect`, `ssl`, `send`,
/// `wait`, `receive`; −1 for "does not apply") and sizes as a `RecordedRequest`. Entries that tell
/// nothing about the network are left out and counted: served from a cache, failed (status 0),
/// error responses (status ≥ 400), redirects (3xx but 304) and, with a filter, URLs it does not
/// match. An entry that breaks the format is named (file, entry, reason) and left out; the rest
/// are kept.
package struct HARFile: Sendable {
    public var path: String
    public var requests: [RecordedRequest] = []
    public var cached = 0
    public var failed = 0
    /// Responses with a status of 400 or more: an error page's times are the server's failing,
    /// not the network.
    public var errors = 0
    public var redirects = 0
    public var filtered = 0
    /// "FILE: entry N: reason", one per malformed entry (N counts from 1).
    public var rejects: [String] = []
    /// Where and why the file breaks off after its first entries (cut short, or bytes that end the
    /// JSON document's stream): `requests` then holds the entries before the break, which are not
    /// the capture. Nil for a whole file.
    public var broken: Failure?

    /// Why a file cannot be read at all: `unreadable` (missing, a directory, an I/O error) or its
    /// bytes are not a HAR.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// Whether the file could not be read (else it was read and is not a HAR).
        public var unreadable = false
        public var description: String { "\(path): \(reason)" }
    }

    /// Whether the file at `path` (plain or zstd) opens as a HAR does: `{"log": …`. False for a
    /// file that cannot be read.
    public static func looksLikeHAR(_ path: String) -> Bool {
        guard let stream = try? HARStream(path: path) else { return false }
        return stream.opensAsHAR()
    }

    /// Reads `path`, keeping the entries whose URL `filter` matches (all without one).
    public init(path: String, filter: NSRegularExpression? = nil) throws(Failure) {
        self.path = path
        let stream: HARStream
        do {
            stream = try HARStream(path: path)
        } catch {
            throw Self.failure(error, path: path)
        }
        var count = 0
        do {
            try stream.entries { (bytes, index) throws(HARStream.Fault) in
                count = index + 1
                do throws(EntryError) {
                    let entry = try? JSONSerialization.jsonObject(with: Data(bytes))
                    try read(entry ?? "", filter: filter, separateSSL: stream.creator == "mitmproxy")
                } catch {
                    rejects.append("\(path): entry \(index + 1): \(error.reason)")
                }
            }
        } catch {
            // The entries before a break are kept, the break named after them: a caller that needs
            // the capture (a fit, an empirical network) refuses the file.
            guard count > 0 else { throw Self.failure(error, path: path) }
            var failure = Self.failure(error, path: path)
            failure.reason = "breaks off after entry \(count) (\(failure.reason)): a HAR is one JSON document, and this one is cut "
                + "short or damaged, so its \(count) entries before the break are not the capture; export it again"
            broken = failure
        }
    }

    private static func failure(_ fault: HARStream.Fault, path: String) -> Failure {
        switch fault {
        case let .unreadable(reason): Failure(path: path, reason: "cannot read the file: \(reason)", unreadable: true)
        case let .malformed(reason, _): Failure(path: path, reason: reason)
        }
    }

    struct EntryError: Error {
        var reason: String
    }

    /// Whether an entry was served from a cache: Chrome's `_fromCache` ("memory", "disk"; false or
    /// null when it was not), Safari's `_fetchType` ("Memory Cache", "Disk Cache"; "Network Load"
    /// when it went to the network), Firefox's empty `timings`, or a transfer size of 0 for a body
    /// that has bytes.
    private static func isCached(_ entry: [String: Any], timings: [String: Any], transferSize: Double?, contentSize: Double?) -> Bool {
        switch entry["_fromCache"] {
        case let text as String where !text.isEmpty: return true
        case let flag as NSNumber where LogRows.isBoolean(flag) && flag.boolValue: return true
        default: break
        }
        if let fetch = entry["_fetchType"] as? String, fetch.localizedCaseInsensitiveContains("cache") { return true }
        if timings.isEmpty { return true }
        return transferSize == 0 && (contentSize ?? 0) > 0
    }

    private mutating func read(_ entry: Any, filter: NSRegularExpression?, separateSSL: Bool) throws(EntryError) {
        guard let entry = entry as? [String: Any] else { throw EntryError(reason: "not an object") }
        guard let request = entry["request"] as? [String: Any], let url = request["url"] as? String else {
            throw EntryError(reason: "no request.url")
        }
        guard let response = entry["response"] as? [String: Any], let raw = response["status"], !(raw is NSNull) else {
            throw EntryError(reason: "no response.status")
        }
        guard let status = Self.number(raw) else { throw EntryError(reason: "response.status is \(Self.described(raw)), not a number") }
        guard let timings = entry["timings"] as? [String: Any] else { throw EntryError(reason: "no timings") }
        if let filter, filter.firstMatch(in: url, range: NSRange(url.startIndex..., in: url)) == nil {
            filtered += 1
            return
        }
        let content = response["content"] as? [String: Any]
        let transferSize = Self.number(response["_transferSize"])
        let contentSize = Self.number(content?["size"])
        if Self.isCached(entry, timings: timings, transferSize: transferSize, contentSize: contentSize) {
            cached += 1
            return
        }
        // 0 is HAR's status of a request that got no response; HTTP's own start at 100, so one
        // under it (-1 in some exports) is no response either.
        if status < 100 {
            failed += 1
            return
        }
        if status >= 400 {
            errors += 1
            return
        }
        if (300 ..< 400).contains(status), status != 304 {
            redirects += 1
            return
        }
        func required(_ name: String) throws(EntryError) -> Double {
            guard let raw = timings[name], !(raw is NSNull) else {
                throw EntryError(reason: "timings.\(name) is missing (HAR 1.2 requires send, wait and receive, numbers ≥ 0)")
            }
            guard let value = Self.number(raw) else {
                throw EntryError(reason: "timings.\(name) is \(Self.described(raw)), not a number (HAR 1.2 requires send, wait and receive, numbers ≥ 0)")
            }
            guard value >= 0 else {
                throw EntryError(reason: "timings.\(name) is \(NetworkModel.format(value)), negative (HAR 1.2 requires send, wait and receive ≥ 0)")
            }
            return value
        }
        func optional(_ name: String) throws(EntryError) -> Double? {
            guard let raw = timings[name], !(raw is NSNull) else { return nil }
            guard let value = Self.number(raw) else { throw EntryError(reason: "timings.\(name) is \(Self.described(raw)), not a number ≥ -1") }
            guard value >= -1 else { throw EntryError(reason: "timings.\(name) is \(NetworkModel.format(value)), below -1 (-1: does not apply)") }
            return value < 0 ? nil : value
        }
        let send = try required("send"), wait = try required("wait"), receive = try required("receive")
        if send + wait + receive == 0 {
            // Nothing crosses a network in no time: Firefox writes zeros for what its cache served.
            cached += 1
            return
        }
        let connect = try optional("connect"), ssl = try optional("ssl")
        // HAR 1.2 counts ssl inside connect; mitmproxy, and Firefox when ssl outlasts connect,
        // write it beside it.
        let separate = separateSSL || (ssl ?? 0) > (connect ?? 0)
        let setup = try [optional("blocked"), optional("dns"), connect, separate ? ssl : nil].compactMap { $0 }.reduce(0, +)
        let tcp = connect.map { separate ? $0 : $0 - (ssl ?? 0) }
        let bytes = [transferSize, Self.number(response["bodySize"]), contentSize].compactMap { $0 }.first { $0 >= 0 }.map { Int($0) }
        requests.append(RecordedRequest(firstByteMs: send + wait, receiveMs: receive, bytes: bytes, setupMs: setup,
                                        connectMs: tcp.flatMap { $0 > 0 ? $0 : nil }))
    }

    /// A JSON value that is not a number, as an error message names it: a string quoted (its first
    /// 20 characters), otherwise its kind.
    private static func described(_ value: Any) -> String {
        switch value {
        case let text as String: return "the string \"\(text.count > 20 ? text.prefix(20) + "…" : text)\""
        case let number as NSNumber where LogRows.isBoolean(number): return number.boolValue ? "true" : "false"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "a value of another kind"
        }
    }

    /// A JSON number (not a Boolean).
    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !LogRows.isBoolean(number) else { return nil }
        return number.doubleValue
    }
}
