import Foundation

/// The step models a process has read, by path: a sweep of a `learned` policy over twelve budgets
/// reads its model file once, and every replayer of the run shares that one read-only model.
enum StepModelCache {
    private static let models = Locked([String: StepModel]())

    /// The model at `path`, read on first use.
    static func model(at path: String) throws(StepModelFile.Failure) -> StepModel {
        if let known = models.withLock({ $0[path] }) { return known }
        let model = try StepModelFile.read(path)
        return models.withLock { known in
            if let earlier = known[path] { return earlier }
            known[path] = model
            return model
        }
    }
}
