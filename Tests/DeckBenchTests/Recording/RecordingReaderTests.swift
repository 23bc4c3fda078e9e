import Foundation
import Testing
@testable import DeckBench

@Suite struct RecordingReaderTests {
    let fixtures = Fixtures()

    @Test func multiFrameFileReadsAcrossFrameBoundaries() {
        // The second session's event line is cut in two by the frame boundary.
        let text = sessionLines("a") + sessionLines("b") + sessionLines("c")
        let cut = text.index(text.startIndex, offsetBy: text.utf8.count / 2)
        let path = fixtures.compressed("multi.jsonl.zst", frames: [String(text[..<cut]), String(text[cut...])])
        let (sessions, rejects) = Fixtures.read(path)
        #expect(rejects.isEmpty)
        #expect(sessions.map(\.id) == ["a", "b", "c"])
        #expect(sessions.allSatisfy { $0.events.count == 2 })
    }

    @Test func theItemsOfOneLineComeInTheOrderTheLineMadeThem() {
        // Line 3 repeats s1's header: it closes s1 (a session) and is rejected as a duplicate (a
        // reject), two items of one line, in that order; then line 4 opens s2.
        let header = #"{"v":1,"session":"s1","page":0,"first":0,"last":9}"#
        let text = [header, #"{"t":5,"e":"tap","dir":"next"}"#, header, #"{"v":1,"session":"s2","page":0,"first":0,"last":9}"#]
            .joined(separator: "\n")
        let items = Array(RecordingReader(path: fixtures.plain("order.jsonl", text)))
        let described = items.map { item -> String in
            switch item {
            case let .session(session): "session \(session.id) line \(session.line)"
            case let .reject(reject): "reject \(reject.session ?? "-") line \(reject.line)"
            }
        }
        #expect(described == ["session s1 line 1", "reject s1 line 3", "session s2 line 4"])
    }

    @Test func plainTextIsRecognisedByContentNotName() {
        let plain = fixtures.plain("looks-compressed.jsonl.zst", sessionLines("p"))
        let zstd = fixtures.compressed("looks-plain.jsonl", frames: [sessionLines("z")])
        #expect(Fixtures.read(plain).sessions.map(\.id) == ["p"])
        #expect(Fixtures.read(zstd).sessions.map(\.id) == ["z"])
        #expect(RecordingReader(path: plain).isCompressed == false)
    }

    @Test func skippableFrameMarksAZstdFile() {
        // A skippable frame (magic 0x184D2A50, 4-byte length, payload) before the data frame.
        let skippable: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3]
        let path = fixtures.bytes("skip.zst", skippable + Fixtures.zstd([sessionLines("s")]))
        let (sessions, rejects) = Fixtures.read(path)
        #expect(rejects.isEmpty)
        #expect(sessions.map(\.id) == ["s"])
    }

    @Test func emptyFileHasNoSessionsAndNoRejects() {
        let (sessions, rejects) = Fixtures.read(fixtures.plain("empty.jsonl", ""))
        #expect(sessions.isEmpty)
        #expect(rejects.isEmpty)
        let (zstdSessions, zstdRejects) = Fixtures.read(fixtures.compressed("empty.jsonl.zst", frames: [""]))
        #expect(zstdSessions.isEmpty)
        #expect(zstdRejects.isEmpty)
    }

