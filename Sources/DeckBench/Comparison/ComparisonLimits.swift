extension Comparison {
    /// The limits `compare` judges the metrics against, and the worsening planted in them to
    /// measure the gate's power (`init`'s `planted`).
    struct Limits {
        /// The limits on metrics better lower (`--max-increase`).
        var maxIncrease: [Threshold]
        /// The limits on metrics better higher (`--max-decrease`).
        var maxDecrease: [Threshold]
        /// Metric → multiple of its limit that the candidate is judged as worse by.
        var planted: [String: Double]

        /// Every limit, `maxIncrease`'s first.
        var all: [Threshold] { maxIncrease + maxDecrease }

        /// `metric`'s limit, on the flag of its direction; nil without one.
        func limit(_ metric: String, better: Better) -> Threshold? {
            (better == .lower ? maxIncrease : maxDecrease).first { $0.metric == metric }
        }
    }
}
