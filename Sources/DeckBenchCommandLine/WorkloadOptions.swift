import ArgumentParser
import DeckBench

/// The flags that shape `generate`'s synthetic user, one per `WorkloadModel` property.
struct WorkloadOptions: ParsableArguments {
    private static let defaults = WorkloadModel()

    @Option(parsing: .unconditional, help: "Median steps (swipes, taps, jumps) per session; log-normal.")
    var stepsMedian = defaults.stepsMedian
    @Option(parsing: .unconditional, help: "Log-normal sigma of steps per session.")
    var stepsSigma = defaults.stepsSigma
    @Option(parsing: .unconditional, help: "Most steps in one session.")
    var stepsMax = defaults.stepsMax
    @Option(parsing: .unconditional, help: "Median time on a page before the next step, in ms; log-normal (heavy tail).")
    var dwellMedianMs = defaults.dwellMedianMs
    @Option(parsing: .unconditional, help: "Log-normal sigma of the dwell time.")
    var dwellSigma = defaults.dwellSigma
    @Option(parsing: .unconditional, help: "Probability that a step starts a burst of fast steps.")
    var burstProbability = defaults.burstProbability
    @Option(parsing: .unconditional, help: "Mean steps in a burst (geometric, at least 2).")
    var burstStepsMean = defaults.burstStepsMean
    @Option(parsing: .unconditional, help: "Median pause between the steps of a burst, in ms.")
    var burstGapMs = defaults.burstGapMs
    @Option(parsing: .unconditional, help: "Probability that a step keeps the previous direction.")
    var persistence = defaults.persistence
    @Option(parsing: .unconditional, help: "Probability that the first step goes to 'prev' (back in time).")
    var prevShare = defaults.prevShare
    @Option(parsing: .unconditional, help: "Share of steps made by swiping (the rest are taps).")
    var swipeShare = defaults.swipeShare
    @Option(parsing: .unconditional, help: "Median swipe duration, in ms (log-normal, sigma 0.3).")
    var swipeMedianMs = defaults.swipeMedianMs
    @Option(parsing: .unconditional, help: "Probability that the next step of a burst starts while the swipe before it is still settling.")
    var overlapProbability = defaults.overlapProbability
    @Option(parsing: .unconditional, help: "Probability that a swipe is cancelled.")
    var cancelProbability = defaults.cancelProbability
    @Option(parsing: .unconditional, help: "Probability that a step is a jump to a random page.")
    var jumpProbability = defaults.jumpProbability
    @Option(parsing: .unconditional, help: "Probability of scrolling while on a page (1 to 3 scroll events).")
    var scrollProbability = defaults.scrollProbability
    @Option(parsing: .unconditional, help: "Fewest pages of history before today (first = -history).")
    var historyPagesMin = defaults.historyPagesMin
    @Option(parsing: .unconditional, help: "Most pages of history before today.")
    var historyPagesMax = defaults.historyPagesMax
    @Option(parsing: .unconditional, help: "Probability that pages after today exist.")
    var futureProbability = defaults.futureProbability
    @Option(parsing: .unconditional, help: "Most pages after today.")
    var futurePagesMax = defaults.futurePagesMax
    @Option(parsing: .unconditional, help: "Probability that a session opens on today's page.")
    var startTodayProbability = defaults.startTodayProbability
    @Option(parsing: .unconditional, help: "Probability that a session ends with an explicit 'end' event.")
    var endProbability = defaults.endProbability
    @Option(parsing: .unconditional, help: "How much users (sessions, without --sessions-per-user) differ in persistence: the standard deviation of each one's around --persistence.")
    var persistenceSpread = defaults.persistenceSpread
    @Option(parsing: .unconditional, help: "After two steps the same way, the chance that the next turns back (second-order memory).")
    var turnAfterTwo = defaults.turnAfterTwo
    @Option(parsing: .unconditional, help: "Jumps land within this many pages of the current one (0: anywhere, uniformly).")
    var jumpNear = defaults.jumpNear
    @Option(parsing: .unconditional, help: "The share of pages users skim, where a step starts a burst three times as often.")
    var skimShare = defaults.skimShare
    @Option(parsing: .unconditional, help: "Sessions per user: each group of this many sessions names one user on its session line (1: no user keys).")
    var sessionsPerUser = defaults.sessionsPerUser
    @Option(parsing: .unconditional, help: "With several sessions per user, the log-normal sigma of each user's own dwell and session length around the model's.")
    var userSpread = defaults.userSpread

