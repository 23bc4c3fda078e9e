/// A string as JSON writes it, appended to bytes: quotes, backslashes and control characters
/// escaped, everything else as its UTF-8. The one escaper of the JSON DeckBench writes by hand
/// (recordings, `manifest.json`).
enum JSONString {
    /// How a control character without a two-letter escape of its own is written.
    enum BackspaceAndFormFeed {
        /// `\b` and `\f`, as Foundation's `JSONEncoder` writes them (`manifest.json`'s bytes).
        case short
        /// `\u0008` and `\u000c`, as the recordings have always been written.
        case unicode
    }

    static func append(_ text: String, to bytes: inout [UInt8], backspaceAndFormFeed: BackspaceAndFormFeed) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x08 where backspaceAndFormFeed == .short: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C where backspaceAndFormFeed == .short: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
