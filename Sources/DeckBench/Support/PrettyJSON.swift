/// A JSON value written as `JSONEncoder` writes it with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`, byte for byte, without the encoder: `manifest.json` through
/// `JSONEncoder` cost 4.9 M instructions a run on the bench slice, most of it the runtime's
/// conformance scans of its first use of each type (its casts in `wrapGeneric`), where this writes it
/// in a few thousand. Its callers' tests hold it to `JSONEncoder`'s bytes.
///
/// The layout: two spaces an indentation level, `"key" : value`, an empty array or object as its
/// bracket, an empty line and the closing bracket; strings escape `"`, `\`, and the control
/// characters (`\b`, `\f`, `\n`, `\r`, `\t` or `\u00xx`), nothing else; a double as its
/// `description` without a trailing `.0`.
indirect enum PrettyJSON {
    case string(String)
    case integer(Int)
    case unsigned(UInt64)
    case double(Double)
    case bool(Bool)
    case array([PrettyJSON])
    /// Members in any order: written sorted by key.
    case object([(key: String, value: PrettyJSON)])

    /// The value's text, without a final newline.
    var text: String {
        var bytes: [UInt8] = []
        write(to: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(to bytes: inout [UInt8], indent: Int) {
        switch self {
        case let .string(value): JSONString.append(value, to: &bytes, backspaceAndFormFeed: .short)
        case let .integer(value): DecimalDigits.append(value, to: &bytes)
        case let .unsigned(value): bytes.append(contentsOf: String(value).utf8)
        case let .double(value):
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        case let .bool(value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case let .array(items):
            Self.container(open: "[", close: "]", count: items.count, to: &bytes, indent: indent) { index, bytes in
                items[index].write(to: &bytes, indent: indent + 2)
            }
        case let .object(members):
            let sorted = members.sorted { $0.key < $1.key }
            Self.container(open: "{", close: "}", count: sorted.count, to: &bytes, indent: indent) { index, bytes in
                JSONString.append(sorted[index].key, to: &bytes, backspaceAndFormFeed: .short)
                bytes.append(contentsOf: " : ".utf8)
                sorted[index].value.write(to: &bytes, indent: indent + 2)
            }
        }
    }

    private static func container(open: Unicode.Scalar, close: Unicode.Scalar, count: Int, to bytes: inout [UInt8], indent: Int,
                                  item: (Int, inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: open))
        bytes.append(0x0A)
        if count == 0 { bytes.append(0x0A) }
        for index in 0 ..< count {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
            item(index, &bytes)
        }
        if count > 0 { bytes.append(0x0A) }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        bytes.append(UInt8(ascii: close))
    }
}
