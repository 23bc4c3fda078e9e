import Testing
@testable import DeckBench

/// How the page's text runs: an element inside a sentence leaves no line break that a browser
/// would show as a space before the punctuation after it; a block element still ends its line.
@Suite struct MarkupTests {
    @Test func anInlineElementRunsOnIntoThePunctuationAfterIt() {
        var page = Markup()
        page.open("p")
        page.write("Rejected inputs: ")
        page.element("strong", [], "0")
        page.write(".")
        page.close("p")
        #expect(page.text == "<p>Rejected inputs: <strong>0</strong>.</p>\n")
    }

    @Test func codeSpansOfAParagraphRunOn() {
        var page = Markup()
        page.paragraph("see `summary.csv`, then `report`.")
        #expect(page.text == "<p>see <code>summary.csv</code>, then <code>report</code>.</p>\n")
    }

    @Test func blockElementsAndEmptyOnesEndTheirLine() {
        var page = Markup()
        page.element("h2", [("id", "a&b")], "Network <1>")
        page.element("td", [], "3")
        page.element("rect", [("x", "1")])
        page.element("a", [("href", "#x")])
        #expect(page.text == "<h2 id=\"a&amp;b\">Network &lt;1&gt;</h2>\n<td>3</td>\n<rect x=\"1\"/>\n<a href=\"#x\"/>")
    }
}
