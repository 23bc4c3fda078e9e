import Foundation

/// Reads a JSON-lines stream a chunk at a time and hands each non-blank line, parsed, to a body:
/// an object's fields, or nil for a line that is not a JSON object (`notAnObject(_:)` says what it is).
enum JSONLines {
    /// Why a line is no JSON object: not JSON at all, or JSON of another kind.
    static func notAnObject(_ bytes: ArraySlice<UInt8>) -> String {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            return notJSON(detail: (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        }
        let kind = value is [Any] ? "an array" : value is String ? "a string" : value is NSNull ? "null"
            : (value as? NSNumber).map { LogRows.isBoolean($0) ? "a Boolean" : "a number" } ?? "a number"
        return "not a JSON object but \(kind) (JSON lines hold one object a line)"
    }

    /// Why a line does not parse, from the parser's own words (`Invalid value around character 7.`):
    /// a number past a `Double`'s range (`1e400`, which is JSON) said as such.
    static func notJSON(detail: String?) -> String {
        guard var detail = detail?.trimmingCharacters(in: .whitespaces), !detail.isEmpty else {
            return "not JSON (JSON lines hold one object a line)"
        }
        if detail.hasPrefix("Number "), let end = detail.range(of: " is not representable") {
            return "a number out of range: \(detail[detail.index(detail.startIndex, offsetBy: 7) ..< end.lowerBound]) (beyond ±1.8e308)"
        }
        if detail.hasSuffix(".") { detail.removeLast() }
        return "not JSON: \(detail.prefix(1).lowercased() + detail.dropFirst()) (JSON lines hold one object a line)"
    }

    static func forEach(_ stream: InputStream, path: String, _ body: (Int, [String: Any]?) throws -> Void) throws {
        try forEach(stream, path: path) { line, object, _ in try body(line, object) }
    }

    /// `forEach`, with each line's bytes too (for `notAnObject(_:)`).
    static func forEach(_ stream: InputStream, path: String, _ body: (Int, [String: Any]?, ArraySlice<UInt8>) throws -> Void) throws {
        stream.open()
        defer { stream.close() }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = 0
        func emit(_ bytes: ArraySlice<UInt8>) throws {
            line += 1
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
            try body(line, object, bytes)
        }
        while true {
            let count = stream.read(&chunk, maxLength: chunk.count)
            if count < 0 { throw LogRows.Failure.cannotRead(path, stream.streamError.map { "\($0)" } ?? "read error") }
            if count == 0 { break }
            pending.append(contentsOf: chunk[0 ..< count])
            var start = pending.startIndex
            while let end = lineEnd(in: pending, from: start) {
                try emit(pending[start ..< end])
                start = end + 1
            }
            pending.removeSubrange(pending.startIndex ..< start)
        }
        if pending.last == 0x0D { pending.removeLast() }
        if !pending.isEmpty { try emit(pending[...]) }
    }

    /// Where the line from `start` ends: at `\n`, or at a `\r` that no `\n` follows (an old Mac's
    /// line break); nil when the bytes end first, or with a `\r` whose next byte is still to come.
    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        guard bytes[end] == 0x0D else { return end }
        guard end + 1 < bytes.count else { return nil }
        // `\r\n`: the line ends at the `\n`, its `\r` read as JSON's white space.
        return bytes[end + 1] == 0x0A ? end + 1 : end
    }
}
