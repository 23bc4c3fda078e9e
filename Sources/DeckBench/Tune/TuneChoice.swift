/// What `tune` ships on one network once its race is over — the choice a careful analyst makes.
/// Of the candidates still in, only the feasible ones (bytes per navigation confirmed within the
/// budget) may be shipped. The leader has the lowest objective among them; the others whose paired
/// interval against the leader lies wholly below `delta` (not worse by more than the indifference
/// zone, the intervals Bonferroni-corrected over those candidates, one-sided at 5 % together) join
/// it in the zone, and the one with the fewest bytes per navigation is shipped. Since stalls fall
/// as bytes rise, the lowest estimate alone would be a noisy pick of the dearest survivor.
package struct TuneChoice: Sendable {
    /// The candidate to ship, and the lowest objective it was measured against (often the same).
    public var shipped: Int
    public var leader: Int
    /// The other candidates in the zone, in the order given.
    public var withinDelta: [Int]
    /// Candidates still in whose bytes per navigation straddle the budget, or were never judged
    /// (too few units or navigations): neither shipped nor out.
    public var undecided: [Int]
    /// What the sessions held when the race's minimum, not the intervals, left the undecided ones
    /// so; nil when the intervals did.
    public var tooFew: RaceMinimum.Shortfall?
    /// Feasible candidates still in that are neither shown worse than the leader nor shown within
    /// `delta` of it: what the sessions could not resolve.
    public var unresolved: [Int]

    /// The choice on network `network`, or `TuneError.overBudget` when no candidate still in is
    /// feasible (`TuneError.tooFew` when, without a budget, the sessions were too few to judge).
    init(network: Int, candidates: [TuneCandidate], leader: Int?, rule: RaceRule, delta: Double, networkSpec: String) throws(TuneError) {
        let standing = candidates.indices.filter { candidates[$0].networkIndex == network && candidates[$0].isIn && !candidates[$0].isReference }
        let feasible = standing.filter { candidates[$0].standing?.feasibility == .feasible }
        let straddling = standing.filter { candidates[$0].standing?.feasibility != .feasible }
        let shortfall = straddling.lazy.compactMap { candidates[$0].standing }.first { $0.tooFew }
            .map { RaceMinimum.Shortfall(units: $0.units, navigations: $0.navigations, minimum: rule.minimum) }
        guard let leader = leader.flatMap({ feasible.contains($0) ? $0 : nil }) ?? feasible.first else {
            // No feasible candidate ever led, so none left for being worse: those still in are undecided.
            if rule.budget == nil, let shortfall { throw .tooFew(network: networkSpec, shortfall) }
            let seen = straddling.isEmpty
                ? candidates.indices.filter { candidates[$0].networkIndex == network && !candidates[$0].isReference } : straddling
            throw .overBudget(network: networkSpec, budget: rule.budget ?? .bytesPerNavigation(0),
                              leastBytes: seen.compactMap { candidates[$0].standing?.bytesPerNavigation }.min(), undecided: straddling.count,
                              tooFew: shortfall)
        }
        undecided = straddling
        tooFew = shortfall
        self.leader = leader
        let z = Self.zoneZ(candidates: feasible.count)
        let zone = feasible.filter { index in
            guard index != leader else { return true }
            guard let standing = candidates[index].standing, let difference = standing.difference, let error = standing.differenceError
            else { return false }
            return difference + z * error <= delta
        }
        let bytes = { (index: Int) in candidates[index].standing?.bytesPerNavigation ?? .infinity }
        let cheapest = zone.min { (bytes($0), $0) < (bytes($1), $1) } ?? leader
        shipped = cheapest
        withinDelta = zone.filter { $0 != cheapest }
        unresolved = feasible.filter { !zone.contains($0) }
    }

    /// The one-sided z that keeps the zone's claims ("not worse than the leader by more than
    /// delta") true together at 95 %: Bonferroni over the `candidates` − 1 compared with the leader.
    static func zoneZ(candidates: Int) -> Double {
        RaceRule.upperQuantile(RaceRule.errorRate / Double(max(1, candidates - 1)))
    }
}
