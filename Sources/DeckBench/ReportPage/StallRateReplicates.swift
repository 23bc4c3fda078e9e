/// Each policy × network's stall rate replicate by replicate, from a run's `bootstrap.json`: read
/// when first asked (only a page with a heatmap asks), nil for a run without replicates.
final class StallRateReplicates {
    private let folder: String
    private lazy var file: BootstrapFile? = BootstrapFile.read(folder: folder)
    private lazy var weights: BootstrapWeights? = file?.rows.first.map { BootstrapWeights(replicates: $0.replicates.replicates) }
    private let column = TuneObjective.stallRate.column

    init(folder: String) {
        self.folder = folder
    }

    func values(policy: String, network: String) -> [Double?]? {
        guard let weights, let replicates = file?.replicates(policy: policy, network: network) else { return nil }
        return ReplicateEstimates(replicates, weights: weights, columns: [column])?.values(column)
    }
}
