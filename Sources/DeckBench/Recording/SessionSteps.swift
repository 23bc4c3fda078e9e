/// A session's events as the pager reads them: each event's step and, for a navigation, its
/// number. They depend only on the events and the session's limits, never on the policy or the
/// network, so a worker decodes them once per session and every replayer of it reads them.
struct SessionSteps {
    struct Numbered {
        var step: Step
        /// The navigation's number (`Pager.step`); -1 for any other step.
        var number: Int
    }

    /// One per event of the session, in order.
    private(set) var steps: [Numbered] = []
    /// The session's key for its seeded draws (`StableHash` of its id): hashed once for every
    /// replayer of a worker, not once each.
    private(set) var sessionKey: UInt64 = 0

    init() {}

    init(of session: Session) {
        decode(session)
    }

    /// Replaces the steps with those of `session`, keeping the storage.
    mutating func decode(_ session: Session) {
        steps.removeAll(keepingCapacity: true)
        sessionKey = StableHash.of(session.id)
        var pager = Pager(page: session.page)
        let limits = session.first ... session.last
        for event in session.events {
            let (step, number) = pager.step(event, within: limits)
            steps.append(Numbered(step: step, number: number))
        }
    }
}