    func validate() throws {
        let probabilities: [(String, Double)] = [
            ("--burst-probability", burstProbability), ("--persistence", persistence), ("--prev-share", prevShare),
            ("--swipe-share", swipeShare), ("--overlap-probability", overlapProbability), ("--cancel-probability", cancelProbability),
            ("--jump-probability", jumpProbability), ("--scroll-probability", scrollProbability),
            ("--future-probability", futureProbability), ("--start-today-probability", startTodayProbability),
            ("--end-probability", endProbability), ("--turn-after-two", turnAfterTwo), ("--skim-share", skimShare),
        ]
        for (flag, value) in probabilities where !(0 ... 1).contains(value) {
            throw ValidationError("\(flag) must be from 0 to 1, got \(value)")
        }
        let positives: [(String, Double)] = [
            ("--steps-median", stepsMedian), ("--dwell-median-ms", dwellMedianMs), ("--burst-gap-ms", burstGapMs),
            ("--swipe-median-ms", swipeMedianMs), ("--burst-steps-mean", burstStepsMean),
        ]
        for (flag, value) in positives where !(value > 0 && value.isFinite) {
            throw ValidationError("\(flag) must be greater than 0, got \(value)")
        }
        for (flag, value) in [("--steps-sigma", stepsSigma), ("--dwell-sigma", dwellSigma)] where !(value >= 0 && value <= 5) {
            throw ValidationError("\(flag) must be from 0 to 5, got \(value)")
        }
        guard persistenceSpread >= 0, persistenceSpread <= 5 else {
            throw ValidationError("--persistence-spread must be from 0 to 5, got \(persistenceSpread)")
        }
        guard (0 ... 1_000_000).contains(jumpNear) else { throw ValidationError("--jump-near must be from 0 to 1000000, got \(jumpNear)") }
        guard (1 ... 1_000_000).contains(sessionsPerUser) else {
            throw ValidationError("--sessions-per-user must be from 1 to 1000000, got \(sessionsPerUser)")
        }
        guard userSpread >= 0, userSpread <= 5 else { throw ValidationError("--user-spread must be from 0 to 5, got \(userSpread)") }
        guard stepsMax >= 0 else { throw ValidationError("--steps-max must be 0 or more, got \(stepsMax)") }
        guard historyPagesMin >= 0, historyPagesMin <= historyPagesMax, historyPagesMax <= 1_000_000 else {
            throw ValidationError("--history-pages-min and --history-pages-max must satisfy 0 ≤ min ≤ max ≤ 1000000")
        }
        guard (0 ... 1_000_000).contains(futurePagesMax) else {
            throw ValidationError("--future-pages-max must be from 0 to 1000000, got \(futurePagesMax)")
        }
    }

    var workloadModel: WorkloadModel {
        var model = WorkloadModel()
        model.stepsMedian = stepsMedian
        model.stepsSigma = stepsSigma
        model.stepsMax = stepsMax
        model.dwellMedianMs = dwellMedianMs
        model.dwellSigma = dwellSigma
        model.burstProbability = burstProbability
        model.burstStepsMean = burstStepsMean
        model.burstGapMs = burstGapMs
        model.persistence = persistence
        model.prevShare = prevShare
        model.swipeShare = swipeShare
        model.swipeMedianMs = swipeMedianMs
        model.overlapProbability = overlapProbability
        model.cancelProbability = cancelProbability
        model.jumpProbability = jumpProbability
        model.scrollProbability = scrollProbability
        model.historyPagesMin = historyPagesMin
        model.historyPagesMax = historyPagesMax
        model.futureProbability = futureProbability
        model.futurePagesMax = futurePagesMax
        model.startTodayProbability = startTodayProbability
        model.endProbability = endProbability
        model.persistenceSpread = persistenceSpread
        model.turnAfterTwo = turnAfterTwo
        model.jumpNear = jumpNear
        model.skimShare = skimShare
        model.sessionsPerUser = sessionsPerUser
        model.userSpread = userSpread
        return model
    }
}
