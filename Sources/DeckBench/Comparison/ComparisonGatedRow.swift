extension Comparison {
    /// A row with a limit and paired replicates: its excess over the limit (worsening less the
    /// worsening allowed), at the point and replicate by replicate. A relative limit allows
    /// `amount` % of each side's own baseline, so a replicate whose baseline is 0 allows nothing
    /// and any rise in it is all excess: no replicate is left out, none divides by 0. A planted
    /// worsening of `planted` × the allowed worsening adds to the point's excess and every replicate's.
    struct GatedRow {
        var row: Int
        var better: Better
        /// The worsening the limit allows at the baseline's point (metric units).
        var allowed: Double
        var excess: Double
        var replicates: [Double?]
        /// The factor on the replicates' standard deviation (`TailCalibration.widening(of:)`).
        var widening: Double

        init?(row: Int, better: Better, limit: Threshold, old: Double?, new: Double?, pairs: [(Double, Double)?], planted: Double = 0,
              widening: Double = 1) {
            guard let old, let new, !pairs.isEmpty else { return nil }
            func excess(_ a: Double, _ b: Double) -> Double {
                let worsening = better == .lower ? b - a : a - b
                return worsening - (limit.relative ? limit.amount / 100 * abs(a) : limit.amount)
            }
            self.row = row
            self.better = better
            self.widening = widening
            allowed = limit.relative ? limit.amount / 100 * abs(old) : limit.amount
            let shift = planted * allowed
            self.excess = excess(old, new) + shift
            replicates = pairs.map { $0.map { excess($0.0, $0.1) + shift } }
        }
    }
}
