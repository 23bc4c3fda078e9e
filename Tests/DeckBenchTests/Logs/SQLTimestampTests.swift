import Foundation
import Testing
@testable import DeckBench

/// Times as SQL warehouses export them (`--time-unit iso8601`): read to the millisecond, worked out
/// by hand from 1,700,000,000 s (2023-11-14T22:13:20Z), and held to `ISO8601DateFormatter` on the
/// form both read.
@Suite struct SQLTimestampTests {
    private static let at1700000000100 = 1_700_000_000_100

    @Test func exportsShapesReadAsTheInstantTheyName() {
        for text in [
            "2023-11-14 22:13:20.100000 UTC", // BigQuery's CSV
            "2023-11-14 22:13:20.1 UTC",
            "2023-11-14T22:13:20.1", // no zone: UTC
            "2023-11-14 22:13:20.100 +0000",
            "2023-11-15 03:43:20.1 +0530",
            "2023-11-14 14:13:20,1-08:00",
            "2023-11-14t22:13:20.100z",
            "2023-11-14 22:13:20.1 gmt",
            "2023-11-14 23:13:20.1+01",
        ] {
            #expect(SQLTimestamp(text)?.milliseconds == Self.at1700000000100, "\(text)")
        }
        #expect(SQLTimestamp("2023-11-14 22:13")?.milliseconds == 1_699_999_980_000)
        #expect(SQLTimestamp("1970-01-01 00:00:00 UTC")?.milliseconds == 0)
        #expect(SQLTimestamp("1969-12-31 23:59:59.999 UTC")?.milliseconds == -1)
    }

    /// A fraction rounds half up at the millisecond, whatever its digits.
    @Test func aFractionRoundsHalfUpToTheMillisecond() {
        #expect(SQLTimestamp("2023-11-14 22:13:20.0995 UTC")?.milliseconds == Self.at1700000000100)
        #expect(SQLTimestamp("2023-11-14 22:13:20.0994999 UTC")?.milliseconds == Self.at1700000000100 - 1)
        #expect(SQLTimestamp("2023-11-14 22:13:19.9995")?.milliseconds == Self.at1700000000100 - 100)
        #expect(SQLTimestamp("2023-11-14 22:13:20.000400")?.milliseconds == Self.at1700000000100 - 100)
    }

    @Test func whatNamesNoInstantIsRefused() {
        for text in [
            "2023-02-29 00:00:00", "2100-02-29 00:00:00", "2023-13-01 00:00:00", "2023-00-10 00:00:00",
            "2023-11-31 00:00:00", "2023-11-14 24:00:00", "2023-11-14 22:60:00", "2023-11-14 22:13:60",
            "2023-11-14", "2023-11-14 22", "2023-11-14 22:13:20.", "2023-11-14 22:13:20 UTC x",
            "2023-11-14 22:13:20 +19", "2023-11-14 22:13:20 +05:60", "2023-11-14 22:13:20 EST", "23-11-14 22:13:20",
            "2023/11/14 22:13:20", "1700000000100", "",
        ] {
            #expect(SQLTimestamp(text) == nil, "\(text)")
        }
        #expect(SQLTimestamp("2024-02-29 00:00:00") != nil && SQLTimestamp("2000-02-29 00:00:00") != nil)
    }

    /// The calendar's arithmetic against Foundation's, on whole seconds from 1600 to 2400.
    @Test func daysAgreeWithFoundationOverCenturies() {
        let formatter = ISO8601DateFormatter()
        var random = SeededGenerator(seed: 3, keys: 17)
        for _ in 0 ..< 2_000 {
            let seconds = Int(random.next() % 25_245_000_000) - 11_676_000_000
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(SQLTimestamp(text)?.milliseconds == seconds * 1_000, "\(text)")
        }
    }

    /// `--time-unit iso8601` reads what the formatter reads as before, and the exports' shapes beside it.
    @Test func theLogsUnitReadsBoth() {
        let time = LogTime(unit: .iso8601)
        #expect(time.ms("2023-11-14T22:13:20.100Z") == Self.at1700000000100)
        #expect(time.ms(" 2023-11-14 22:13:20.100000 UTC ") == Self.at1700000000100)
        #expect(time.ms("2023-11-14T22:13:20") == Self.at1700000000100 - 100)
        #expect(time.ms("yesterday") == nil)
    }
}
