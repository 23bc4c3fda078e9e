/// Makes synthetic sessions from a `WorkloadModel`: session `n` depends only on the seed and `n`,
/// so the same seed gives the same sessions whatever the number of files or frames.
package struct SessionGenerator: Sendable {
    public var model: WorkloadModel
    public var seed: UInt64

    public init(model: WorkloadModel = WorkloadModel(), seed: UInt64) {
        self.model = model
        self.seed = seed
    }

    /// A session id that is distinct for every `index` (SplitMix64's finaliser is a bijection).
    public func sessionID(_ index: Int) -> String {
        let value = SeededGenerator.mix(seed ^ SeededGenerator.mix(UInt64(index)))
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The key of user `index` (of `generate --sessions-per-user`), distinct for every `index`.
    public func userID(_ index: Int) -> String {
        let value = SeededGenerator.mix(seed ^ SeededGenerator.mix(UInt64(index) ^ RandomKey.syntheticUser))
        let hex = String(value, radix: 16)
        return "user-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Session number `index`, attributed to `file`.
    public func session(_ index: Int, file: String = "") -> Session {
        var random = SeededGenerator(seed: seed, keys: RandomKey.syntheticSession, UInt64(index))
        var session = limits(&random)
        session.id = sessionID(index)
        session.file = file
        var model = self.model
        if model.sessionsPerUser > 1 {
            let user = index / model.sessionsPerUser
            session.user = userID(user)
            var traits = SeededGenerator(seed: seed, keys: RandomKey.syntheticUser, UInt64(user))
            model.dwellMedianMs *= traits.logNormal(median: 1, sigma: model.userSpread)
            model.stepsMedian *= traits.logNormal(median: 1, sigma: model.userSpread)
        }
        if model.persistenceSpread > 0 {
            let owner = model.sessionsPerUser > 1 ? index / model.sessionsPerUser : index
            var own = SeededGenerator(seed: seed, keys: RandomKey.syntheticPersistence, UInt64(owner))
            model.persistence = min(1, max(0, model.persistence + model.persistenceSpread * own.standardNormal()))
        }
        var walk = Walk(model: model, session: session, seed: seed)
        let steps = min(model.stepsMax, max(0, Int(random.logNormal(median: model.stepsMedian, sigma: model.stepsSigma).rounded())))
        walk.turn(towards: random.chance(model.prevShare) ? .prev : .next)
        while walk.stepsMade < steps {
            walk.dwell(&random)
            if random.chance(model.jumpProbability) {
                walk.jump(&random)
            } else if random.chance(walk.burstProbability) {
                let burst = 1 + random.geometric(mean: max(1, model.burstStepsMean - 1))
                for index in 0 ..< min(burst, steps - walk.stepsMade) {
                    if index > 0 {
                        if let swipe = walk.lastSwipe, model.overlapProbability > 0, random.chance(model.overlapProbability) {
                            walk.timeMs = swipe.startMs + swipe.durationMs * Int.random(in: 30 ... 90, using: &random) / 100
                        } else {
                            walk.timeMs += Int(random.logNormal(median: model.burstGapMs, sigma: 0.4))
                        }
                    }
                    walk.step(&random)
                }
            } else {
                walk.step(&random)
            }
        }
        if random.chance(model.endProbability) {
            walk.dwell(&random)
            walk.events.append(Event(timeMs: walk.timeMs, kind: .end))
        }
        session.events = walk.events
        return session
    }

    private func limits(_ random: inout SeededGenerator) -> Session {
        let historyRange = min(model.historyPagesMin, model.historyPagesMax) ... max(model.historyPagesMin, model.historyPagesMax)
        let first = -Int.random(in: historyRange, using: &random)
        let last = random.chance(model.futureProbability) && model.futurePagesMax > 0
            ? Int.random(in: 1 ... model.futurePagesMax, using: &random) : 0
        let page = random.chance(model.startTodayProbability) ? 0 : Int.random(in: first ... last, using: &random)
        return Session(id: "", file: "", line: 0, page: page, first: first, last: last, events: [])
    }

    /// The user's walk through the pages while a session is being made.
    private struct Walk {
        let model: WorkloadModel
        let session: Session
        let seed: UInt64
        /// Steps made the same way in a row, up to the last.
        var sameWay = 0
        var heading: Int
        var direction = Direction.prev
        var timeMs = 0
        var stepsMade = 0
        var events: [Event] = []
        /// The last step, if it was a swipe: when it started and how long it takes to settle.
        var lastSwipe: (startMs: Int, durationMs: Int)?

        init(model: WorkloadModel, session: Session, seed: UInt64) {
            self.model = model
            self.session = session
            self.seed = seed
            heading = session.page
        }

        /// The chance that a step from the current page starts a burst: three times the model's on
        /// a page users skim.
        var burstProbability: Double {
            guard model.skimShare > 0 else { return model.burstProbability }
            var page = SeededGenerator(seed: seed, keys: RandomKey.skimPage, UInt64(bitPattern: Int64(heading)))
            return page.unit() < model.skimShare ? min(1, 3 * model.burstProbability) : model.burstProbability
        }

        /// Time on the current page, with the scrolls the user makes while reading it.
        mutating func dwell(_ random: inout SeededGenerator) {
            let dwellMs = max(1, Int(random.logNormal(median: model.dwellMedianMs, sigma: model.dwellSigma)))
            if random.chance(model.scrollProbability) {
                let scrolls = Int.random(in: 1 ... 3, using: &random)
                var y = 0.0
                for index in 1 ... scrolls {
                    y += random.logNormal(median: 400, sigma: 0.5).rounded()
                    events.append(Event(timeMs: timeMs + dwellMs * index / (scrolls + 1), kind: .scroll(y: y)))
                }
            }
            timeMs += dwellMs
        }

        mutating func jump(_ random: inout SeededGenerator) {
            var target: Int
            if model.jumpNear > 0 {
                let low = max(session.first, heading - model.jumpNear), high = min(session.last, heading + model.jumpNear)
                target = Int.random(in: low ... high, using: &random)
                if target == heading, low < high { target = target == high ? low : target + 1 }
            } else {
                target = Int.random(in: session.first ... session.last, using: &random)
                if target == heading, session.first < session.last {
                    target = heading == session.last ? session.first : session.last
                }
            }
            events.append(Event(timeMs: timeMs, kind: .jump(page: target)))
            heading = target
            sameWay = 0
            turn(towards: random.chance(model.prevShare) ? .prev : .next)
            stepsMade += 1
        }

        /// Takes `preferred` as the direction of travel, unless the user stands at that end of the
        /// data: people who open today's page do not look for tomorrow first.
        mutating func turn(towards preferred: Direction) {
            direction = session.contains(page: heading + preferred.offset) ? preferred : preferred.reversed
        }

        /// One swipe or tap; a user who bounced at an end turns around afterwards.
        mutating func step(_ random: inout SeededGenerator) {
            let previous = direction
            if !random.chance(model.persistence) {
                direction = direction.reversed
            } else if model.turnAfterTwo > 0, sameWay >= 2, random.chance(model.turnAfterTwo) {
                direction = direction.reversed
            }
            sameWay = direction == previous && stepsMade > 0 ? sameWay + 1 : 1
            let target = heading + direction.offset
            if random.chance(model.swipeShare) {
                let durationMs = min(2_000, max(60, Int(random.logNormal(median: model.swipeMedianMs, sigma: 0.3))))
                let cancelled = random.chance(model.cancelProbability)
                events.append(Event(timeMs: timeMs, kind: .swipe(direction, durationMs: durationMs, cancelled: cancelled)))
                lastSwipe = (timeMs, durationMs)
                timeMs += durationMs
                if !cancelled && session.contains(page: target) { heading = target }
            } else {
                events.append(Event(timeMs: timeMs, kind: .tap(direction)))
                lastSwipe = nil
                if session.contains(page: target) { heading = target }
            }
            if !session.contains(page: target) { direction = direction.reversed }
            stepsMade += 1
        }
    }
}
