import Foundation
import Testing
@testable import DeckBench

/// The byte-level shortcuts of the row reader hold to the slow calls they stand before: a field's
/// spaces trimmed as `trimmingCharacters(in: .whitespaces)` trims them, its line breaks counted as
/// `Character.isNewline` counts them, on fields with and without them at their ends.
@Suite struct LogRowsTests {
    @Test func trimmingAgreesWithFoundationAtTheEdges() {
        for text in ["", "a", " a", "a ", "\ta\t", "\u{A0}1700000000\u{A0}", "\u{2003}x", "x\u{3000}", "é", " é ", "a b", "  ", "\u{A0}", "~", "\u{7F}"] {
            #expect(LogRows.trimmed(text) == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func lineBreaksAgreeWithCharacterIsNewline() {
        for text in ["", "abc", "a\nb", "a\r\nb", "a\rb", "a\u{2028}b", "a\u{85}b", "é\u{2029}", "\u{0B}\u{0C}", "Ã©", "—", "a\n\n"] {
            #expect(LogRows.lineBreaks(text) == text.count(where: \.isNewline), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Files that open but hold no rows are said for what they are before a row is read: UTF-16
    /// text with or without its byte-order mark (a spreadsheet's "Unicode text"), one JSON array
    /// (on one line or over several), JSON objects written over several lines; a CSV and JSON
    /// lines in UTF-8 (with its byte-order mark too) are read.
    @Test func filesWithNoRowsAreSaidForWhatTheyAre() throws {
        let folder = NSTemporaryDirectory() + "logrows-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csv = "session,ts\ns1,1000\n"
        let utf16 = "is UTF-16 text (a spreadsheet's \"Unicode text\" export is): CSV and JSON lines are read as UTF-8; save it as UTF-8 (CSV UTF-8)"
        let array = "is one JSON array, not JSON lines (one object a line: jq -c '.[]' writes them)"
        let objects = "holds JSON objects written over several lines (its first is a lone \"{\"), not JSON lines (one object a line: jq -c . writes them)"
        let cases: [(name: String, bytes: Data, reason: String?)] = [
            ("le.csv", csv.data(using: .utf16LittleEndian)!, utf16),
            ("bom.csv", Data([0xFF, 0xFE]) + csv.data(using: .utf16LittleEndian)!, utf16),
            ("be.txt", Data([0xFE, 0xFF]) + csv.data(using: .utf16BigEndian)!, utf16),
            ("plain.csv", Data(csv.utf8), nil),
            ("utf8bom.csv", Data([0xEF, 0xBB, 0xBF]) + Data(csv.utf8), nil),
            ("dump.json", Data(#"[{"session":"s1","ts":1000}]"#.utf8), array),
            ("pretty.json", Data("[\n  {\n    \"session\": \"s1\",\n    \"ts\": 1000\n  }\n]\n".utf8), array),
            ("objects.jsonl", Data("\n{\n  \"session\": \"s1\",\n  \"ts\": 1000\n}\n".utf8), objects),
            ("lines.jsonl", Data("{\"session\":\"s1\",\"ts\":1000}\n".utf8), nil),
        ]
        for (name, bytes, reason) in cases {
            let path = folder + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            var rows = 0
            var said: String?
            do {
                try LogRows.forEach(path, columns: ["session", "ts"], malformed: { _, _ in }) { _, value in
                    if value("session") == "s1", value("ts") == "1000" { rows += 1 }
                }
            } catch {
                said = "\(error)"
            }
            #expect(said == reason.map { "\(path): \($0)" }, "\(name)")
            #expect(rows == (reason == nil ? 1 : 0), "\(name)")
        }
    }
}
