/// `tune`'s split of a corpus: a share of the sessions held out (the race never sees them; the
/// finalists are confirmed on them), the rest searched, each searched session with a position in
/// 0 ..< 1 that puts it in one block of the race. Both come from a hash of the seed, the file's
/// name (not its folder) and the session id — or, when the recording names the session's user,
/// of the seed and the user alone, so that a user's sessions fall on one side and in one block —
/// never from the order of files or sessions: the same split whatever the file order, `--jobs` or
/// where the corpus lives.
public struct HoldoutSplit: Sendable, Hashable {
    /// The share held out, 0 ..< 1.
    public var fraction: Double
    public var seed: UInt64

    public init(fraction: Double, seed: UInt64) {
        self.fraction = fraction
        self.seed = seed
    }

    /// Where a session falls.
    public enum Side: Sendable, Hashable {
        case heldOut
        /// Searched, at a position in `from ..< to`.
        case searched(from: Double, to: Double)
    }

    /// Whether session `id` of `file` (of `user`, when known) is held out, and its position if it is searched.
    public func place(file: String, session id: String, user: String? = nil) -> (heldOut: Bool, position: Double) {
        var random = if let user {
            SeededGenerator(seed: seed, keys: RandomKey.holdout, 0, StableHash.of(user))
        } else {
            SeededGenerator(seed: seed, keys: RandomKey.holdout, BootstrapReplicates.fileKey(file), StableHash.of(id))
        }
        let heldOut = random.unit() < fraction
        return (heldOut, random.unit())
    }

    /// Whether session `id` of `file` (of `user`, when known) lies on `side`.
    public func contains(_ side: Side, file: String, session id: String, user: String? = nil) -> Bool {
        let place = place(file: file, session: id, user: user)
        switch side {
        case .heldOut: return place.heldOut
        case let .searched(from, to): return !place.heldOut && place.position >= from && place.position < to
        }
    }

    /// One side of this split: what a run replays.
    public func part(_ side: Side) -> Part {
        Part(split: self, side: side)
    }

    /// The sessions of one side of a split, as a run selects them.
    public struct Part: Sendable, Hashable {
        public var split: HoldoutSplit
        public var side: Side

        public func contains(file: String, session id: String, user: String? = nil) -> Bool {
            split.contains(side, file: file, session: id, user: user)
        }
    }
}
