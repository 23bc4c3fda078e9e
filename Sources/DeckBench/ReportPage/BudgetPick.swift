/// The cell a careful analyst outlines within a byte budget — `tune`'s choice (`TuneChoice`): of
/// the policies at no more bytes per navigation than the budget, the lowest stall rate is the best;
/// those whose paired interval against it lies wholly below `delta` (one-sided, Bonferroni over the
/// policies compared) join it, and the one with the fewest bytes is picked. Without replicates
/// (a run with `--bootstrap 0`) the best is picked, and the page says so.
struct BudgetPick {
    /// The picked policy, the best (lowest stall rate), and how many were within delta of it, how
    /// many were neither shown within delta nor shown worse (nil: no replicates to judge by).
    var pick: String
    var best: String
    var zone: Int
    var unresolved: Int?

    /// `cells` are the policies within the budget with their stall rates and bytes; `replicates`
    /// gives a policy's stall rate replicate by replicate (nil when the run has none).
    init?(_ cells: [(policy: String, rate: Double, bytes: Double)], delta: Double, replicates: (String) -> [Double?]?) {
        guard let best = cells.min(by: { ($0.rate, $0.bytes) < ($1.rate, $1.bytes) }) else { return nil }
        self.best = best.policy
        guard let bestValues = replicates(best.policy) else {
            (pick, zone, unresolved) = (best.policy, 1, nil)
            return
        }
        let z = TuneChoice.zoneZ(candidates: cells.count)
        var zone = [best]
        var unresolved = 0
        for cell in cells where cell.policy != best.policy {
            guard let values = replicates(cell.policy) else { continue }
            let differences = zip(values, bestValues).compactMap { a, b in a.flatMap { a in b.map { a - $0 } } }
            guard let error = RaceRule.standardError(differences) else { continue }
            let difference = cell.rate - best.rate
            if difference + z * error <= delta {
                zone.append(cell)
            } else if difference - z * error <= 0 {
                unresolved += 1
            }
        }
        pick = zone.min { ($0.bytes, $0.rate) < ($1.bytes, $1.rate) }!.policy
        self.zone = zone.count
        self.unresolved = unresolved
    }
}
