/// Keeps `behind` pages against and `ahead` pages along the last direction of travel: the deck
/// widened in the swipe direction (2+1+2 → 2+1+4). Before the first step and after a jump it is
/// symmetric, `behind` pages on each side.
public struct DirectionalPolicy: PrefetchPolicy {
    public static let name = "directional"
    public static let summary = "keep `behind` pages against and `ahead` along the last direction (symmetric `behind` before a move)"
    public static let parameters = [
        PolicyParameter<Self>("behind", \.behind, range: 0 ... 50, meaning: "pages kept against the direction of travel"),
        PolicyParameter<Self>("ahead", \.ahead, range: 0 ... 50, meaning: "pages kept along the direction of travel"),
    ]

    public var behind = 2
    public var ahead = 4

    public static let decidesAtCommitsOnly = true

    public init() {}

    public init(behind: Int, ahead: Int) {
        self.behind = behind
        self.ahead = ahead
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        let window = context.direction == nil
            ? context.window(behind: behind, ahead: behind)
            : context.window(behind: behind, ahead: ahead)
        decision.keep(window)
        if case .commit = context.trigger { context.requestMissing(in: window, into: &decision) }
    }
}
