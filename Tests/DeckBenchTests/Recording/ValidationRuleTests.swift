import Testing
@testable import DeckBench

/// One case per rule of format v1: a recording that breaks exactly that rule, the line it breaks
/// it on, and the reason a person reads.
struct RuleCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let text: String
    let line: Int
    let session: String?
    let reason: String

    var testDescription: String { rule }
}

private let header = #"{"v":1,"session":"s1","page":0,"first":-10,"last":10}"#

let ruleCases: [RuleCase] = [
    RuleCase(rule: "malformed JSON", text: header + "\n" + #"{"t":100,"e":"tap","dir":"next""#, line: 2, session: "s1",
             reason: "malformed JSON at column 32: expected ',' or '}', found the end of the line"),
    RuleCase(rule: "line not an object", text: header + "\n[1,2]", line: 2, session: "s1",
             reason: "line must be a JSON object"),
    RuleCase(rule: "neither session nor event", text: header + "\n" + #"{"t":100}"#, line: 2, session: "s1",
             reason: "line is neither a session line (needs `v`) nor an event line (needs `e`)"),
    RuleCase(rule: "unsupported version", text: #"{"v":2,"session":"s1","page":0,"first":0,"last":1}"#, line: 1, session: "s1",
             reason: "field `v` must be 1 (format version 1), got 2"),
    RuleCase(rule: "session id missing", text: #"{"v":1,"page":0,"first":0,"last":1}"#, line: 1, session: nil,
             reason: "missing field `session`"),
    RuleCase(rule: "session id not a string", text: #"{"v":1,"session":42,"page":0,"first":0,"last":1}"#, line: 1, session: nil,
             reason: "field `session` must be a non-empty string, got 42"),
    RuleCase(rule: "session id empty", text: #"{"v":1,"session":"","page":0,"first":0,"last":1}"#, line: 1, session: nil,
             reason: "field `session` must be a non-empty string, got \"\""),
    RuleCase(rule: "page missing", text: #"{"v":1,"session":"s1","first":0,"last":1}"#, line: 1, session: "s1",
             reason: "missing field `page`"),
    RuleCase(rule: "first not an integer", text: #"{"v":1,"session":"s1","page":0,"first":-1.5,"last":1}"#, line: 1, session: "s1",
             reason: "field `first` must be an integer from -1000000000000 to 1000000000000, got -1.5"),
    RuleCase(rule: "last a string", text: #"{"v":1,"session":"s1","page":0,"first":0,"last":"9"}"#, line: 1, session: "s1",
             reason: "field `last` must be an integer from -1000000000000 to 1000000000000, got \"9\""),
    RuleCase(rule: "limits reversed", text: #"{"v":1,"session":"s1","page":0,"first":5,"last":-5}"#, line: 1, session: "s1",
             reason: "`first` (5) must not be greater than `last` (-5)"),
    RuleCase(rule: "start page outside limits", text: #"{"v":1,"session":"s1","page":11,"first":-10,"last":10}"#, line: 1,
             session: "s1", reason: "field `page` is 11, outside the session's pages -10…10"),
    RuleCase(rule: "event before any session line", text: #"{"t":0,"e":"end"}"# + "\n" + header, line: 1, session: nil,
             reason: "event before any session line"),
    RuleCase(rule: "unknown event kind", text: header + "\n" + #"{"t":5,"e":"pinch"}"#, line: 2, session: "s1",
             reason: "unknown event kind \"pinch\"; expected \"swipe\", \"tap\", \"jump\", \"scroll\" or \"end\""),
    RuleCase(rule: "event kind not a string", text: header + "\n" + #"{"t":5,"e":3}"#, line: 2, session: "s1",
             reason: "field `e` must be a string, got 3"),
    RuleCase(rule: "time missing", text: header + "\n" + #"{"e":"tap","dir":"next"}"#, line: 2, session: "s1",
             reason: "missing field `t`"),
    RuleCase(rule: "time negative", text: header + "\n" + #"{"t":-1,"e":"tap","dir":"next"}"#, line: 2, session: "s1",
             reason: "field `t` must be an integer number of milliseconds from 0 to 1000000000000, got -1"),
    RuleCase(rule: "time fractional", text: header + "\n" + #"{"t":1.5,"e":"tap","dir":"next"}"#, line: 2, session: "s1",
             reason: "field `t` must be an integer number of milliseconds from 0 to 1000000000000, got 1.5"),
    RuleCase(rule: "direction invalid", text: header + "\n" + sessionEventLines(47) + #"{"t":99000,"e":"swipe","dir":"left","dur":280}"#,
             line: 49, session: "s1", reason: "field `dir` must be \"next\" or \"prev\", got \"left\""),
    RuleCase(rule: "direction missing", text: header + "\n" + #"{"t":5,"e":"tap"}"#, line: 2, session: "s1",
             reason: "missing field `dir`"),
    RuleCase(rule: "swipe duration missing", text: header + "\n" + #"{"t":5,"e":"swipe","dir":"next"}"#, line: 2, session: "s1",
             reason: "missing field `dur`"),
    RuleCase(rule: "swipe duration negative", text: header + "\n" + #"{"t":5,"e":"swipe","dir":"next","dur":-3}"#, line: 2,
             session: "s1", reason: "field `dur` must be an integer number of milliseconds from 0 to 1000000000000, got -3"),
    RuleCase(rule: "cancel not a boolean", text: header + "\n" + #"{"t":5,"e":"swipe","dir":"next","dur":3,"cancel":1}"#,
             line: 2, session: "s1", reason: "field `cancel` must be true or false, got 1"),
    RuleCase(rule: "jump page missing", text: header + "\n" + #"{"t":5,"e":"jump"}"#, line: 2, session: "s1",
             reason: "missing field `page`"),
    RuleCase(rule: "jump page outside limits", text: header + "\n" + #"{"t":5,"e":"jump","page":-11}"#, line: 2, session: "s1",
             reason: "field `page` is -11, outside the session's pages -10…10"),
    RuleCase(rule: "scroll offset missing", text: header + "\n" + #"{"t":5,"e":"scroll"}"#, line: 2, session: "s1",
             reason: "missing field `y`"),
    RuleCase(rule: "scroll offset negative", text: header + "\n" + #"{"t":5,"e":"scroll","y":-0.5}"#, line: 2, session: "s1",
             reason: "field `y` must be a number ≥ 0, got -0.5"),
    RuleCase(rule: "time goes backwards", text: header + "\n" + #"{"t":500,"e":"tap","dir":"next"}"# + "\n\n"
                 + #"{"t":499,"e":"tap","dir":"next"}"#, line: 4, session: "s1",
             reason: "time goes backwards: `t` is 499, the event on line 2 had 500"),
    RuleCase(rule: "duplicate field", text: header + "\n" + #"{"t":5,"e":"tap","dir":"next","t":6}"#, line: 2, session: "s1",
             reason: "field `t` appears twice"),
    RuleCase(rule: "duplicate session id", text: header + "\n" + #"{"t":5,"e":"end"}"# + "\n" + header, line: 3, session: "s1",
             reason: "session id \"s1\" is already used on line 1 of this file"),
    RuleCase(rule: "event after end", text: header + "\n" + #"{"t":5,"e":"end"}"# + "\n" + #"{"t":6,"e":"tap","dir":"next"}"#,
             line: 3, session: nil,
             reason: "event after the `end` of session \"s1\"; start a new session with a session line"),
    RuleCase(rule: "invalid UTF-8", text: header + "\n" + "{\"t\":5,\"e\":\"end\",\"note\":\"\u{FFFD}\"}", line: 2, session: "s1",
             reason: "malformed JSON at column 25: string is not valid UTF-8"),
    RuleCase(rule: "line too long", text: header + "\n" + #"{"t":5,"e":"end","pad":""# + String(repeating: "x", count: 70_000)
                 + "\"}", line: 2, session: "s1", reason: "line is longer than 65536 bytes (at least 70026)"),
    RuleCase(rule: "nesting too deep", text: header + "\n" + #"{"t":5,"e":"end","x":"# + String(repeating: "[", count: 70)
                 + String(repeating: "]", count: 70) + "}", line: 2, session: "s1",
             reason: "malformed JSON at column 86: nesting deeper than 64 levels"),
]

/// `count` valid tap events at t = 1000, 2000, ..., one per line.
func sessionEventLines(_ count: Int) -> String {
    (1 ... count).map { #"{"t":\#($0 * 1000),"e":"tap","dir":"next"}"# + "\n" }.joined()
}

@Suite struct ValidationRuleTests {
    @Test(arguments: ruleCases)
    func ruleRejectsWithLineAndReason(_ rule: RuleCase) throws {
        let fixtures = Fixtures()
        var text = rule.text
        if rule.rule == "invalid UTF-8" {
            // U+FFFD stands in for a byte that no UTF-8 text can hold.
            text = text.replacingOccurrences(of: "\u{FFFD}", with: "\u{1}")
        }
        var bytes = Array(text.utf8)
        if rule.rule == "invalid UTF-8", let index = bytes.firstIndex(of: 1) { bytes[index] = 0xFF }
        let path = fixtures.bytes("test.jsonl", bytes)
        let (_, rejects) = Fixtures.read(path, file: "test.jsonl")
        let reject = try #require(rejects.first)
        #expect(rejects.count == 1)
        #expect(reject.file == "test.jsonl")
        #expect(reject.line == rule.line)
        #expect(reject.session == rule.session)
        #expect(reject.reason == rule.reason)
    }
}