    @Test func fileThatIsOnlyAHeaderIsOneEmptySession() throws {
        let (sessions, rejects) = fixtures.read(text: #"{"v":1,"session":"h","page":3,"first":0,"last":9}"#)
        #expect(rejects.isEmpty)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session == Session(id: "h", file: "test.jsonl", line: 1, page: 3, first: 0, last: 9, events: []))
        #expect(session.endMs == 0)
    }

    @Test func badSessionBetweenTwoGoodOnesKeepsBoth() {
        let text = sessionLines("good1") + sessionLines("bad").replacingOccurrences(of: #""dir":"prev"}"#, with: #""dir":"prev""#)
            + sessionLines("good2")
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(sessions.map(\.id) == ["good1", "good2"])
        #expect(rejects.map(\.session) == ["bad"])
        #expect(rejects.map(\.line) == [5])
    }

    @Test func malformedLineRejectsTheSessionItFallsIn() {
        // Line 4 may have been meant as a session line, but as written it falls inside "good1":
        // the whole of "good1" is rejected, and line 5 goes with it.
        let text = sessionLines("good1") + "{\"v\":1,\"session\":\n" + #"{"t":1,"e":"end"}"# + "\n" + sessionLines("good2")
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(sessions.map(\.id) == ["good2"])
        #expect(rejects.map(\.session) == ["good1"])
        #expect(rejects.map(\.line) == [4])
    }

    @Test func badSessionLineRejectsItsOwnSessionAndKeepsThePreviousOne() {
        // Line 4 is a session line whose page lies outside its limits: it starts session "bad",
        // which is rejected under its own id with the lines after it (5, 6); "good1" before it
        // is complete and kept, and so is "good2" after.
        let text = sessionLines("good1") + #"{"v":1,"session":"bad","page":99,"first":-10,"last":10}"# + "\n"
            + sessionEventLines(2) + sessionLines("good2")
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(sessions.map(\.id) == ["good1", "good2"])
        #expect(rejects.map(\.session) == ["bad"])
        #expect(rejects.map(\.line) == [4])
        #expect(rejects.first?.reason == "field `page` is 99, outside the session's pages -10…10")
    }

    @Test func badSessionLineAfterARejectedSessionIsStillReported() {
        // "broken" is rejected at its line 2 (lines 2 and 3 go with it); line 4 is a session line
        // with reversed limits: a reject of its own, naming "reversed" and line 4.
        let text = sessionLines("broken").replacingOccurrences(of: #""dir":"prev"}"#, with: #""dir":"up"}"#)
            + #"{"v":1,"session":"reversed","page":0,"first":5,"last":-5}"# + "\n" + sessionLines("good")
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(sessions.map(\.id) == ["good"])
        #expect(rejects.map(\.session) == ["broken", "reversed"])
        #expect(rejects.map(\.line) == [2, 4])
    }

    @Test func crlfLineEndsBlankLinesAndMissingLastNewlineAreAccepted() {
        let text = "\r\n" + sessionLines("w").replacingOccurrences(of: "\n", with: "\r\n") + "\n   \n" + #"{"t":9000,"e":"end"}"#
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(rejects.isEmpty)
        #expect(sessions.first?.line == 2)
        #expect(sessions.first?.events.last == Event(timeMs: 9000, kind: .end))
    }

    /// A byte-order mark opening the file (plain or compressed) is skipped; one anywhere else is a
    /// byte of its line, which is malformed and rejects the session it falls in (the first line
    /// was read: the reject names its session); a file of the mark alone holds nothing.
    @Test func aByteOrderMarkOpeningTheFileIsSkippedAndOneElsewhereIsNot() {
        let mark = "\u{FEFF}"
        for path in [fixtures.plain("mark.jsonl", mark + sessionLines("w")), fixtures.compressed("mark.jsonl.zst", frames: [mark + sessionLines("w")])] {
            let (sessions, rejects) = Fixtures.read(path)
            #expect(rejects.isEmpty)
            #expect(sessions.map(\.id) == ["w"])
            #expect(sessions.first?.line == 1 && sessions.first?.events.count == 2)
        }
        let twice = Fixtures.read(fixtures.plain("twice.jsonl", mark + sessionLines("w") + mark + sessionLines("x")))
        #expect(twice.rejects.first?.line == 4 && twice.rejects.first?.session == "w")
        #expect(twice.rejects.first?.reason.contains("found byte 0xEF") == true, "\(twice.rejects.first?.reason ?? "")")
        let markOnly = Fixtures.read(fixtures.plain("mark-only.jsonl", mark))
        #expect(markOnly.sessions.isEmpty && markOnly.rejects.isEmpty)
        let cutMark = Fixtures.read(fixtures.bytes("cut-mark.jsonl", [0xEF, 0xBB] + Array(sessionLines("y").utf8)))
        #expect(cutMark.sessions.isEmpty)
        #expect(cutMark.rejects.first?.line == 1)
    }

    @Test func extraKeysAndEscapesAreUnderstood() {
        let text = #"{"v":1,"session":"\u00e9t\u00e9 \"q\"","page":0,"first":-1,"last":1,"app":{"build":[1,2,{"x":null}]}}"# + "\n"
            + #"{ "t" : 5 , "\u0065" : "\u0074ap", "dir" : "n\u0065xt", "extra" : 1.5e3 }"# + "\n"
            + #"{"t":6,"e":"scroll","y":12.25,"cancel":"ignored for scrolls"}"# + "\n"
        let (sessions, rejects) = fixtures.read(text: text)
        #expect(rejects.isEmpty)
        #expect(sessions.first?.id == "été \"q\"")
        #expect(sessions.first?.events == [Event(timeMs: 5, kind: .tap(.next)), Event(timeMs: 6, kind: .scroll(y: 12.25))])
    }

    @Test func missingFileIsARejectNotACrash() {
        let (sessions, rejects) = Fixtures.read(fixtures.path("nope.jsonl.zst"), file: "nope.jsonl.zst")
        #expect(sessions.isEmpty)
        #expect(rejects.count == 1)
        #expect(rejects.first?.line == 0)
        #expect(rejects.first?.reason.hasPrefix("cannot read") == true)
    }

    /// Sessions 0..<count of a generated workload, and the text of each.
    private func generated(_ count: Int, seed: UInt64 = 7) -> [Session] {
        let generator = SessionGenerator(seed: seed)
        return (0 ..< count).map { generator.session($0, file: "f") }
    }

    private func text(of sessions: [Session]) -> String {
        var bytes: [UInt8] = []
        for session in sessions { RecordingEncoder.append(session, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func corruptFrameKeepsTheSessionsOfEarlierFrames() throws {
        let sessions = generated(30)
        let frames = stride(from: 0, to: 30, by: 10).map { text(of: Array(sessions[$0 ..< $0 + 10])) }
        let good = Fixtures.zstd(Array(frames[0 ..< 2]))
        var last = Fixtures.zstd([frames[2]])
        for index in stride(from: 20, to: last.count - 20, by: 7) { last[index] ^= 0x5A }
        let path = fixtures.bytes("corrupt.jsonl.zst", good + last)
        let (read, rejects) = Fixtures.read(path, file: "f")
        let streamErrors = rejects.compactMap { reject -> Int? in
            if case let .corruptStream(offset, _) = reject.error { return offset }
            return nil
        }
        #expect(streamErrors.count == 1)
        #expect(try #require(streamErrors.first) >= good.count)
        #expect(Array(read.prefix(20).map(\.id)) == sessions.prefix(20).map(\.id))
        #expect(read.count <= 30)
    }

    @Test func truncatedStreamRejectsTheCutSessionAndKeepsTheRest() throws {
        let sessions = generated(20)
        let bytes = Fixtures.zstd([text(of: Array(sessions[0 ..< 10])), text(of: Array(sessions[10 ..< 20]))])
        let firstFrame = Fixtures.zstd([text(of: Array(sessions[0 ..< 10]))]).count
        let cut = firstFrame + (bytes.count - firstFrame) / 2
        let path = fixtures.bytes("cut.jsonl.zst", Array(bytes[0 ..< cut]))
        let (read, rejects) = Fixtures.read(path, file: "f")
        let reject = try #require(rejects.last)
        #expect(reject.error == .truncatedStream(offset: cut))
        #expect(reject.reason == "zstd stream truncated: the file ends at byte \(cut) inside a frame")
        #expect(read.count >= 10)
        #expect(read.map(\.id) == sessions.prefix(read.count).map(\.id))
        #expect(read.prefix(10).map(\.events) == sessions.prefix(10).map(\.events))
    }

    @Test func largeFileReadsTheSameAsPlainTextAndAsZstd() throws {
        // Over a megabyte, so that lines cross the reader's chunk boundaries many times.
        let sessions = generated(1_500, seed: 11)
        let text = text(of: sessions)
        #expect(text.utf8.count > 1_000_000)
        let plain = Fixtures.read(fixtures.plain("big.jsonl", text), file: "f")
        let zstd = Fixtures.read(fixtures.compressed("big.jsonl.zst", frames: [text]), file: "f")
        #expect(plain.rejects.isEmpty)
        #expect(plain.sessions.count == 1_500)
        #expect(plain.sessions == zstd.sessions)
        #expect(plain.sessions.map(\.events) == sessions.map(\.events))
    }
}
