import Foundation

/// Student's t distribution: the quantiles an interval needs when its standard error is itself
/// estimated from a few values (a history's nights without intervals of their own), where the
/// normal's would be too narrow.
enum StudentT {
    /// t with P(T > t) = p for T of `degreesOfFreedom` (0 < p < 0.5); the normal's quantile for
    /// infinite degrees of freedom. Bisection on the upper tail, to a millionth.
    static func upperQuantile(_ p: Double, degreesOfFreedom: Double) -> Double {
        guard degreesOfFreedom.isFinite else { return normalUpperQuantile(p) }
        var (low, high) = (0.0, 1e4)
        while high - low > 1e-7 * max(1, low) {
            let middle = (low + high) / 2
            if upperTail(middle, degreesOfFreedom: degreesOfFreedom) > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// P(T > t) for t ≥ 0: half the regularized incomplete beta function I_x(ν/2, 1/2) at
    /// x = ν / (ν + t²).
    static func upperTail(_ t: Double, degreesOfFreedom ν: Double) -> Double {
        0.5 * regularizedBeta(ν / (ν + t * t), a: ν / 2, b: 0.5)
    }

    /// z with P(Z > z) = p for a standard normal Z, 0 < p < 0.5: bisection on the complementary
    /// error function, to a millionth.
    static func normalUpperQuantile(_ p: Double) -> Double {
        var (low, high) = (0.0, 40.0)
        while high - low > 1e-7 {
            let middle = (low + high) / 2
            if 0.5 * erfc(middle / 2.0.squareRoot()) > p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// P(Z ≤ z) for a standard normal Z.
    static func normalCDF(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// I_x(a, b) by its continued fraction (modified Lentz), taken on the side where it converges
    /// fast and mirrored (I_x(a, b) = 1 − I_{1−x}(b, a)) on the other.
    static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logPowers - logBeta
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var result = d
        for m in 1 ... 300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = 1 + even / c
            c = abs(c) < tiny ? tiny : c
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            d = 1 / (abs(d) < tiny ? tiny : d)
            c = 1 + odd / c
            c = abs(c) < tiny ? tiny : c
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
