/// No prefetch: a page is fetched when it is needed, and only the shown page is kept.
/// The stop-and-go baseline.
public struct OnDemandPolicy: PrefetchPolicy {
    public static let name = "ondemand"
    public static let summary = "no prefetch: fetch a page when it is needed; keep only the shown page"
    public static let parameters: [PolicyParameter<Self>] = []

    public static let decidesAtCommitsOnly = true

    public init() {}

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        decision.keep(context.current)
    }
}
