/// The direction of a step between neighbouring pages: `next` is page + 1, `prev` is page − 1.
public enum Direction: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible, BitwiseCopyable {
    case next
    case prev

    /// The change of page number one step in this direction makes.
    @inlinable
    public var offset: Int { self == .next ? 1 : -1 }

    /// The other direction.
    public var reversed: Direction { self == .next ? .prev : .next }

    /// The spelling used in recordings (`"next"`, `"prev"`).
    public var description: String { self == .next ? "next" : "prev" }
}
