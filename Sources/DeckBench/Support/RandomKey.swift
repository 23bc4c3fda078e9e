/// The first key of every random stream in DeckBench, so that streams for different purposes
/// never coincide. Streams are keyed `(seed, purpose, session, page, ...)`: see the README's
/// "Common random numbers".
enum RandomKey {
    /// A synthetic session of `generate`: `(seed, syntheticSession, n)`.
    static let syntheticSession: UInt64 = 0x5E55_1011
    /// A synthetic user's own tempo and session length: `(seed, syntheticUser, n)`.
    static let syntheticUser: UInt64 = 0x05E5_7A17
    /// A synthetic user's (or session's) own persistence: `(seed, syntheticPersistence, n)`.
    static let syntheticPersistence: UInt64 = 0x9E55_15E7
    /// Which pages users skim: `(seed, skimPage, page)`.
    static let skimPage: UInt64 = 0x5C1A_9A9E
    /// Content changes: `(seed, content, session, page)`.
    static let content: UInt64 = 0xC0_17E7
    /// Round-trip times: `(seed, rtt, session, page, n)` for the page's n-th request.
    static let roundTrip: UInt64 = 0x0377_0000
    /// Request loss: `(seed, loss, session, page, n)`.
    static let loss: UInt64 = 0x1055
    /// Where a session starts in a link trace: `(seed, traceOffset, session)`.
    static let traceOffset: UInt64 = 0x7ACE
    /// The phase of a network's outages: `(seed, outage, session)`.
    static let outage: UInt64 = 0x0D0E
    /// A session's bootstrap weights: `(fixed seed, bootstrap, file name, session id)`, the same
    /// whatever `--seed` (see `BootstrapWeights`).
    static let bootstrap: UInt64 = 0xB007
    /// The bootstrap bucket of a session with a user key: `(fixed seed, bootstrapUser, user)`,
    /// whatever its file or id, so that a user's sessions share a bucket.
    static let bootstrapUser: UInt64 = 0xB007_05E5
    /// `tune`'s split of the sessions: `(seed, holdout, file name, session id)`, or
    /// `(seed, holdout, 0, user)` for a session with a user key.
    static let holdout: UInt64 = 0x401D_0C7
    /// `networks fit`'s resamples of the requests: `(fixed seed, fitResample, resample)`.
    static let fitResample: UInt64 = 0xF17_5A3F
}
