/// Fetches the pages a step model (`deckbench learn`) says are likeliest to be needed soon, most
/// likely first, and keeps what it passed.
///
/// At each commit the model ranks the pages around the shown one by their expected visits over the
/// next steps, a later step weighing less (`StepModel.rankedOffsets`), from the history the app
/// knows then (the last two steps' directions, and whether the user is mid-burst): the `budget`
/// likeliest are kept and those missing requested, in that order. With no direction yet (a
/// session's start, after a jump) at most half the budget, rounded up, goes to either side: the
/// population's usual first step says little about this user's, and a user who starts the other way
/// in a burst would outrun pages fetched only after their first step. Pages within `budget` on
/// either side are kept too, whatever the model says: they were fetched on the way and cost nothing
/// to keep, and after a turn they are the first needed. That band is also the hysteresis rule: a
/// page is dropped only when it leaves the band (or falls out of the model's top pages beyond it),
/// never because the model's ranking moved inside it, so a change of belief never drops a page
/// that is fetched again two steps later.
public struct LearnedPolicy: PrefetchPolicy {
    public static let name = "learned"
    public static let summary = "fetch the `budget` pages a step model (deckbench learn) ranks likeliest soon; keep pages within `budget` either side"
    public static let parameters = [
        PolicyParameter<Self>("budget", \.budget, range: 0 ... 50, meaning: "pages fetched ahead of need, likeliest first; pages kept on each side"),
    ]
    public static let textParameters = [
        TextPolicyParameter<Self>("model", \.modelPath, meaning: "a step model file written by `deckbench learn`", required: true),
    ]
    public static let decidesAtCommitsOnly = true

    public var modelPath = ""
    public var budget = 4
    /// The model `modelPath` names, shared read-only (`prepare` reads it).
    public private(set) var model: StepModel?

    public init() {}

    public init(model: StepModel, path: String, budget: Int) {
        self.model = model
        modelPath = path
        self.budget = budget
    }

    public mutating func prepare() throws(SpecError) {
        guard !modelPath.isEmpty else {
            throw .missingKey(what: "policy", name: Self.name, key: "model", meaning: "a step model file written by `deckbench learn RECORDINGS --out FILE`")
        }
        do {
            model = try StepModelCache.model(at: modelPath)
        } catch .unreadable {
            // A path that does not exist or cannot be read: the I/O fault every other file has.
            throw .unusableFile(what: "policy \(Self.name): model", text: modelPath, detail: "cannot read the model file", unreadable: true)
        } catch {
            throw .badValue(what: "policy", name: Self.name, key: "model", value: modelPath, expected: "a step model file (\(error))")
        }
    }

    public func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {
        let band = context.window(behind: budget, ahead: budget)
        decision.keep(band)
        guard let model else { return }
        let history = StepHistory(last: context.direction, before: context.previousDirection,
                                  burst: context.stepGapMs.map { $0 < model.burstMs } ?? false)
        let requests = if case .commit = context.trigger { true } else { false }
        let perSide = history.last == nil ? (budget + 1) / 2 : budget
        var chosen = 0, ahead = 0, behind = 0
        for offset in model.rankedOffsets(after: history) where chosen < budget {
            let page = context.current + offset
            guard context.exists(page), (offset > 0 ? ahead : behind) < perSide else { continue }
            if offset > 0 { ahead += 1 } else { behind += 1 }
            chosen += 1
            if !band.contains(page) { decision.keep(page) }
            if requests, context.isMissing(page) { decision.request(page) }
        }
    }
}
