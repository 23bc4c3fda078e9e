/// What a model of the next step conditions on: the directions of the last two steps (none before
/// a first step and after a jump) and whether the user is mid-burst (the last step committed less
/// than `StepModel.burstMs` after the one before it). Eighteen histories in all.
public struct StepHistory: Sendable, Hashable {
    public var last: Direction?
    public var before: Direction?
    public var burst: Bool

    public init(last: Direction?, before: Direction?, burst: Bool) {
        self.last = last
        self.before = before
        self.burst = burst
    }

    /// Every history, in the order model files list them.
    public static let all: [StepHistory] = [nil, Direction.next, Direction.prev].flatMap { last in
        [nil, Direction.next, Direction.prev].flatMap { before in [false, true].map { StepHistory(last: last, before: before, burst: $0) } }
    }

    /// Its place in `all`.
    var index: Int { (Self.slot(last) * 3 + Self.slot(before)) * 2 + (burst ? 1 : 0) }

    private static func slot(_ direction: Direction?) -> Int {
        switch direction {
        case nil: 0
        case .next: 1
        case .prev: 2
        }
    }

    /// A direction as a model file writes it.
    static func name(_ direction: Direction?) -> String {
        switch direction {
        case nil: "none"
        case .next: "next"
        case .prev: "prev"
        }
    }
}
