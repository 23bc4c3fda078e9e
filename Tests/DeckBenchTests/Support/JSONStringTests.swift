import Foundation
import Testing
@testable import DeckBench

/// The one JSON string escaper: quotes, backslashes and every control character escaped, the two
/// ways backspace and form feed are written, and both read back by Foundation as the text.
@Suite struct JSONStringTests {
    private func written(_ text: String, _ form: JSONString.BackspaceAndFormFeed) -> String {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes, backspaceAndFormFeed: form)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func escapesAndReadsBack() throws {
        let text = "a\"b\\c/\n\r\t\u{8}\u{c}\u{0}\u{1f}\u{7f} é😀"
        #expect(written(text, .short) == #""a\"b\\c/\n\r\t\b\f\u0000\u001f"# + "\u{7f} é😀\"")
        #expect(written(text, .unicode) == #""a\"b\\c/\n\r\t\u0008\u000c\u0000\u001f"# + "\u{7f} é😀\"")
        for form in [JSONString.BackspaceAndFormFeed.short, .unicode] {
            let read = try JSONDecoder().decode(String.self, from: Data(written(text, form).utf8))
            #expect(read == text)
        }
    }

    /// The recordings keep their bytes: a session id with a backspace is written `\u0008`.
    @Test func recordingsWriteTheUnicodeForm() {
        var buffer: [UInt8] = []
        RecordingEncoder.appendString("s\u{8}1", to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #""s\u00081""#)
    }
}
