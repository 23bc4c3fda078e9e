import Foundation

/// HTML and SVG written as text by elements, never by string concatenation of values: every
/// attribute value and every text is escaped here, so a policy spec or a reject reason with `<`,
/// `&` or quotes cannot break the page. The page stays well-formed XML.
struct Markup {
    private(set) var text = ""

    /// An attribute list, in the order given.
    typealias Attributes = [(String, String)]

    /// Whether each `svg` open is a chart, which sits in a box of its own that scrolls sideways on a
    /// narrow screen instead of shrinking its text below reading size (`div.chart-box`).
    private var charts: [Bool] = []

    /// `<name attributes>`.
    mutating func open(_ name: String, _ attributes: Attributes = []) {
        if name == "svg" {
            let chart = attributes.contains { $0.0 == "class" && $0.1.split(separator: " ").contains("chart") }
            charts.append(chart)
            if chart { text += "<div class=\"chart-box\">" }
        }
        text += "<" + name + Self.attributes(attributes) + ">"
    }

    /// `</name>` and a line break.
    mutating func close(_ name: String) {
        text += "</" + name + ">\n"
        if name == "svg", charts.popLast() == true { text += "</div>\n" }
    }

    /// `<name attributes>content</name>`, the content escaped; `<name attributes/>` without content.
    /// A line break follows, but for an element inside running text (`Self.inline`), where a browser
    /// would show it as a space before the punctuation that follows ("0 .", "policy :").
    mutating func element(_ name: String, _ attributes: Attributes = [], _ content: String? = nil) {
        if let content {
            text += "<" + name + Self.attributes(attributes) + ">" + Self.escape(content) + "</" + name + ">"
        } else {
            text += "<" + name + Self.attributes(attributes) + "/>"
        }
        if !Self.inline.contains(name) { text += "\n" }
    }

    /// The elements written inside running text.
    private static let inline: Set<String> = ["a", "code", "em", "span", "strong"]

    /// `<name attributes>` … `</name>` around what `body` writes.
    mutating func wrap(_ name: String, _ attributes: Attributes = [], _ body: (inout Markup) -> Void) {
        open(name, attributes)
        body(&self)
        close(name)
    }

    /// Text, escaped.
    mutating func write(_ content: String) {
        text += Self.escape(content)
    }

    /// Text already in markup form (a doctype, a line break): never a value from a report.
    mutating func raw(_ markup: String) {
        text += markup
    }

    /// A script or style sheet of this program's own, in a CDATA section that both an HTML parser
    /// (behind line comments) and an XML parser read as text.
    mutating func code(_ name: String, _ source: String) {
        precondition(!source.contains("]]>"), "code must not end a CDATA section")
        text += "<\(name)>/*<![CDATA[*/\n" + source + "\n/*]]>*/</\(name)>\n"
    }

    /// Markup built elsewhere.
    mutating func append(_ other: Markup) {
        text += other.text
    }

    /// A paragraph of text with `code` spans: the parts between backticks are set as code.
    mutating func paragraph(_ content: String, _ attributes: Attributes = []) {
        open("p", attributes)
        for (index, part) in content.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            if index % 2 == 1 { element("code", [], String(part)) } else { write(String(part)) }
        }
        close("p")
    }

    private static func attributes(_ attributes: Attributes) -> String {
        attributes.map { " " + $0.0 + "=\"" + escape($0.1) + "\"" }.joined()
    }

    /// Text escaped for XML and HTML.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate, to one decimal.
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }
}
