/// Learns, within the session, how likely the user is to keep going the same way, and spends a
/// page budget ahead and behind in proportion. The estimate is the mean of a Beta posterior: a
/// Beta(`prior_same`, `prior_reversed`) prior updated with the session's steps that went the same
/// way as the step before them and those that turned back, p = (prior_same + same) /
/// (prior_same + prior_reversed + same + reversed). Along the direction of travel it keeps
/// round(budget × p) pages (half up), against it the rest. Before the first step and after a jump
/// it keeps a symmetric window, budget / 2 pages on each side; what it learnt survives the jump.
///
/// With the defaults (budget 6, prior Beta(2, 1): a mean of 2/3) it keeps what `directional`
/// keeps after a step until the session says otherwise: 4 ahead and 2 behind.
public struct AdaptivePolicy: PrefetchPolicy {
    public static let name = "adaptive"
    public static let summary = "spend `budget` pages ahead and behind in proportion to how often this user keeps going the same way (Beta prior)"
    public static let parameters = [
        PolicyParameter<Self>("budget", \.budget, range: 0 ... 100, meaning: "pages kept besides the shown one, ahead and behind together"),
        PolicyParameter<Self>("prior_same", \.priorSame, range: 1 ... 1_000, meaning: "the Beta prior's pseudo-steps that went the same way"),
        PolicyParameter<Self>("prior_reversed", \.priorReversed, range: 1 ... 1_000, meaning: "the Beta prior's pseudo-steps that turned back"),
    ]

    public var budget = 6
    public var priorSame = 2
    public var priorReversed = 1

    public static let decidesAtCommitsOnly = true

    public init() {}

    public init(budget: Int, priorSame: Int = 2, priorReversed: Int = 1) {
        self.budget = budget
        self.priorSame = priorSame
        self.priorReversed = priorReversed
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        let (behind, ahead) = split(context)
        let window = context.window(behind: behind, ahead: ahead)
        decision.keep(window)
        if case .commit = context.trigger { context.requestMissing(in: window, into: &decision) }
    }

    /// The pages kept behind and ahead after what `context` says of the session's steps.
    func split(_ context: PolicyContext) -> (behind: Int, ahead: Int) {
        guard context.direction != nil else { return (budget / 2, budget / 2) }
        let same = priorSame + context.stepsSameWay
        let all = same + priorReversed + context.stepsReversed
        let ahead = (2 * budget * same + all) / (2 * all)
        return (budget - ahead, ahead)
    }
}
