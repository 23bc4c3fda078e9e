import Testing
@testable import DeckBench

/// The one digit writer behind sessions.csv, the recording encoder and the report numbers: the
/// decimal text Swift prints, at the one- and two-digit fast paths' edges, beside every power of
/// ten, at the extremes and on values of every length.
@Suite struct DecimalDigitsTests {
    @Test func everyValueAsSwiftPrintsIt() {
        var values = Array(-1_200 ... 1_200) + [Int.min, Int.min + 1, Int.max, Int.max - 1]
        var power = 10
        while power <= 1_000_000_000_000_000_000 {
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            if power > Int.max / 10 { break }
            power *= 10
        }
        var random = SeededGenerator(seed: 11)
        for _ in 0 ..< 200_000 {
            // Every length, both signs: a random magnitude shifted right by a random count.
            let raw = random.next()
            values.append(Int(bitPattern: UInt(raw >> (random.next() % 64))))
        }
        for value in values {
            var bytes: [UInt8] = []
            DecimalDigits.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalDigits.maxBytes) { scratch in
                String(decoding: UnsafeBufferPointer(start: scratch.baseAddress!, count: DecimalDigits.write(value, to: scratch.baseAddress!)),
                       as: UTF8.self)
            }
            #expect(written == String(value))
        }
    }
}
