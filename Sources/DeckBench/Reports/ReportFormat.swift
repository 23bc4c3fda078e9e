import Foundation

/// How numbers look in DeckBench's CSV files: integers as they are, ratios with four decimals,
/// and an empty field for a value that is undefined (a ratio over zero, a percentile of nothing).
enum ReportFormat {
    static func ratio(_ value: Double?) -> String {
        guard let value else { return "" }
        return String(format: "%.4f", value)
    }

    static func ratio(_ numerator: Int, _ denominator: Int) -> String {
        denominator == 0 ? "" : ratio(Double(numerator) / Double(denominator))
    }

    /// A number as short as it can be: whole numbers without a fraction, others to four decimals.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// p50, p90, p99 and max, or four empty fields when nothing was recorded.
    static func percentiles(_ distribution: Distribution) -> [String] {
        guard distribution.count > 0 else { return ["", "", "", ""] }
        return [50.0, 90, 99].map { String(distribution.value(at: $0)) } + [String(distribution.max)]
    }
}
