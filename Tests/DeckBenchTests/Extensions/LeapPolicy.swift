import DeckBench

/// A policy that keeps pages that are not next to each other: the shown page and the one two
/// ahead, never the one between. Declared in the tests only: the contract needs no library change.
struct LeapPolicy: PrefetchPolicy {
    static let name = "leap"
    static let summary = "keep the shown page and the page `gap` ahead"
    static let parameters = [PolicyParameter<Self>("gap", \.gap, range: 2 ... 9, meaning: "pages ahead")]

    var gap = 2

    func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        decision.keep(context.current)
        let leap = context.current + gap
        decision.keep(leap)
        if case .commit = context.trigger, context.exists(leap), context.isMissing(leap) { decision.request(leap) }
    }
}
