/// Keeps `behind` pages against and `ahead` pages along the last direction of travel: the deck
/// widened in the swipe direction (2+1+2 → 2+1+4). Before the first step and after a jump it is
/// symmetric, `behind` pages on each side.
public struct DirectionalPolicy: PrefetchPolicy {
    public static let name = "directional"
    public static let summary = "keep `behind` pages against and `ahead` along the last direction (symmetric `behind` before a move)"
    public static let parameters = [
        PolicyParameter(name: "behind", defaultValue: 2, range: 0 ... 50, meaning: "pages kept against the direction of travel"),
        PolicyParameter(name: "ahead", defaultValue: 4, range: 0 ... 50, meaning: "pages kept along the direction of travel"),
    ]

    public var behind: Int
    public var ahead: Int

    public init(values: [String: Int] = [:]) {
        behind = values["behind"] ?? Self.parameters[0].defaultValue
        ahead = values["ahead"] ?? Self.parameters[1].defaultValue
    }

    public var values: [Int] { [behind, ahead] }

    public func decide(_ context: PolicyContext, requests: inout [Int]) -> ClosedRange<Int> {
        let window = context.direction == nil
            ? context.window(behind: behind, ahead: behind)
            : context.window(behind: behind, ahead: ahead)
        if case .commit = context.trigger { context.appendMissing(in: window, to: &requests) }
        return window
    }
}
