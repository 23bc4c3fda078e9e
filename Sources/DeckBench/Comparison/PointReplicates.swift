/// Both runs' bootstrap replicates of one compared policy × network, cut to the replicates both
/// runs have, and each side's interval columns replicate by replicate when they can be computed.
struct PointReplicates {
    let baseline: BootstrapReplicates
    let candidate: BootstrapReplicates
    let estimates: (baseline: ReplicateEstimates, candidate: ReplicateEstimates)?

    /// nil unless both runs' bootstrap files hold the point (`candidatePoint` on the candidate's side).
    init?(_ pairing: Comparison.Pairing, point: ReplayPoint, candidatePoint: ReplayPoint, weights: BootstrapWeights,
          columns: [IntervalColumn]) {
        guard let base = pairing.baseline.replicates(policy: point.policy, network: point.network),
              let next = pairing.candidate.replicates(policy: candidatePoint.policy, network: candidatePoint.network) else { return nil }
        baseline = base.firstReplicates(weights.replicates)
        candidate = next.firstReplicates(weights.replicates)
        if let base = ReplicateEstimates(baseline, weights: weights, columns: columns),
           let next = ReplicateEstimates(candidate, weights: weights, columns: columns) {
            estimates = (base, next)
        } else {
            estimates = nil
        }
    }

    /// Whether a run has too few stalls in `column`'s tail to judge it (`TailCalibration`).
    func tooFewStalls(_ column: IntervalColumn) -> Bool {
        guard let base = TailCalibration.observations(column, in: baseline),
              let next = TailCalibration.observations(column, in: candidate) else { return false }
        return min(base, next) < TailCalibration.minimumObservations
    }

    /// Replicate by replicate, both sides' values of `column` where both are defined (nil elsewhere).
    func pairs(_ column: IntervalColumn) -> [(Double, Double)?] {
        guard let estimates else { return [] }
        return Comparison.pairs(estimates.baseline.values(column), estimates.candidate.values(column))
    }
}
