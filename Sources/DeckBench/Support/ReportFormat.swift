import Foundation

/// How numbers look in DeckBench's CSV files: integers as they are, ratios with four decimals,
/// and an empty field for a value that is undefined (a ratio over zero, a percentile of nothing).
/// It sits in Support, below the metrics and the reports that both format with it; a percentile
/// metric's fields are `Metric.Statistic.fields(of:)`.
package enum ReportFormat {
    static func ratio(_ value: Double?) -> String {
        var bytes: [UInt8] = []
        appendRatio(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `ratio(value)` appended to `bytes` without building a string: digits from integer
    /// arithmetic, the same as `String(format: "%.4f")` gives. Within a millionth of a rounding tie,
    /// where the binary value decides, and for large or negative values, it asks `String(format:)`.
    static func appendRatio(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value else { return }
        let scaled = value * 10_000
        let whole = scaled.rounded(.down)
        guard value >= 0, scaled < 1e15, abs(scaled - whole - 0.5) > 1e-6 else {
            bytes.append(contentsOf: String(format: "%.4f", value).utf8)
            return
        }
        appendFixedPoint(Int(whole) + (scaled - whole > 0.5 ? 1 : 0), unit: 10_000, to: &bytes)
    }

    /// `count` units of 1/`unit` (a power of ten) as a decimal with as many places as `unit` has
    /// zeros: 12345 of 10,000 is 1.2345.
    @inline(__always)
    private static func appendFixedPoint(_ count: Int, unit: Int, to bytes: inout [UInt8]) {
        DecimalDigits.append(count / unit, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        var divisor = unit / 10
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(count / divisor % 10))
            divisor /= 10
        }
    }

    /// `ratio(value)` for a value of either sign (a difference): four decimals, a minus when negative.
    static func signedRatio(_ value: Double?) -> String {
        guard let value else { return "" }
        return value < 0 ? "-" + ratio(-value) : ratio(value)
    }

    static func ratio(_ numerator: Int, _ denominator: Int) -> String {
        denominator == 0 ? "" : ratio(Double(numerator) / Double(denominator))
    }

    /// numerator / denominator (0 ≤ numerator ≤ denominator) with six decimals, the same as
    /// `String(format: "%.6f")` gives for the quotient: digits from integer arithmetic, which agree
    /// with the rounded binary quotient whenever the denominator is below 4.5 × 10⁹ (the quotient is
    /// then further from a rounding tie than the double's error); an exact tie, where the binary
    /// value decides, and anything larger ask `String(format:)`.
    static func fraction(_ numerator: Int, over denominator: Int) -> String {
        guard numerator >= 0, denominator > 0, numerator <= denominator, denominator < 4_500_000_000 else {
            return String(format: "%.6f", Double(numerator) / Double(denominator))
        }
        let scaled = numerator * 1_000_000
        var millionths = scaled / denominator
        let twiceRemainder = 2 * (scaled % denominator)
        if twiceRemainder == denominator { return String(format: "%.6f", Double(numerator) / Double(denominator)) }
        if twiceRemainder > denominator { millionths += 1 }
        var bytes: [UInt8] = []
        appendFixedPoint(millionths, unit: 1_000_000, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A number as short as it can be: whole numbers without a fraction, others to four decimals.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `number(value)` with its sign: a change.
    static func signedNumber(_ value: Double) -> String {
        value < 0 ? number(value) : "+" + number(value)
    }
}
