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
    /// where the binary value decides, the units come from the value's exact binary expansion
    /// (`exactTenThousandths`); for large or negative values it asks `String(format:)`.
    static func appendRatio(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value else { return }
        let scaled = value * 10_000
        let whole = scaled.rounded(.down)
        guard value >= 0, scaled < 1e15 else {
            bytes.append(contentsOf: String(format: "%.4f", value).utf8)
            return
        }
        let units = abs(scaled - whole - 0.5) > 1e-6 ? Int(whole) + (scaled - whole > 0.5 ? 1 : 0) : exactTenThousandths(value)
        appendFixedPoint(units, unit: 10_000, to: &bytes)
    }

    /// `value` (finite, ≥ 0, below 10¹¹) in ten-thousandths rounded as `printf`'s `%.4f` rounds
    /// it: the exact product of its binary significand and 10,000, halves to even. Near a tie
    /// the product in doubles may round to the wrong side; `String(format:)` there costs about 25 K
    /// instructions (and a runtime conformance scan on its first call).
    static func exactTenThousandths(_ value: Double) -> Int {
        // value = significand · 2^exponent, the significand a whole number below 2⁵³; and
        // 10,000 = 625 · 2⁴, so value · 10,000 = significand · 625 · 2^(exponent + 4), the
        // product below 2⁶³.
        let normal = value.exponentBitPattern != 0
        let significand = value.significandBitPattern | (normal ? 1 << 52 : 0)
        let exponent = (normal ? Int(value.exponentBitPattern) - 1_075 : -1_074) + 4
        let product = significand * 625
        guard exponent < 0 else { return Int(product) << exponent }
        let shift = -exponent
        // From 64 bits on the product is under a half: zero ten-thousandths.
        guard shift < 64 else { return 0 }
        let quotient = product >> UInt64(shift)
        let remainder = product & ((1 << UInt64(shift)) &- 1)
        let half = UInt64(1) << UInt64(shift - 1)
        let up = remainder > half || (remainder == half && quotient & 1 == 1)
        return Int(quotient) + (up ? 1 : 0)
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
