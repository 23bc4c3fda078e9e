extension Comparison {
    /// What qualifies the pairing itself: replicates judged on fewer than one run had, a bootstrap
    /// unit that differs between the runs.
    static func pairingCautions(_ pairing: Pairing?, judged common: Int?) -> [String] {
        var cautions: [String] = []
        if let counts = pairing?.counts, let common, counts.baseline != counts.candidate {
            cautions.append("the baseline has \(counts.baseline) bootstrap replicates and the candidate \(counts.candidate): the intervals "
                + "are read from the \(common) they share (replicate b weighs the same sessions in both), so they are as noisy as a "
                + "run of \(common)")
        }
        if let pairing, pairing.baselineUnit != pairing.candidateUnit {
            cautions.append("the baseline resampled \(pairing.baselineUnit.rawValue)s and the candidate \(pairing.candidateUnit.rawValue)s "
                + "(only one's recordings name users): their replicates weigh different groups of sessions, so the change is not "
                + "paired and its intervals are those of two separate runs, often several times wider (verdicts lean to "
                + "inconclusive). Replay both from the same recordings to pair them")
        }
        return cautions
    }

    /// What qualifies the verdicts once given: rows whose replicates never moved, intervals read
    /// from few replicates, rows judged on their points, tail rows with too few stalls.
    func verdictCautions(judged common: Int?, onIntervals: Bool) -> [String] {
        var cautions: [String] = []
        if !noSpread.isEmpty {
            let named = noSpread.prefix(3).map { "\(rows[$0].metric) of \(rows[$0].policy)" }.joined(separator: ", ")
            cautions.append("\(noSpread.count) row\(noSpread.count == 1 ? "" : "s") (\(named)\(noSpread.count > 3 ? ", …" : "")) changed while "
                + "their replicates did not move at all: the bootstrap had too few units (one user names every session?) to measure "
                + "their noise, so they are inconclusive")
        }
        if let common, common < 200, onIntervals {
            cautions.append("the intervals' reaches are read from \(common) bootstrap replicates; the error rates in docs/STATISTICS.md "
                + "were measured with 1,000 (with 20 an unchanged run failed 17 % of the time): replay with --bootstrap 1000")
        }
        let pointJudged = rows.filter { $0.verdict != nil && $0.simultaneousInterval == nil && !$0.tooFewStalls && !$0.metric.isEmpty }
        if !pointJudged.isEmpty {
            let metrics = Array(Set(pointJudged.map(\.metric))).sorted()
            cautions.append("\(pointJudged.count) row\(pointJudged.count == 1 ? "" : "s") (\(metrics.joined(separator: ", "))) judged on "
                + "their point estimates, with no interval (the metric has none, or a run has no bootstrap.json): a point past the "
                + "limit fails without the error rate the intervals keep")
        }
        let tooFew = rows.filter(\.tooFewStalls)
        if !tooFew.isEmpty {
            let named = tooFew.prefix(3).map { "\($0.metric) of \($0.policy) on \(NetworkModel.shortSpec($0.network))" }.joined(separator: ", ")
            cautions.append("\(tooFew.count) tail row\(tooFew.count == 1 ? "" : "s") (\(named)\(tooFew.count > 3 ? ", …" : "")): too few "
                + "stalls to judge the tail (fewer than \(Int(TailCalibration.minimumObservations)) in a run's tail), inconclusive")
        }
        return cautions
    }
}
