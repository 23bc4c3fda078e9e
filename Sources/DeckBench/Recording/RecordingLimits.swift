/// The documented bounds of format v1 that keep reading safe and memory bounded.
package enum RecordingLimits {
    /// The longest accepted line, in bytes without its newline. Longer lines are rejected while
    /// they are read, never buffered whole.
    public static let maxLineBytes = 65_536
    /// The largest accepted `t` and `dur`, in milliseconds (about 31.7 years), so that times in
    /// microseconds never overflow.
    public static let maxTimeMs = 1_000_000_000_000
    /// The largest accepted absolute page number (`page`, `first`, `last`).
    public static let maxPage = 1_000_000_000_000
    /// The deepest nesting accepted inside an extra key's value.
    public static let maxNesting = 64
}
