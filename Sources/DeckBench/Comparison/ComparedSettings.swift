/// What two compared runs replayed, side by side, and the changes of the replay model between
/// them: `compare` says those on stderr and `report --baseline` on the page, in the same words, so
/// that a verdict is never read without them (a change of a metric may come from the model, not
/// from the users or the app).
///
/// The model is the flags that shape what a user sees (`--items`, `--item-bytes`,
/// `--churn-per-hour`, `--max-age-ms`, `--user-waits`) and each network the comparison paired
/// under another spec (`lte` → `lte:rtt_ms=200`, `NetworkSeries`), and each file both runs read
/// under one name (a HAR, a trace, a policy's file) with other contents. The seed, the version and the
/// recordings are shown beside them, but are no change of the model: a nightly job changes its
/// seed or its recordings on purpose, and the gate's pairing says what it makes of them.
public struct ComparedSettings: Sendable {
    /// One setting of both runs, as their manifests record it.
    public struct Setting: Sendable, Equatable {
        /// The flag that sets it (`--item-bytes`), or what it is (`version`, `networks`).
        public var name: String
        public var baseline: String
        public var candidate: String
        /// Whether the runs differ in it: a list in another order does not, and one shown shortened
        /// may differ where it does not show.
        public var differs: Bool
    }

    /// Both runs' settings, in a fixed order; empty when a manifest does not read.
    public let settings: [Setting]
    /// Each change of the model, `--item-bytes 1000 → 1600` or `network lte → lte:rtt_ms=200`: the
    /// flags in `settings`' order, then the networks in the baseline's order.
    public let modelChanges: [String]

    /// The settings of the runs that wrote `baseline` and `candidate` (nil: a manifest that does
    /// not read), and the networks `comparison` paired under another spec.
    public init(_ comparison: Comparison, baseline: Manifest?, candidate: Manifest?) {
        let networks = comparison.networkChanges.map {
            "network \(NetworkModel.shortSpec($0.baseline)) → \(NetworkModel.shortSpec($0.candidate))"
        }
        guard let baseline, let candidate else {
            settings = []
            modelChanges = networks
            return
        }
        func setting(_ name: String, _ value: (Manifest) -> String) -> Setting {
            Setting(name: name, baseline: value(baseline), candidate: value(candidate), differs: value(baseline) != value(candidate))
        }
        func list(_ name: String, _ values: (Manifest) -> [String]) -> Setting {
            func shown(_ manifest: Manifest) -> String {
                let all = values(manifest)
                return all.count <= 6 ? all.joined(separator: "; ") : all.prefix(4).joined(separator: "; ") + "; … (\(all.count) in all)"
            }
            // Listed in another order, the same networks replay the same: no difference.
            return Setting(name: name, baseline: shown(baseline), candidate: shown(candidate),
                           differs: values(baseline).sorted() != values(candidate).sorted())
        }
        let model = [
            setting("--items") { "\($0.content.items)" },
            setting("--item-bytes") { "\($0.content.itemBytes)" },
            setting("--churn-per-hour") { ReportFormat.number($0.content.churnPerHour) },
            setting("--max-age-ms") { "\($0.maxAgeMs)" },
            setting("--user-waits") { $0.userWaits == true ? "on" : "off" },
        ]
        settings = [
            setting("version") { $0.version },
            setting("seed") { "\($0.seed)" },
            list("recordings") { $0.inputs.map { "\($0.file.split(separator: "/").last ?? "") (\($0.sessions) sessions)" } },
        ] + model + [
            list("networks") { $0.networks.map(NetworkModel.shortSpec) },
            list("policies") { $0.policies },
            setting("--bootstrap") { $0.bootstrap.map(String.init) ?? "0" },
        ]
        modelChanges = model.filter(\.differs).map { "\($0.name) \($0.baseline) → \($0.candidate)" } + networks
            + Self.changedFiles(baseline.referencedFiles ?? [], candidate.referencedFiles ?? [])
    }

    /// The files both runs read under one name (a network's HAR or trace, a policy's file) whose
    /// contents differ: the same spec replayed another model. In the baseline's order.
    static func changedFiles(_ baseline: [Manifest.File], _ candidate: [Manifest.File]) -> [String] {
        baseline.compactMap { file in
            guard let other = candidate.first(where: { $0.name == file.name }), other.sha256 != file.sha256 else { return nil }
            return "file \(file.name) changed (\(file.bytes) → \(other.bytes) bytes, sha256 \(file.sha256.prefix(8)) → \(other.sha256.prefix(8)))"
        }
    }

    /// The model's changes in one sentence, as `compare` prints it after `compare: `; nil when the
    /// runs replayed the same model.
    public var caveat: String? {
        guard !modelChanges.isEmpty else { return nil }
        return "the runs replayed different models (\(modelChanges.joined(separator: ", "))): a change may come from that, "
            + "not from the users or the app"
    }
}
