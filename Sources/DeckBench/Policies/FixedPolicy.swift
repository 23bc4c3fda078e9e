/// Keeps `current ± radius` cached: the classic deck of 2 × radius + 1 pages.
public struct FixedPolicy: PrefetchPolicy {
    public static let name = "fixed"
    public static let summary = "keep pages current±radius cached (radius 1: a deck of 3)"
    public static let parameters = [
        PolicyParameter<Self>("radius", \.radius, range: 0 ... 50, meaning: "pages kept on each side of the shown one"),
    ]

    public var radius = 1

    public static let decidesAtCommitsOnly = true

    public init() {}

    public init(radius: Int) {
        self.radius = radius
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        let window = context.window(behind: radius, ahead: radius)
        decision.keep(window)
        if case .commit = context.trigger { context.requestMissing(in: window, into: &decision) }
    }
}
