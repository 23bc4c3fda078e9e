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
}
