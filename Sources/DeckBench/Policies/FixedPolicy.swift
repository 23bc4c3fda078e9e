/// Keeps `current ± radius` cached: the classic deck of 2 × radius + 1 pages.
public struct FixedPolicy: PrefetchPolicy {
    public static let name = "fixed"
    public static let summary = "keep pages current±radius cached (radius 1: a deck of 3)"
    public static let parameters = [
        PolicyParameter(name: "radius", defaultValue: 1, range: 0 ... 50, meaning: "pages kept on each side of the shown one"),
    ]

    public var radius: Int

    public init(values: [String: Int] = [:]) {
        radius = values["radius"] ?? Self.parameters[0].defaultValue
    }

    public var values: [Int] { [radius] }

    public func decide(_ context: PolicyContext, requests: inout [Int]) -> ClosedRange<Int> {
        let window = context.window(behind: radius, ahead: radius)
        if case .commit = context.trigger { context.appendMissing(in: window, to: &requests) }
        return window
    }
}
