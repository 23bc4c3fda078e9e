import Testing
@testable import DeckBench

/// `IntegerListText` writes through a 4 KiB scratch buffer handed on when nearly full: the text
/// must be the same wherever a value falls against that boundary.
@Suite struct IntegerListTextTests {
    /// The reference: each value's `String`, joined by commas.
    static func reference(_ values: [Int]) -> String {
        values.map(String.init).joined(separator: ",")
    }

    @Test func longListsCrossTheScratchBoundaryUnchanged() {
        // 20-byte values (Int.min) fill the buffer in 196 values; mixed widths put the flush at
        // every offset within a value.
        let widest = Array(repeating: Int.min, count: 600)
        let mixed = (0 ..< 5_000).map { $0 % 7 == 0 ? -$0 * 1_000_003 : $0 * ($0 % 13) }
        let extremes = (0 ..< 1_000).map { $0.isMultiple(of: 2) ? Int.max : Int.min }
        for values in [widest, mixed, extremes, [], [0], [-1, 1]] {
            #expect(IntegerListText.text(values) == Self.reference(values), "\(values.count) values")
            var bytes = Array("prefix:".utf8)
            IntegerListText.append(values, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "prefix:" + Self.reference(values))
            #expect(IntegerListText.values(IntegerListText.text(values)) == values)
        }
        #expect(IntegerListText.text(widest).utf8.count > 3 * 4_096, "the list crosses the buffer's boundary more than once")
    }
}
