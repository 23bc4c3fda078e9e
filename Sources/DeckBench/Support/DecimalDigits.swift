/// Writes integers as decimal ASCII without building strings: the one digit writer behind the
/// recording encoder, the `sessions.csv` rows and `ReportFormat`'s decimals.
enum DecimalDigits {
    /// The most bytes `write` uses: a sign and 19 digits.
    static let maxBytes = 20

    /// Writes `value` at `out` (room for `maxBytes`); returns the bytes written.
    @inline(__always)
    static func write(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // A single digit in one store: half of a sessions.csv row's integers are 0, most of the
        // others few digits.
        if UInt(bitPattern: value) < 10 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        if UInt(bitPattern: value) < 100 {
            writeTwo(value, to: out)
            return 2
        }
        var count = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        // From the last digit back, two at a time from a table: one division by 100 a pair, where
        // a digit at a time took a division each and a pass to reverse them (about 40
        // instructions for a 4-digit value).
        var magnitude = value.magnitude
        let length = count + digitCount(magnitude)
        var end = length
        let pairs = pairDigits.utf8Start
        while magnitude >= 100 {
            let quotient = magnitude / 100
            let pair = Int(truncatingIfNeeded: magnitude &- quotient &* 100) &* 2
            end &-= 2
            out[end] = pairs[pair]
            out[end &+ 1] = pairs[pair &+ 1]
            magnitude = quotient
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            out[end &- 2] = pairs[pair]
            out[end &- 1] = pairs[pair &+ 1]
        } else {
            out[end &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        return length
    }

    /// "00" to "99", each pair's two digits one after the other.
    private static let pairDigits: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many decimal digits `magnitude` has (1 for 0). The lengths of most report values by
    /// comparisons, longer ones a power of ten at a time: the loop alone cost about 20
    /// instructions for a 4-digit value.
    @inline(__always)
    static func digitCount(_ magnitude: UInt) -> Int {
        if magnitude < 10_000 {
            return magnitude < 100 ? (magnitude < 10 ? 1 : 2) : (magnitude < 1_000 ? 3 : 4)
        }
        var digits = 5
        var bound: UInt = 100_000
        while digits < 20, magnitude >= bound {
            digits &+= 1
            if digits < 20 { bound &*= 10 }
        }
        return digits
    }

    /// Writes `value` (0 ... 99) as two digits, a leading 0 below 10.
    @inline(__always)
    static func writeTwo(_ value: Int, to out: UnsafeMutablePointer<UInt8>) {
        let tens = value / 10
        out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
    }

    /// Appends `value` to `bytes`.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxBytes) { scratch in
            let count = write(value, to: scratch.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress!, count: count))
        }
    }

    /// Appends `values` to `bytes`, `separator` between each (`IntegerListText`).
    /// The digits go through a scratch buffer, handed on when nearly full: one array append per
    /// 4 KiB rather than two per value (bootstrap.json writes thousands of values a point).
    static func append(_ values: some Sequence<Int>, separatedBy separator: UInt8, to bytes: inout [UInt8]) {
        let capacity = 4_096
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
            guard let base = scratch.baseAddress else { return }
            var count = 0
            var first = true
            for value in values {
                if count > capacity - 1 - maxBytes {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
                    count = 0
                }
                if !first {
                    base[count] = separator
                    count += 1
                }
                first = false
                count += write(value, to: base + count)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }
}
