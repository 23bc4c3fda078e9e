/// What every replay of a run shares besides the policy and the network: the seed, the content
/// model and the app's revalidation rule.
public struct ReplaySettings: Sendable, Hashable {
    /// The seed of all randomness (content changes, round-trip times).
    public var seed: UInt64
    public var content: ContentModel
    /// The app skips revalidating a page at commit when its copy is younger than this, ms
    /// (0: always revalidate).
    public var maxAgeMs: Int
    /// Bootstrap replicates for the summary's confidence intervals (0: none).
    public var bootstrap: Int
    /// Closed-loop replay: a user who waits for a page after a gesture acts that much later (every
    /// later recorded event moves by the wait). Off, the recording is replayed open-loop, every
    /// event at its recorded time.
    public var userWaits: Bool

    public init(seed: UInt64 = 1, content: ContentModel = ContentModel(), maxAgeMs: Int = 0, bootstrap: Int = 0, userWaits: Bool = false) {
        self.seed = seed
        self.content = content
        self.maxAgeMs = maxAgeMs
        self.bootstrap = bootstrap
        self.userWaits = userWaits
    }
}
