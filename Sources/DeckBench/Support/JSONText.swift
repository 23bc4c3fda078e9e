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
}
