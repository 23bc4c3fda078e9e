/// Writes integers as decimal ASCII without building strings: the one digit writer behind the
/// recording encoder, the `sessions.csv` rows and `ReportFormat`'s decimals.
enum DecimalDigits {
    /// The most bytes `write` uses: a sign and 19 digits.
    static let maxBytes = 20

    /// Writes `value` at `out` (room for `maxBytes`); returns the bytes written.
    @inline(__always)
    static func write(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // A single digit in one store: half of a sessions.csv row's integers are 0, most of the
        // others few digits, and the loop and its reversing pass cost about 40 instructions each.
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
        var magnitude = value.magnitude
        let start = count
        repeat {
            out[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            count += 1
        } while magnitude > 0
        var (low, high) = (start, count - 1)
        while low < high {
            (out[low], out[high]) = (out[high], out[low])
            low += 1
            high -= 1
        }
        return count
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
