import Foundation

/// Walks a HAR file's JSON without holding it: the top-level object, its `log`, and the
/// `log.entries` array one element at a time, each handed over as its own bytes (to be decoded
/// alone). Plain or zstd-compressed (by the magic number, whatever the name), a UTF-8 byte-order
/// mark skipped. Memory: one entry, one read buffer and one decompression buffer.
final class HARStream {
    /// Why the walk stopped.
    enum Fault: Error {
        /// The file cannot be opened or read (missing, a directory, an I/O error, corrupt zstd).
        case unreadable(String)
        /// The bytes are not the JSON a HAR is (`offset`: bytes of decompressed text read).
        case malformed(String, offset: Int)
    }

    private let input: RecordingInput
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var index = 0
    private var consumed = 0
    private var capturing = false
    private var captureStart = 0
    private var captured: [UInt8] = []
    /// `log.creator.name`, when the log names its creator before its entries.
    private(set) var creator: String?

    init(path: String) throws(Fault) {
        do {
            input = try RecordingInput(path: path)
        } catch {
            throw .unreadable(Self.reason(error))
        }
    }

    private static func reason(_ error: RecordingError) -> String {
        if case let .unreadable(_, reason) = error { return reason }
        return error.description
    }

    /// Bytes of decompressed text read so far.
    var offset: Int { consumed + index }

    private func refill() throws(Fault) -> Bool {
        if capturing {
            captured.append(contentsOf: chunk[captureStart ..< chunk.count])
            captureStart = 0
        }
        consumed += chunk.count
        let next: UnsafeRawBufferPointer?
        do {
            next = try input.nextChunk()
        } catch {
            throw .unreadable(Self.reason(error))
        }
        guard let next else {
            chunk = UnsafeRawBufferPointer(start: nil, count: 0)
            index = 0
            return false
        }
        chunk = next
        index = 0
        return true
    }

    /// The next byte without taking it; nil at the end of the file.
    @inline(__always)
    private func peek() throws(Fault) -> UInt8? {
        if index == chunk.count, !(try refill()) { return nil }
        return chunk[index]
    }

    @inline(__always)
    private func take() throws(Fault) -> UInt8? {
        guard let byte = try peek() else { return nil }
        index += 1
        return byte
    }

    /// The next byte that is not white space (a byte-order mark counts as white space), not taken.
    private func peekToken() throws(Fault) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF: index += 1
            default: return byte
            }
        }
        return nil
    }

    private func expect(_ byte: UInt8, _ what: String) throws(Fault) {
        let start = offset
        guard try peekToken() == byte else {
            throw .malformed("expected \(what) at byte \(start)", offset: start)
        }
        index += 1
    }

    /// A string (the opening quote next), its escapes left as they are: enough for key names.
    private func string() throws(Fault) -> String {
        try expect(0x22, "a string")
        var bytes: [UInt8] = []
        while let byte = try take() {
            if byte == 0x22 { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
            if byte == 0x5C, let escaped = try take() { bytes.append(escaped) }
        }
        throw .malformed("the file ends inside a string", offset: offset)
    }

    /// Skips one value of any kind, nested ones whole.
    private func skipValue() throws(Fault) {
        guard let first = try peekToken() else { throw .malformed("the file ends where a value should be", offset: offset) }
        var depth = 0
        var inString = false
        if first != 0x7B, first != 0x5B, first != 0x22 {
            // A number, true, false or null: up to the next delimiter.
            while let byte = try peek() {
                if byte == 0x2C || byte == 0x7D || byte == 0x5D || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return }
                index += 1
            }
            return
        }
        while let byte = try take() {
            if inString {
                if byte == 0x5C { _ = try take() } else if byte == 0x22 { inString = false; if depth == 0 { return } }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return }
            default: break
            }
        }
        throw .malformed("the file ends inside a value", offset: offset)
    }

    /// Walks an object's members, handing each key to `member`, which must read or skip its value.
    private func object(_ what: String, _ member: (String) throws(Fault) -> Void) throws(Fault) {
        try expect(0x7B, what)
        if try peekToken() == 0x7D { index += 1; return }
        while true {
            let key = try string()
            try expect(0x3A, "a colon after \"\(key)\"")
            try member(key)
            let start = offset
            switch try peekToken() {
            case 0x2C: index += 1
            case 0x7D: index += 1; return
            default: throw .malformed("expected , or } at byte \(start)", offset: start)
            }
        }
    }

    /// Whether the text opens as a HAR does: an object whose first member is `log`.
    func opensAsHAR() -> Bool {
        guard (try? peekToken()) == 0x7B else { return false }
        index += 1
        return (try? string()) == "log"
    }

    /// Walks the file, calling `entry` with each element of `log.entries` (its bytes, its index
    /// from 0) in order. Throws when the file is not a HAR or breaks off; the entries handed over
    /// before stay handed over.
    func entries(_ entry: (ArraySlice<UInt8>, Int) throws(Fault) -> Void) throws(Fault) {
        let first = try peekToken()
        guard first == 0x7B else {
            // gzip's magic number opens with 0x1F, which no JSON text does.
            if first == 0x1F { throw .malformed("gzip-compressed: a HAR is read plain or zstd-compressed; decompress it (gunzip) first", offset: offset) }
            throw .malformed("not a JSON object (a HAR file is one object with a \"log\")", offset: offset)
        }
        var found = false
        try object("an object") { (key) throws(Fault) in
            guard key == "log" else { return try skipValue() }
            guard try peekToken() == 0x7B else { throw .malformed("\"log\" is not an object: not a HAR file", offset: offset) }
            try object("the log") { (key) throws(Fault) in
                switch key {
                case "creator":
                    guard try peekToken() == 0x7B else { return try skipValue() }
                    try object("the creator") { (key) throws(Fault) in
                        if key == "name", try peekToken() == 0x22 { creator = try string() } else { try skipValue() }
                    }
                case "entries":
                    guard try peekToken() == 0x5B else { throw .malformed("\"entries\" is not an array: not a HAR file", offset: offset) }
                    found = true
                    try array(entry)
                default:
                    try skipValue()
                }
            }
        }
        guard found else { throw .malformed("no \"log\" with \"entries\": not a HAR file", offset: offset) }
    }

    private func array(_ element: (ArraySlice<UInt8>, Int) throws(Fault) -> Void) throws(Fault) {
        try expect(0x5B, "an array")
        if try peekToken() == 0x5D { index += 1; return }
        var count = 0
        while true {
            _ = try peekToken()
            captured.removeAll(keepingCapacity: true)
            capturing = true
            captureStart = index
            try skipValue()
            captured.append(contentsOf: chunk[captureStart ..< index])
            capturing = false
            try element(captured[...], count)
            count += 1
            let start = offset
            switch try peekToken() {
            case 0x2C: index += 1
            case 0x5D: index += 1; return
            default: throw .malformed("expected , or ] after entry \(count) at byte \(start)", offset: start)
            }
        }
    }
}
