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
            ("cr.jsonl", Data("{\"session\":\"s1\",\"ts\":1000}\r{\"session\":\"s2\",\"ts\":5}\r".utf8), nil),
            ("crlf.jsonl", Data("{\"session\":\"s1\",\"ts\":1000}\r\n".utf8), nil),
            ("blankfirst.json", Data("\n  \n[{\"session\":\"s1\",\"ts\":1000},\n{\"session\":\"s2\",\"ts\":1}]\n".utf8), array),
            ("empty.jsonl", Data(), "is empty: JSON lines hold one object a line"),
            ("blank.jsonl", Data(" \n\n".utf8), "is empty: JSON lines hold one object a line"),
            ("braces.jsonl", Data("{}\n{ }\n".utf8), "is empty: JSON lines hold one object a line"),
            ("lz4.csv", Data([0x04, 0x22, 0x4D, 0x18, 0x64]), "is lz4-compressed: CSV and JSON lines are read as plain text; decompress it first"),
            ("utf32.csv", Data([0xFF, 0xFE, 0x00, 0x00]) + csv.data(using: .utf32LittleEndian)!, "is UTF-32 text: CSV and JSON lines are read as UTF-8; save it as UTF-8"),
            ("utf32be.csv", Data([0x00, 0x00, 0xFE, 0xFF]) + csv.data(using: .utf32BigEndian)!, "is UTF-32 text: CSV and JSON lines are read as UTF-8; save it as UTF-8"),
            ("xz.csv", Data([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00]), "is xz-compressed: CSV and JSON lines are read as plain text; decompress it first"),
            ("bz.csv", Data("BZh91AY&SY".utf8), "is bzip2-compressed: CSV and JSON lines are read as plain text; decompress it first"),
            ("sheet.csv", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]), "is a zip archive (a spreadsheet's .xlsx is one): export the sheet as CSV (\"CSV UTF-8\")"),
            // A Windows-1252 é at the start of line 3, where CSV.swift would end the file.
            ("latin1.csv", Data("session,ts\ns1,1000\n".utf8) + Data([0xE9]) + Data("s2,5\n".utf8),
             "is not UTF-8 text (line 3: 0xE9 0x73 0x32 0x2C): read as UTF-8 it would end there, the rows after it lost; "
                + "save it as \"CSV UTF-8\", or convert it (iconv -f WINDOWS-1252 -t UTF-8, for a spreadsheet's CSV saved on Windows)"),
        ]
        for (name, bytes, reason) in cases {
            let path = folder + "/" + name
            try bytes.write(to: URL(fileURLWithPath: path))
            var rows = 0
            var said: String?
            do {
                try LogRows.forEach(path, columns: ["session", "ts"], malformed: { _, _, _ in }) { _, value in
                    if value("session") == "s1", value("ts") == "1000" { rows += 1 }
                }
            } catch {
                said = "\(error)"
            }
            #expect(said == reason.map { "\(path): \($0)" }, "\(name)")
            #expect(rows == (reason == nil ? 1 : 0), "\(name)")
        }
    }

    /// RFC 3629's UTF-8 at its edges: the shortest and longest forms of each length, overlong
    /// forms, surrogates, past U+10FFFF, lone continuation bytes, and a sequence cut by the end.
    @Test func utf8IsCheckedAtItsEdges() throws {
        let valid: [[UInt8]] = [[], [0x41], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
                                [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
                                Array("é, — 😀 a".utf8)]
        for bytes in valid { #expect(UTF8Check.scan(bytes) == .valid, "\(bytes)") }
        let invalid: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
                                  [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
                                  [0xC2, 0x41], [0xE2, 0x82, 0x41]]
        for bytes in invalid { #expect(UTF8Check.scan([0x61] + bytes + [0x62]) == .invalid(1), "\(bytes)") }
        #expect(UTF8Check.scan([0x61, 0xE2, 0x82]) == .cut(1))
        #expect(UTF8Check.scan([0x61, 0xF0]) == .cut(1))
        #expect(UTF8Check.scan([0x61, 0xF0, 0x41]) == .invalid(1))
        // Across the reads of a file (a megabyte each): a sequence cut by a read is whole in the file.
        let folder = NSTemporaryDirectory() + "utf8-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = [UInt8](repeating: 0x61, count: (1 << 20) - 1) + [0xE2, 0x82, 0xAC, 0x0A, 0x62, 0x0D, 0x0A, 0x63, 0x0D]
        try Data(text).write(to: URL(fileURLWithPath: folder + "/split.csv"))
        #expect(UTF8Check.firstFault(inFileAt: folder + "/split.csv") == nil)
        text += [0x64, 0xE9]
        try Data(text).write(to: URL(fileURLWithPath: folder + "/bad.csv"))
        #expect(UTF8Check.firstFault(inFileAt: folder + "/bad.csv") == UTF8Check.Fault(line: 4, bytes: [0xE9]))
    }
}
