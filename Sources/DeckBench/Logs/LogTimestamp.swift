/// A date and time as `--time-unit iso8601` reads it: ISO 8601's (`2026-11-24T10:15:30.250Z`) and
/// as SQL warehouses and spreadsheets export it: `2026-11-24 10:15:30.250000 UTC` (BigQuery),
/// `2026-11-24 10:15:30.250 +0000`, `2026-11-24T10:15:30.25+05:30`, `2026-11-24 10:15` (no zone:
/// read as UTC). Seconds are optional, and so is their fraction (any number of digits, after `.`
/// or `,`); the zone is `Z`, `UTC`, `GMT`, or an offset `±hh`, `±hhmm` or `±hh:mm`, after a space
/// or not. Strict where a lax reader would guess: a day the month lacks, 24:00, a leap second, a
/// fraction of a minute are refused, never rolled over; days are the proleptic Gregorian
/// calendar's, as ISO 8601's, before 1582 too. One reader for every spelling, so the same instant
/// is the same millisecond however it is written.
struct LogTimestamp {
    /// Milliseconds since 1970-01-01T00:00:00Z, the fraction rounded half up.
    let milliseconds: Int

    init?(_ text: String) {
        guard let fields = Fields(text), fields.refusal == nil else { return nil }
        let days = Self.daysSinceEpoch(year: fields.year, month: fields.month, day: fields.day)
        let seconds = (days * 24 + fields.hour) * 3_600 + fields.minute * 60 + fields.second
        milliseconds = (seconds - fields.offsetMinutes * 60) * 1_000 + fields.fractionMilliseconds
    }

    /// Why `text`, shaped as a date and time, names none (a day its month lacks, an hour, minute or
    /// second out of range, an offset beyond ±18:59); nil when it names one or has another shape.
    static func refusal(of text: String) -> String? {
        Fields(text)?.refusal
    }

    /// The fields of a text shaped as a date and time, each as written, not yet checked.
    private struct Fields {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var fractionMilliseconds = 0
        var offsetMinutes = 0

        init?(_ text: String) {
            var reader = Reader(Array(text.utf8))
            guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"),
                  let day = reader.digits(2), reader.take("T") || reader.take("t") || reader.take(" "),
                  let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2) else { return nil }
            let hasSeconds = reader.take(":")
            guard let second = hasSeconds ? reader.digits(2) : 0 else { return nil }
            let fraction = hasSeconds && (reader.take(".") || reader.take(",")) ? reader.fractionMilliseconds() : 0
            guard let fraction, let offsetMinutes = reader.zoneOffsetMinutes(), reader.atEnd else { return nil }
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
            (fractionMilliseconds, self.offsetMinutes) = (fraction, offsetMinutes)
        }

        /// The first field out of its range, said; nil when every field is in range.
        var refusal: String? {
            guard (1 ... 12).contains(month) else { return "no month \(month)" }
            let days = LogTimestamp.days(inMonth: month, of: year)
            guard (1 ... days).contains(day) else { return "day \(day) of a month of \(days) days" }
            guard hour < 24 else { return "hour \(hour) (24:00 is written 00:00 of the next day)" }
            guard minute < 60 else { return "minute \(minute)" }
            guard second < 60 else { return "second \(second) (a leap second is not counted)" }
            guard abs(offsetMinutes) < 19 * 60 else { return "an offset of \(abs(offsetMinutes) / 60) hours (at most 18:59)" }
            return nil
        }
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil); also the day number of `--page-kind date`.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The text's bytes, read from the front.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        /// Consumes `character` if the text goes on with it.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Consumes `word` (ASCII letters, any case) if the text goes on with it.
        mutating func take(word: String) -> Bool {
            let letters = Array(word.utf8)
            guard index + letters.count <= bytes.count,
                  zip(bytes[index ..< index + letters.count], letters).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) else { return false }
            index += letters.count
            return true
        }

        /// Exactly `count` decimal digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index ..< index + count] {
                guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// A fraction of a second after its point (one digit or more), in milliseconds rounded
        /// half up: `.2505` is 251 ms.
        mutating func fractionMilliseconds() -> Int? {
            let start = index
            var tenthsOfMilliseconds = 0
            while index < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) {
                if index - start < 4 { tenthsOfMilliseconds = tenthsOfMilliseconds * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard index > start else { return nil }
            for _ in min(index - start, 4) ..< 4 { tenthsOfMilliseconds *= 10 }
            return (tenthsOfMilliseconds + 5) / 10
        }

        /// The zone at the end, as minutes east of UTC: 0 for none, `Z`, `UTC` or `GMT`, else an
        /// offset `±hh`, `±hhmm` or `±hh:mm` (its hours checked by the caller); nil for anything else.
        mutating func zoneOffsetMinutes() -> Int? {
            _ = take(" ")
            if atEnd || take("Z") || take("z") || take(word: "UTC") || take(word: "GMT") { return atEnd ? 0 : nil }
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = digits(2) else { return nil }
            var minutes: Int? = 0
            if !atEnd {
                _ = take(":")
                minutes = digits(2)
            }
            guard let minutes, minutes < 60 else { return nil }
            return sign * (hours * 60 + minutes)
        }
    }
}
