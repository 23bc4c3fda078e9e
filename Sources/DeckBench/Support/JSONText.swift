import Foundation

/// A JSON value written as text.
enum JSONText {
    case number(Int)
    case bool(Bool)
    case string(String)
    /// Microseconds as milliseconds with three decimals.
    case milliseconds(Int)

    var text: String {
        switch self {
        case let .number(value): String(value)
        case let .bool(value): value ? "true" : "false"
        case let .string(value): Self.string(value)
        case let .milliseconds(value): String(value / 1_000) + "." + String(String(1_000 + value % 1_000).dropFirst())
        }
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` as a JSON string literal the way Foundation's `JSONEncoder` writes it (slashes
    /// escaped, `\b` and `\f`, other control characters as lowercase `\u00xx`), appended to `bytes`:
    /// for files that must stay the bytes `JSONEncoder` made of them.
    static func appendEncoderString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += Array("\\b".utf8)
            case 0x0C: bytes += Array("\\f".utf8)
            case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
            case UInt8(ascii: "\r"): bytes += Array("\\r".utf8)
            case UInt8(ascii: "\t"): bytes += Array("\\t".utf8)
            case 0 ..< 0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
