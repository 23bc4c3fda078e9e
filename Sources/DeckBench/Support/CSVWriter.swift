/// Formats CSV rows with RFC 4180 quoting (a field holding a comma, quote, CR or LF is quoted,
/// quotes doubled) and LF line ends, into a byte buffer that a caller writes out in one go.
package struct CSVWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    /// Starts a table with its header row (`nil`: rows only, to join a table begun elsewhere).
    public init(header: [String]?) {
        if let header { appendRow(header) }
    }

    public mutating func appendRow(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendField(field, to: &bytes)
        }
        bytes.append(0x0A)
    }

    /// One field, quoted as needed, as bytes.
    public static func field(_ field: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendField(field, to: &bytes)
        return bytes
    }

    static func appendField(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        // A native string's UTF-8 in place: one scan and one copy, not a byte at a time.
        field.withUTF8 { utf8 in
            let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard needsQuotes else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets the rows formatted so far (after they were written out), keeping the buffer.
    /// Appends the rows of `other` (made without a header).
    public mutating func append(_ other: CSVWriter) {
        bytes.append(contentsOf: other.bytes)
    }

    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}
