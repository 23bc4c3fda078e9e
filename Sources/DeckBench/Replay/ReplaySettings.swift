/// What every replay of a run shares besides the policy and the network: the seed, the content
/// model, the app's revalidation rule, the loop and the bootstrap. `ReplaySettings()` is what
/// `deckbench replay` uses when no flag says otherwise (the CLI's defaults read these), so a
/// library run with it writes the same reports as the command line.
public struct ReplaySettings: Sendable, Hashable {
    /// Bootstrap replicates of a run when none are asked for: `--bootstrap`'s default of `replay`
    /// and `tune`, and `ReplaySettings()`'s, so that a library run has intervals and paired.csv
    /// (what `compare` judges paired and `hull` needs) as a command-line run does.
    public static let defaultBootstrap = 1_000

    /// The seed of all randomness (content changes, round-trip times): `--seed`.
    public var seed: UInt64
    /// Items on a page, bytes an item, changes an hour: `--items`, `--item-bytes`, `--churn-per-hour`.
    public var content: ContentModel
    /// The app skips revalidating a page at commit when its copy is younger than this, ms
    /// (0: always revalidate): `--max-age-ms`.
    public var maxAgeMs: Int
    /// Bootstrap replicates for the summary's confidence intervals (0: none, and no paired.csv
    /// or bootstrap.json): `--bootstrap`.
    public var bootstrap: Int
    /// Closed-loop replay: a user who waits for a page after a gesture acts that much later (every
    /// later recorded event moves by the wait). Off, the recording is replayed open-loop, every
    /// event at its recorded time: `--user-waits`.
    public var userWaits: Bool

    public init(seed: UInt64 = 1, content: ContentModel = ContentModel(), maxAgeMs: Int = 0, bootstrap: Int = Self.defaultBootstrap,
                userWaits: Bool = false) {
        self.seed = seed
        self.content = content
        self.maxAgeMs = maxAgeMs
        self.bootstrap = bootstrap
        self.userWaits = userWaits
    }
}
