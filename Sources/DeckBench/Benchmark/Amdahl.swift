/// Amdahl's law, for the benchmark's prediction of how a run scales past the cores it was measured
/// on: a share `s` of the work is serial, the rest divides among the cores.
package enum Amdahl {
    /// The serial share that makes `jobs` jobs take `seconds` when one takes `oneJobSeconds`:
    /// `T(N) / T(1) = s + (1 − s) / N`, solved for `s` and kept within 0…1.
    public static func serialShare(oneJobSeconds: Double, jobs: Int, seconds: Double) -> Double {
        guard jobs > 1, oneJobSeconds > 0 else { return 1 }
        let n = Double(jobs)
        return min(1, max(0, (n * seconds / oneJobSeconds - 1) / (n - 1)))
    }

    /// The speed-up on `cores` cores of work whose serial share is `serialShare`.
    public static func speedUp(serialShare: Double, cores: Int) -> Double {
        1 / (serialShare + (1 - serialShare) / Double(cores))
    }
}
