import DeckBench

/// The team's policy: `behind` pages against and `ahead` along the direction of travel, widened to
/// `burst_ahead` while the user swipes in a burst (the last two commits under `burst_ms` apart).
/// Everything it needs is in the context, so it keeps nothing between decisions.
public struct BurstPolicy: PrefetchPolicy {
    public static let name = "burst"
    public static let summary = "keep `behind` pages against and `ahead` along the direction of travel, `burst_ahead` while the user swipes in a burst"
    public static let parameters = [
        PolicyParameter<Self>("behind", \.behind, range: 0 ... 20, meaning: "pages kept against the direction of travel"),
        PolicyParameter<Self>("ahead", \.ahead, range: 0 ... 20, meaning: "pages kept along the direction of travel"),
        PolicyParameter<Self>("burst_ahead", \.burstAhead, range: 0 ... 50, meaning: "pages kept along the direction of travel in a burst"),
        PolicyParameter<Self>("burst_ms", \.burstMs, range: 0 ... 10_000, meaning: "the longest gap between two commits of a burst, in milliseconds"),
    ]

    public var behind = 1
    public var ahead = 2
    public var burstAhead = 5
    public var burstMs = 700

    /// It requests only at a commit and keeps the same window until the next one.
    public static let decidesAtCommitsOnly = true

    public init() {}

    public init(behind: Int, ahead: Int, burstAhead: Int, burstMs: Int) {
        self.behind = behind
        self.ahead = ahead
        self.burstAhead = burstAhead
        self.burstMs = burstMs
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        let window: ClosedRange<Int>
        if context.direction == nil {
            window = context.window(behind: behind, ahead: behind)
        } else if let gap = context.stepGapMs, gap <= burstMs {
            window = context.window(behind: behind, ahead: burstAhead)
        } else {
            window = context.window(behind: behind, ahead: ahead)
        }
        decision.keep(window)
        if case .commit = context.trigger { context.requestMissing(in: window, into: &decision) }
    }
}
