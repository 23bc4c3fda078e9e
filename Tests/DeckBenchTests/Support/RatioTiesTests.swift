import Foundation
import Testing
@testable import DeckBench

/// `ReportFormat.appendRatio` writes four decimals as `String(format: "%.4f")` does. Near a
/// rounding tie (within a millionth of a half ten-thousandth) it reads the value's exact binary
/// expansion instead of asking `String(format:)`: the digits must be the same on both sides of
/// every tie, on exact binary ties (halves to even) and on values that only print as ties.
@Suite struct RatioTiesTests {
    static func written(_ value: Double) -> String {
        var bytes: [UInt8] = []
        ReportFormat.appendRatio(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func tiesAreWrittenAsPrintfWritesThem() {
        var values: [Double] = []
        // Decimal ties (k + ½) / 10,000, which are not binary ties, and their neighbours.
        for k in stride(from: 0, to: 200_000, by: 7) {
            let tie = (Double(k) + 0.5) / 10_000
            values += [tie, tie.nextUp, tie.nextDown]
        }
        // Exact binary ties: odd multiples of 2⁻ⁿ whose ten-thousandths end in one half
        // (1/32 = 0.03125, 3/64, 5/128, …), the even and odd quotient alike.
        for power in 5 ... 12 {
            for odd in stride(from: 1, to: 4_000, by: 2) {
                values.append(Double(odd) / Double(1 << power))
            }
        }
        // Large values, tiny ones (subnormal too), and whole numbers.
        values += [12_345_678.00005, 9_999_999_999.99995, 0.00005, 0.000049999999, .leastNonzeroMagnitude, Double.leastNormalMagnitude / 3, 0, 1, 2, 123]
        for value in values where value * 10_000 < 1e15 {
            #expect(Self.written(value) == String(format: "%.4f", value), "\(value.bitPattern)")
        }
    }

    @Test func exactBinaryTiesRoundHalfToEven() {
        // 0.03125 is 312.5 ten-thousandths exactly: down to the even 312; 0.09375 (937.5) up to 938.
        #expect(ReportFormat.exactTenThousandths(0.03125) == 312)
        #expect(ReportFormat.exactTenThousandths(0.09375) == 938)
        #expect(Self.written(0.03125) == "0.0312")
        #expect(Self.written(0.09375) == "0.0938")
        // The double nearest 0.00015 lies below it: 1 ten-thousandth, though it prints as a tie.
        #expect(ReportFormat.exactTenThousandths(0.00015) == 1)
    }
}
