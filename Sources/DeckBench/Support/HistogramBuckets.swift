/// The value levels of the HdrHistogram that backs `Distribution` (three significant digits, a
/// lowest discernible value of 1), numbered as the histogram numbers its counts: values below 2,048
/// have a level each, then 1,024 levels per doubling. A distribution keeps counts per level in a
/// layout of its own and makes the histogram from them when read; the numbering must be the
/// histogram's, which `HistogramBucketsTests` checks value by value against the library.
enum HistogramBuckets {
    /// Levels of the values below 2³², the ones a distribution keeps in its own layout.
    static let levels = level(of: 1 << 32)

    /// The level of `value`.
    @inline(__always)
    static func level(of value: UInt64) -> Int {
        let doubling = 53 - (value | 2_047).leadingZeroBitCount
        return (doubling + 1) << 10 + Int(truncatingIfNeeded: value >> UInt64(doubling)) - 1_024
    }

    /// The lowest value of level `level`.
    static func lowestValue(of level: Int) -> UInt64 {
        var doubling = (level >> 10) - 1
        var sub = (level & 1_023) + 1_024
        if doubling < 0 {
            sub -= 1_024
            doubling = 0
        }
        return UInt64(sub) << UInt64(doubling)
    }
}
