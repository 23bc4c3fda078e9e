/// `paired.csv`: for pairs of policies on one network, the difference of each column that has an
/// interval (A − B; `IntervalColumn`) with its 95 % paired interval, and the shares of sessions
/// where A, and where B, did strictly better (`PairedWins`; ratios only, the rest are ties).
/// Every policy replays the same sessions, and a bootstrap replicate weighs the sessions of both
/// alike, so the interval is read from the replicates' differences: the statistically strong way
/// to compare two policies. Pairs in the order given (A before B); with more than
/// `PairedWins.allPairsUpTo` policies on a network (a sweep), each policy is paired with the first only.
struct PairedTable: Sendable {
    /// The columns, in order; `PairedRow` reads them back.
    enum Column: String, TableColumn {
        case network
        case policyA = "policy_a", policyB = "policy_b"
        case metric, a, b, difference
        case differenceLow = "difference_ci_low", differenceHigh = "difference_ci_high"
        case aBetterShare = "a_better_share", bBetterShare = "b_better_share"

        /// The columns a file may lack: the shares, which files before them did not have.
        static let added: [Column] = [.aBetterShare, .bBetterShare]
    }

    public static let header = Column.header

    public let schema: MetricSchema

    public init(schema: MetricSchema = .standard) {
        self.schema = schema
    }

    /// The file for `summaries` (policy-major, which carry replicates), or nil when they carry
    /// none; `wins` gives the share columns (empty without).
    public func csv(_ summaries: [PointSummary], wins: PairedWins? = nil) -> String? {
        estimatesAndCSV(summaries, wins: wins).csv
    }

    /// Every row's interval estimates (replicate values kept only where pairs need them) and
    /// paired.csv made in the same pass (nil without replicates): what a run and a merge write.
    public func estimatesAndCSV(_ summaries: [PointSummary],
                                wins: PairedWins?, threads: Int = 1) -> (estimates: [ReplicateEstimates?], csv: String?) {
        let rows = Rows(table: self, summaries: summaries, wins: wins)
        let estimates = ReplicateEstimates.of(summaries, columns: schema.intervalColumns, valuesForPairsOnly: true, threads: threads,
                                              visit: rows.add)
        return (estimates, summaries.contains { !$0.summary.replicates.isEmpty } ? rows.csv() : nil)
    }

    /// paired.csv made as the rows' estimates are computed, one row after the other: a row's
    /// replicate values are held only while a pair still needs them (every row up to
    /// `PairedWins.allPairsUpTo` policies on a network; past that, each row is paired with the
    /// first as it comes, and only the first's are kept), so a sweep of thousands of policies never
    /// holds them all.
    public final class Rows {
        private let table: PairedTable
        private let summaries: [PointSummary]
        private let wins: PairedWins?
        private let columns: [IntervalColumn]
        private var networks: [String] = []
        /// Per row: its network's index and its place among that network's rows.
        private var place: [(network: Int, position: Int)] = []
        /// Per network: its rows' indices in `summaries`.
        private var members: [[Int]] = []
        private var kept: [Int: ReplicateEstimates] = [:]
        private var writers: [CSVWriter]

        public init(table: PairedTable, summaries: [PointSummary], wins: PairedWins?) {
            self.table = table
            self.summaries = summaries
            self.wins = wins
            columns = table.schema.intervalColumns
            for (index, row) in summaries.enumerated() {
                if !networks.contains(row.network) {
                    networks.append(row.network)
                    members.append([])
                }
                let network = networks.firstIndex(of: row.network)!
                place.append((network, members[network].count))
                members[network].append(index)
            }
            writers = networks.map { _ in CSVWriter(header: nil) }
        }

        private func pairsWithEveryRow(_ network: Int) -> Bool {
            members[network].count <= PairedWins.allPairsUpTo
        }

        /// Row `index`'s estimates, with their replicate values; rows come in index order.
        public func add(_ index: Int, _ estimates: ReplicateEstimates?) {
            let (network, position) = place[index]
            if pairsWithEveryRow(network) || position == 0 {
                if let estimates { kept[index] = estimates }
                return
            }
            emit(network: network, a: 0, b: position, estimatesB: estimates)
        }

        private func emit(network: Int, a: Int, b: Int, estimatesB: ReplicateEstimates?) {
            let (indexA, indexB) = (members[network][a], members[network][b])
            guard let estimatesA = kept[indexA], let estimatesB else { return }
            let (rowA, rowB) = (summaries[indexA], summaries[indexB])
            for column in columns {
                guard let pointA = column.point(rowA.summary), let pointB = column.point(rowB.summary) else { continue }
                // A − B in each replicate where both are defined (NaN: undefined).
                let (valuesA, valuesB) = (estimatesA.storedValues(column), estimatesB.storedValues(column))
                var differences: [Double] = []
                differences.reserveCapacity(Swift.min(valuesA.count, valuesB.count))
                for (x, y) in zip(valuesA, valuesB) where !x.isNaN && !y.isNaN { differences.append(x - y) }
                // Both rows replayed the same sessions: the same units, judged alike (`FewUnits`), a
                // tail by the thinner of the two.
                let tails = [estimatesA, estimatesB].compactMap { $0.tailObservations[column.name] }
                let interval = FewUnits.interval(BootstrapReplicates.percentiles(differences), point: pointA - pointB,
                                                 units: min(estimatesA.units, estimatesB.units), tailObservations: tails.min())
                let shares = wins?.shares(network: network, a: a, b: b, column: column.name)
                writers[network].appendRow([networks[network], rowA.policy, rowB.policy, column.name, column.format(pointA),
                                            column.format(pointB), column.format(pointA - pointB, signed: true),
                                            column.format(interval?.low, signed: true), column.format(interval?.high, signed: true),
                                            ReportFormat.ratio(shares?.a), ReportFormat.ratio(shares?.b)])
            }
        }

        /// The whole file: the networks in order, each with its pairs in `PairedWins.pairs` order.
        public func csv() -> String {
            var writer = CSVWriter(header: PairedTable.header)
            for network in networks.indices {
                if pairsWithEveryRow(network) {
                    for (a, b) in PairedWins.pairs(members[network].count) {
                        emit(network: network, a: a, b: b, estimatesB: kept[members[network][b]])
                    }
                }
                writer.append(writers[network])
            }
            return writer.text
        }
    }
}
