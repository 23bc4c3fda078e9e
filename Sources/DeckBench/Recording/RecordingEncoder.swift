/// Writes sessions as format v1 lines, in the canonical key order that `RecordingReader` reads
/// back field for field.
enum RecordingEncoder {
    /// Appends `session`'s session line and event lines to `buffer`.
    public static func append(_ session: Session, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"v":1,"session":"#.utf8)
        appendString(session.id, to: &buffer)
        buffer.append(contentsOf: #","page":"#.utf8)
        appendInteger(session.page, to: &buffer)
        buffer.append(contentsOf: #","first":"#.utf8)
        appendInteger(session.first, to: &buffer)
        buffer.append(contentsOf: #","last":"#.utf8)
        appendInteger(session.last, to: &buffer)
        if let user = session.user {
            buffer.append(contentsOf: #","user":"#.utf8)
            appendString(user, to: &buffer)
        }
        buffer.append(contentsOf: "}\n".utf8)
        for event in session.events { append(event, to: &buffer) }
    }

    /// Appends one event line to `buffer`.
    public static func append(_ event: Event, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #"{"t":"#.utf8)
        appendInteger(event.timeMs, to: &buffer)
        switch event.kind {
        case let .swipe(direction, durationMs, cancelled):
            buffer.append(contentsOf: #","e":"swipe","dir":""#.utf8)
            buffer.append(contentsOf: direction.description.utf8)
            buffer.append(contentsOf: #"","dur":"#.utf8)
            appendInteger(durationMs, to: &buffer)
            if cancelled { buffer.append(contentsOf: #","cancel":true"#.utf8) }
        case let .tap(direction):
            buffer.append(contentsOf: #","e":"tap","dir":""#.utf8)
            buffer.append(contentsOf: direction.description.utf8)
            buffer.append(UInt8(ascii: "\""))
        case let .jump(page):
            buffer.append(contentsOf: #","e":"jump","page":"#.utf8)
            appendInteger(page, to: &buffer)
        case let .scroll(y):
            buffer.append(contentsOf: #","e":"scroll","y":"#.utf8)
            if y == y.rounded(), abs(y) < 1e15 {
                appendInteger(Int(y), to: &buffer)
            } else {
                buffer.append(contentsOf: "\(y)".utf8)
            }
        case .end:
            buffer.append(contentsOf: #","e":"end""#.utf8)
        }
        buffer.append(contentsOf: "}\n".utf8)
    }

    static func appendInteger(_ value: Int, to buffer: inout [UInt8]) {
        DecimalDigits.append(value, to: &buffer)
    }

    /// Appends `text` as a JSON string (`JSONString`, control characters as `\u00XX`).
    static func appendString(_ text: String, to buffer: inout [UInt8]) {
        JSONString.append(text, to: &buffer, backspaceAndFormFeed: .unicode)
    }
}
