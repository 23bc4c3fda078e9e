import Foundation

extension Comparison {
    /// Both runs' bootstrap buckets, for the `ci` gate, and what each run resampled (`manifest.json`'s
    /// `bootstrap_unit`: users when its recordings name them, else sessions).
    public struct Pairing: Sendable {
        /// What a run's bootstrap resampled.
        public enum Unit: String, Sendable {
            case session, user
        }

        public var baseline: BootstrapFile
        public var candidate: BootstrapFile
        public var baselineUnit: Unit
        public var candidateUnit: Unit

        public init(baseline: BootstrapFile, candidate: BootstrapFile, baselineUnit: Unit = .session, candidateUnit: Unit = .session) {
            self.baseline = baseline
            self.candidate = candidate
            self.baselineUnit = baselineUnit
            self.candidateUnit = candidateUnit
        }

        /// The replicates each run was replayed with (`--bootstrap`); nil for a file without rows.
        var counts: (baseline: Int, candidate: Int)? {
            guard let base = baseline.rows.first?.replicates.replicates, let next = candidate.rows.first?.replicates.replicates else { return nil }
            return (base, next)
        }
    }
}

extension Comparison.Pairing {
    /// Both runs' bootstrap buckets when they replayed the same recordings (file names and session
    /// counts in `manifest.json`), so that the same sessions fall in the same buckets with the same
    /// weights, with what each run resampled (`bootstrap_unit`); otherwise nil and why the gate
    /// falls back to point estimates.
    public static func read(baseline: String, candidate: String) -> (pairing: Self?, fallback: String?) {
        var files: [BootstrapFile] = []
        for folder in [baseline, candidate] {
            switch BootstrapFile.load(folder: folder) {
            case let .success(file?): files.append(file)
            case .success(nil): return (nil, "\(folder) has no \(ReportFile.bootstrap.name) (replayed with --bootstrap 0)")
            case let .failure(unusable): return (nil, "\(unusable)")
            }
        }
        let (base, next) = (files[0], files[1])
        func manifest(_ folder: String) -> Manifest? {
            guard let data = FileManager.default.contents(atPath: ReportFolder.path(folder, .manifest)) else { return nil }
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try? decoder.decode(Manifest.self, from: data)
        }
        func inputs(_ manifest: Manifest?) -> [String]? {
            manifest?.inputs.map { "\($0.file.split(separator: "/").last ?? "")#\($0.sessions)" }.sorted()
        }
        let manifests = (manifest(baseline), manifest(candidate))
        guard let left = inputs(manifests.0), left == inputs(manifests.1) else {
            return (nil, "the runs did not replay the same recordings (manifest.json inputs differ)")
        }
        func unit(_ manifest: Manifest?) -> Unit { manifest?.bootstrapUnit == Unit.user.rawValue ? .user : .session }
        return (Self(baseline: base, candidate: next, baselineUnit: unit(manifests.0), candidateUnit: unit(manifests.1)), nil)
    }
}
