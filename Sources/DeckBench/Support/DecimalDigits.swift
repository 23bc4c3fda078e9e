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
}
