import Foundation

/// A chart's frame: the plotting area inside an SVG of `width` × `height`, its axes (linear or
/// logarithmic, fitted to the data by the view), grid lines with their labels and axis titles.
struct ChartFrame {
    /// How data values map to a share of an axis (0 at the start, 1 at the end).
    enum Scale {
        /// From `low` to `high`, a grid line every `step`.
        case linear(low: Double, high: Double, step: Double)
        /// Base-10 logarithmic between two powers of ten.
        case log(lowDecade: Int, highDecade: Int)

        func share(_ value: Double) -> Double {
            switch self {
            case let .linear(low, high, _): return high > low ? (value - low) / (high - low) : 0
            case let .log(lowDecade, highDecade):
                let clamped = max(value, pow(10, Double(lowDecade)))
                return (log10(clamped) - Double(lowDecade)) / Double(max(1, highDecade - lowDecade))
            }
        }

        /// Where grid lines go: five linear steps, or each decade.
        var ticks: [Double] {
            switch self {
            case let .linear(low, high, step):
                // Never past `high`, which need not be a multiple of the step (the last night).
                let count = Int(((high - low) / step + 1e-9).rounded(.down))
                return (0 ... max(1, count)).map { low + step * Double($0) }
            case let .log(lowDecade, highDecade): return (lowDecade ... highDecade).map { pow(10, Double($0)) }
            }
        }

        /// A linear axis over `values` and 0, its ends and grid lines on round numbers (a step of
        /// 1, 2, 2.5 or 5 × a power of ten, four to eight steps).
        static func fitted(_ values: [Double]) -> Scale {
            let low = min(0, values.min() ?? 0)
            let high = max(0, values.max() ?? 1)
            let span = max(high - low, 1e-9)
            let step = niceCeiling(span / 4)
            let start = (low / step).rounded(.down) * step
            let end = max(start + step, (high / step).rounded(.up) * step)
            return .linear(low: start, high: end, step: step)
        }

        /// Decades from the one below the smallest positive value to the one above the largest.
        static func decades(_ values: [Double], atLeast minimum: Double = 1) -> Scale {
            let positive = values.filter { $0 > 0 }
            let low = Int(floor(log10(max(minimum, positive.min() ?? minimum))))
            let high = max(low + 1, Int(ceil(log10(max(minimum, positive.max() ?? minimum * 10)))))
            return .log(lowDecade: low, highDecade: high)
        }
    }

    var width: Int
    var height: Int
    var left: Int
    var right: Int
    var top: Int
    var bottom: Int
    var xScale: Scale
    var yScale: Scale

    var plotRight: Double { Double(width - right) }
    var plotBottom: Double { Double(height - bottom) }

    func x(_ value: Double) -> Double { Double(left) + xScale.share(value) * Double(width - left - right) }
    func y(_ value: Double) -> Double { plotBottom - yScale.share(value) * Double(height - top - bottom) }

    /// Opens the SVG and draws the frame, the grid with `xLabel` and `yLabel` tick labels, and the
    /// axis titles; the caller closes it with `close("svg")`.
    func open(_ svg: inout Markup, label: String, xTitle: String, yTitle: String,
              xLabel: (Double) -> String, yLabel: (Double) -> String) {
        svg.open("svg", [("class", "chart"), ("width", "\(width)"), ("height", "\(height)"), ("viewBox", "0 0 \(width) \(height)"),
                         ("role", "img"), ("aria-label", label)])
        svg.raw("\n")
        svg.element("rect", [("x", "\(left)"), ("y", "\(top)"), ("width", "\(width - left - right)"), ("height", "\(height - top - bottom)"),
                             ("fill", "none"), ("stroke", "#999")])
        for tick in xScale.ticks {
            let px = Markup.number(x(tick))
            svg.element("line", [("x1", px), ("y1", "\(top)"), ("x2", px), ("y2", "\(height - bottom)"), ("stroke", "#e4e4e4")])
            svg.element("text", [("x", px), ("y", "\(height - bottom + 16)"), ("text-anchor", "middle"), ("class", "small")], xLabel(tick))
        }
        for tick in yScale.ticks {
            let py = Markup.number(y(tick))
            svg.element("line", [("x1", "\(left)"), ("y1", py), ("x2", "\(width - right)"), ("y2", py), ("stroke", "#e4e4e4")])
            svg.element("text", [("x", "\(left - 6)"), ("y", Markup.number(y(tick) + 4)), ("text-anchor", "end"), ("class", "small")], yLabel(tick))
        }
        svg.element("text", [("x", Markup.number(Double(left + width - right) / 2)), ("y", "\(height - 10)"), ("text-anchor", "middle")], xTitle)
        svg.element("text", [("transform", "translate(16 \(Markup.number(Double(top + height - bottom) / 2))) rotate(-90)"),
                             ("text-anchor", "middle")], yTitle)
    }

    /// 1, 2 or 5 × a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * power >= value * (1 - 1e-12) { return factor * power }
        return 10 * power
    }

    /// A duration for an axis: ms below a second, s above.
    static func milliseconds(_ value: Double) -> String {
        value >= 1_000 ? "\(ReportFormat.number(value / 1_000)) s" : "\(ReportFormat.number(value)) ms"
    }

    /// A share as a percentage for an axis, with as many decimals as the value needs.
    static func percent(_ share: Double) -> String {
        let value = (share * 100 * 1e9).rounded() / 1e9
        if value == value.rounded() { return "\(Int(value)) %" }
        return (abs(value) >= 1 ? String(format: "%.1f", value) : String(format: "%.2g", value)) + " %"
    }
}
