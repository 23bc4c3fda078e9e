import Testing
@testable import DeckBench

/// The fast path against the full parser: whatever the fast path accepts, the full parser reads the
/// same way; canonical lines always take the fast path.
@Suite struct CanonicalLineParserTests {
    /// Generated sessions' lines; with `sessionsPerUser` > 1 their session lines name users.
    private func lines(_ count: Int, sessionsPerUser: Int = 1) -> [[UInt8]] {
        var bytes: [UInt8] = []
        var model = WorkloadModel()
        model.sessionsPerUser = sessionsPerUser
        let generator = SessionGenerator(model: model, seed: 77)
        for index in 0 ..< count { RecordingEncoder.append(generator.session(index), to: &bytes) }
        return bytes.split(separator: 0x0A).map(Array.init)
    }

    private func fast(_ line: [UInt8]) -> RecordLine? {
        line.withUnsafeBytes { CanonicalLineParser.parse($0) }
    }

    private func full(_ line: [UInt8]) -> RecordLine? {
        let parser = LineParser()
        return line.withUnsafeBytes { try? parser.parse($0) }
    }

    @Test func canonicalLinesTakeTheFastPathAndMeanTheSame() {
        let all = lines(300) + lines(30, sessionsPerUser: 3)
        #expect(all.count > 4_000)
        for line in all {
            let quick = fast(line)
            #expect(quick != nil, "\(String(decoding: line, as: UTF8.self))")
            #expect(quick == full(line))
        }
    }

    @Test func damagedLinesAreNeverReadDifferently() {
        let alphabet = Array(#"{}[]",:\ 0123456789-+.eEtrufalsnxpdiv"#.utf8)
        var random = SeededGenerator(seed: 5)
        let all = lines(50) + lines(50, sessionsPerUser: 2)
        var fallbacks = 0
        for round in 0 ..< 30_000 {
            var line = all[round % all.count]
            for _ in 0 ... Int.random(in: 0 ... 2, using: &random) {
                let index = Int.random(in: 0 ..< line.count, using: &random)
                switch Int.random(in: 0 ..< 3, using: &random) {
                case 0: line.remove(at: index)
                case 1: line.insert(alphabet.randomElement(using: &random)!, at: index)
                default: line[index] = alphabet.randomElement(using: &random)!
                }
                if line.isEmpty { line = [0x20] }
            }
            if let quick = fast(line) {
                #expect(quick == full(line), "\(String(decoding: line, as: UTF8.self))")
            } else {
                fallbacks += 1
            }
        }
        #expect(fallbacks > 1_000)
    }

    /// An integer of 13 digits is read on the fast path and one of 14 falls back (the limit that
    /// keeps the arithmetic from overflowing); times and pages then keep their own limits at their
    /// edges; where the fast path reads a line, the full parser reads it the same.
    @Test(arguments: [
        (#"{"t":1,"e":"scroll","y":9999999999999}"#, true), (#"{"t":1,"e":"scroll","y":10000000000000}"#, false),
        (#"{"t":1,"e":"scroll","y":0}"#, true), (#"{"t":1000000000000,"e":"end"}"#, true), (#"{"t":1000000000001,"e":"end"}"#, false),
        (#"{"t":10000000000000,"e":"end"}"#, false), (#"{"t":5,"e":"jump","page":-1000000000000}"#, true),
        (#"{"t":5,"e":"jump","page":-1000000000001}"#, false), (#"{"t":5,"e":"jump","page":-10000000000000}"#, false),
        (#"{"t":5,"e":"jump","page":-}"#, false),
    ])
    func integersAtTheFastPathsDigitLimit(text: String, fastPath: Bool) {
        let line = Array(text.utf8)
        let read = fast(line)
        #expect((read != nil) == fastPath, "\(text)")
        if let read { #expect(full(line) == read, "\(text)") }
    }

    /// The integers' 8-byte read (`shortRun`) against every byte after one to nine digits: a digit
    /// makes the number longer, anything else ends it, and the line is then not canonical.
    @Test func everyByteAfterEveryLengthOfDigits() {
        for length in 1 ... 9 {
            let digits = Array("9876543210".utf8.prefix(length))
            for byte in UInt8.min ... UInt8.max {
                let line = Array(#"{"t":"#.utf8) + digits + [byte] + Array(#","e":"end"}"#.utf8)
                let read = fast(line)
                #expect((read != nil) == (0x30 ... 0x39).contains(byte), "\(length) digits, then byte \(byte)")
                if let read { #expect(read == full(line)) }
            }
        }
    }

    @Test func unusualButValidLinesFallBack() {
        for text in [#"{ "t":1,"e":"end"}"#, #"{"e":"end","t":1}"#, #"{"t":1,"e":"end","x":2}"#, #"{"t":1,"e":"scroll","y":2.5}"#,
                     #"{"v":1,"session":"a\u0062","page":0,"first":0,"last":1}"#, #"{"t":01,"e":"end"}"#] {
            #expect(fast(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
