import Foundation
import Testing
@testable import DeckBench

/// Times as `--time-unit iso8601` reads them, ISO 8601's and as SQL warehouses export them: read to
/// the millisecond, worked out by hand from 1,700,000,000 s (2023-11-14T22:13:20Z), and held to
/// `ISO8601DateFormatter` on whole seconds from 1600 on.
@Suite struct LogTimestampTests {
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
            #expect(LogTimestamp(text)?.milliseconds == Self.at1700000000100, "\(text)")
        }
        #expect(LogTimestamp("2023-11-14 22:13")?.milliseconds == 1_699_999_980_000)
        #expect(LogTimestamp("1970-01-01 00:00:00 UTC")?.milliseconds == 0)
        #expect(LogTimestamp("1969-12-31 23:59:59.999 UTC")?.milliseconds == -1)
    }

    /// A fraction rounds half up at the millisecond, whatever its digits and however the time is
    /// written.
    @Test func aFractionRoundsHalfUpToTheMillisecond() {
        #expect(LogTimestamp("2023-11-14T22:13:20.0995Z")?.milliseconds == Self.at1700000000100)
        #expect(LogTimestamp("2023-11-14T22:13:20.0009Z")?.milliseconds == Self.at1700000000100 - 99)
        #expect(LogTimestamp("2023-11-14 22:13:20.0995 UTC")?.milliseconds == Self.at1700000000100)
        #expect(LogTimestamp("2023-11-14 22:13:20.0994999 UTC")?.milliseconds == Self.at1700000000100 - 1)
        #expect(LogTimestamp("2023-11-14 22:13:19.9995")?.milliseconds == Self.at1700000000100 - 100)
        #expect(LogTimestamp("2023-11-14 22:13:20.000400")?.milliseconds == Self.at1700000000100 - 100)
    }

    @Test func whatNamesNoInstantIsRefused() {
        for text in [
            "2023-02-29 00:00:00", "2100-02-29 00:00:00", "2023-13-01 00:00:00", "2023-00-10 00:00:00",
            "2023-11-31 00:00:00", "2023-11-14 24:00:00", "2023-11-14 22:60:00", "2023-11-14 22:13:60",
            "2023-11-14", "2023-11-14 22", "2023-11-14 22:13:20.", "2023-11-14 22:13:20 UTC x",
            "2023-11-14 22:13:20 +19", "2023-11-14 22:13:20 +05:60", "2023-11-14 22:13:20 EST", "23-11-14 22:13:20",
            "2023/11/14 22:13:20", "1700000000100", "",
            // Never rolled over or guessed, with a T and a zone as without.
            "2026-02-30T10:15:30Z", "2023-02-29T00:00:10Z", "2026-11-24T24:00:00.250Z", "2026-11-24T10:15.5Z",
            "2026-11-24 10:15.5", "2026-11-24T23:59:60Z",
        ] {
            #expect(LogTimestamp(text) == nil, "\(text)")
        }
        #expect(LogTimestamp("2024-02-29 00:00:00") != nil && LogTimestamp("2000-02-29 00:00:00") != nil)
    }

    /// Days are the proleptic Gregorian calendar's, before its adoption in 1582 too, as ISO 8601's.
    @Test func daysBefore1582AreGregorian() {
        #expect(LogTimestamp.daysSinceEpoch(year: 1582, month: 10, day: 15) - LogTimestamp.daysSinceEpoch(year: 1582, month: 10, day: 4) == 11)
        #expect(LogTimestamp("1582-10-04T00:00:00.250Z").map { $0.milliseconds - LogTimestamp("1582-10-04 00:00:00 UTC")!.milliseconds } == 250)
        #expect(LogTimestamp.daysSinceEpoch(year: 1, month: 1, day: 1) == -719_162)
    }

    /// The calendar's arithmetic against Foundation's, on whole seconds from 1600 to 2400.
    @Test func daysAgreeWithFoundationOverCenturies() {
        let formatter = ISO8601DateFormatter()
        var random = SeededGenerator(seed: 3, keys: 17)
        for _ in 0 ..< 2_000 {
            let seconds = Int(random.next() % 25_245_000_000) - 11_676_000_000
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(LogTimestamp(text)?.milliseconds == seconds * 1_000, "\(text)")
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

    /// A time that does not read says what it reads as instead, or which of its fields is out of
    /// range, its text quoted with every character that could hide written as its code.
    @Test func aTimeThatDoesNotReadSaysWhatItIs() {
        #expect(LogTime(unit: .ms).whyNot("2026-11-24 10:15:30 UTC") == #""2026-11-24 10:15:30 UTC" is not a number of ms: a date and time (--time-unit iso8601)"#)
        #expect(LogTime(unit: .ms, option: "time_unit=").whyNot("2026-11-24 10:15:30 UTC").hasSuffix("(time_unit=iso8601)"))
        #expect(LogTime(unit: .s).whyNot("1700000000000") == #""1700000000000" is out of range: 10¹⁵ ms or more (a number of ms? --time-unit ms)"#)
        // Out of range in ms as well: no hint that ms would do.
        #expect(LogTime(unit: .s).whyNot("1764000000000000000000") == #""1764000000000000000000" is out of range: 10¹⁵ ms or more"#)
        #expect(LogTime(unit: .ms).whyNot("a\tb") == #""a\tb" is not a number of ms"#)
        #expect(LogTime(unit: .iso8601).whyNot("1732443330250").hasSuffix(": a number (--time-unit ms, s, us or ns)"))
        let iso = LogTime(unit: .iso8601)
        #expect(iso.whyNot("2026-02-30T10:15:30Z") == #""2026-02-30T10:15:30Z" is not a date and time: day 30 of a month of 28 days"#)
        #expect(iso.whyNot("2024-13-01 00:00") == #""2024-13-01 00:00" is not a date and time: no month 13"#)
        #expect(iso.whyNot("2026-11-24T24:00:00Z").hasSuffix("hour 24 (24:00 is written 00:00 of the next day)"))
        #expect(iso.whyNot("2026-11-24T23:59:60Z").hasSuffix("second 60 (a leap second is not counted)"))
        #expect(iso.whyNot("2026-11-24T23:59:00+19:00").hasSuffix("an offset of 19 hours (at most 18:59)"))
        #expect(LogTimestamp("2026-11-24T23:59:00+18:59") != nil)
        // A no-break space and a line separator are written as their codes; a long value is cut with an ellipsis.
        #expect(iso.whyNot("2026-11-24\u{A0}10:15:30Z").hasPrefix(#""2026-11-24\u{A0}10:15:30Z" is not a date and time ("#))
        #expect(LogTime.quoted("a\u{2028}b") == #""a\u{2028}b""#)
        #expect(LogTime.quoted(String(repeating: "9", count: 70)) == "\"" + String(repeating: "9", count: 60) + "…\"")
        #expect(LogTime.quoted("été 5") == #""été 5""#)
        #expect(ImportError.badTime("2026-11-24 10:15:30 PST", .iso8601, column: "ts").description
            == #"time "2026-11-24 10:15:30 PST" in column "ts" is not a date and time (YYYY-MM-DD hh:mm[:ss[.fraction]], a T or a space between, a zone Z, UTC, GMT, ±hh[:mm] or none)"#)
    }

    /// Numbers of ms or s are decimal: hexadecimal, `inf` and `nan` are no times, and seconds are
    /// read with their point moved, so that a half millisecond rounds as it does written in ms.
    @Test func numbersAreDecimalAndSecondsRoundAsMilliseconds() {
        let ms = LogTime(unit: .ms), seconds = LogTime(unit: .s)
        for text in ["0x10", "0x1p4", "inf", "nan", "1e", "e5", ".", "+", "1.2.3", "1e1234567", "٣"] {
            #expect(ms.ms(text) == nil && seconds.ms(text) == nil, "\(text)")
        }
        #expect(seconds.ms("260.3185") == 260_319 && ms.ms("260318.5") == 260_319)
        #expect(seconds.ms("0.0005") == 1 && seconds.ms("-0.0005") == -1 && seconds.ms("2.6e2") == 260_000)
        #expect(seconds.fractionalMs("260.3185") == 260_318.5 && ms.fractionalMs(" 12.25 ") == 12.25)
        #expect(ms.ms(".5") == 1 && ms.ms("5.") == 5 && ms.ms("-7") == -7 && ms.ms("1E3") == 1_000)
        #expect(ms.whyNot("0x10") == #""0x10" is not a number of ms"#)
    }

    /// µs (Google Analytics 4's `event_timestamp` in BigQuery) and ns (OpenTelemetry's) round to the
    /// millisecond half away from zero, as ms and s do: whole numbers exactly, where a `Double` of a
    /// time in ns now keeps only a quarter of a µs of its fraction.
    @Test func microAndNanosecondsRoundToTheMillisecondExactly() {
        let us = LogTime(unit: .us), ns = LogTime(unit: .ns)
        #expect(us.ms("1700000000100499") == 1_700_000_000_100 && us.ms("1700000000100500") == 1_700_000_000_101)
        // 0.4999999 ms past the millisecond: a Double of it is 0.5 past (the nearest it holds), which would round up.
        #expect(ns.ms("1700000000100499999") == 1_700_000_000_100 && ns.ms("1700000000100500000") == 1_700_000_000_101)
        #expect(Double("1700000000100499999e-6")!.rounded() == 1_700_000_000_101)
        #expect(us.ms("-1500") == -2 && us.ms("-1499") == -1 && us.ms(" +2500 ") == 3 && ns.ms("0") == 0)
        #expect(us.ms("1500.5") == 2 && us.ms("2.5e3") == 3 && ns.ms("1.5e6") == 2)
        #expect(us.fractionalMs("250") == 0.25 && ns.fractionalMs("1234567") == 1.234567)
        // A time of µs past 10¹⁵ ms is out of range, and says that ns would read it.
        #expect(us.ms("1700000000100499999") == nil)
        #expect(us.whyNot("1700000000100499999") == #""1700000000100499999" is out of range: 10¹⁵ ms or more (a number of ns? --time-unit ns)"#)
        #expect(LogTime(unit: .ms).whyNot("1700000000100499") == #""1700000000100499" is out of range: 10¹⁵ ms or more (a number of us? --time-unit us)"#)
        #expect(us.whyNot("x", column: "event_timestamp") == #""x" in column "event_timestamp" is not a number of µs"#)
        for text in ["0x10", "inf", "1e", ""] { #expect(us.ms(text) == nil && ns.ms(text) == nil, "\(text)") }
        #expect(LogTime.Unit.named("µs") == .us && LogTime.Unit.named("us") == .us && LogTime.Unit.named("µ") == nil)
    }

    /// The unit that makes a median plausible: the nearest to the one read first.
    @Test func aMedianIsRereadInTheNearestUnitThatMakesItPlausible() {
        let range = 100.0 ... 600_000.0
        #expect(LogTime(unit: .ms).reread(4, within: range).map { "\($0.unit) \($0.ms)" } == "s 4000.0")
        #expect(LogTime(unit: .ms).reread(5_000_000, within: range).map { "\($0.unit) \($0.ms)" } == "us 5000.0")
        #expect(LogTime(unit: .ms).reread(5_000_000_000, within: range).map { "\($0.unit) \($0.ms)" } == "ns 5000.0")
        #expect(LogTime(unit: .us).reread(4, within: range).map { "\($0.unit) \($0.ms)" } == "ms 4000.0")
        #expect(LogTime(unit: .ms).reread(0, within: range) == nil && LogTime(unit: .iso8601).reread(4, within: range) == nil)
    }
}
