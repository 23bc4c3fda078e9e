/// What the selection rule (`RaceRule`) reads of one candidate at a judgement: its objective and
/// bytes per navigation, each with its bootstrap replicates (paired with every other candidate's,
/// replicate by replicate), and the sessions, units and navigations behind them. The race makes it
/// from the sums of the sessions a candidate replayed; the report page from a run's summary.csv and
/// bootstrap.json, so that both apply the one rule.
package struct RaceEvidence: Sendable {
    public var sessions: Int
    public var units: Int
    public var navigations: Int
    public var objective: Double?
    public var bytesPerNavigation: Double?
    public var objectiveReplicates: [Double?]
    public var bytesReplicates: [Double?]

    public init(sessions: Int, units: Int, navigations: Int, objective: Double?, bytesPerNavigation: Double?,
                objectiveReplicates: [Double?], bytesReplicates: [Double?]) {
        self.sessions = sessions
        self.units = units
        self.navigations = navigations
        self.objective = objective
        self.bytesPerNavigation = bytesPerNavigation
        self.objectiveReplicates = objectiveReplicates
        self.bytesReplicates = bytesReplicates
    }

    /// The evidence of the sessions summed in `summary`, its replicates weighed by `weights`.
    init(_ summary: MetricsSummary, objective: TuneObjective, weights: BootstrapWeights) {
        let estimates = ReplicateEstimates(summary.replicates, weights: weights, columns: [objective.column, TuneBudget.column])
        self.init(sessions: summary.sessions, units: summary.replicates.units, navigations: summary.totals.navigations,
                  objective: objective.column.point(summary), bytesPerNavigation: TuneBudget.column.point(summary),
                  objectiveReplicates: estimates?.values(objective.column) ?? [], bytesReplicates: estimates?.values(TuneBudget.column) ?? [])
    }
}
