/// The knobs of the synthetic user behind `deckbench generate`: how long people look at a page,
/// how they swipe through several in a burst, keep or reverse direction, tap instead of swipe,
/// let go of a swipe, jump by date picker, scroll, and how long they stay.
///
/// Every default is a documented guess at a day-by-day pager (see `data/README.md`); each can be
/// overridden from the shell so that a team can shape the workload like its own users.
package struct WorkloadModel: Sendable, Hashable {
    /// Median number of steps (swipes, taps, jumps) per session; log-normal with `stepsSigma`.
    public var stepsMedian = 8.0
    public var stepsSigma = 1.0
    /// Upper bound of steps per session.
    public var stepsMax = 400
    /// Median time a user looks at a page before the next step, in ms; log-normal (heavy tail).
    public var dwellMedianMs = 2_500.0
    public var dwellSigma = 1.1
    /// Probability that a step starts a burst of fast steps through several pages.
    public var burstProbability = 0.15
    /// Mean number of steps in a burst (geometric, ≥ 2).
    public var burstStepsMean = 4.0
    /// Median pause between the steps of a burst, in ms (log-normal, sigma 0.4).
    public var burstGapMs = 250.0
    /// Probability that a step keeps the direction of the step before it.
    public var persistence = 0.85
    /// Probability that a session's first step goes to `prev` (back in time in a day pager).
    public var prevShare = 0.65
    /// Share of steps made by swiping; the rest are taps on a prev/next button.
    public var swipeShare = 0.8
    /// Median swipe duration from touch to settled page, in ms (log-normal, sigma 0.3).
    public var swipeMedianMs = 280.0
    /// Probability that the next step of a burst starts while the swipe before it is still
    /// settling (30 to 90 % into its duration): fast users swipe again before the page has landed.
    public var overlapProbability = 0.1
    /// Probability that a swipe is let go and cancelled.
    public var cancelProbability = 0.07
    /// Probability that a step is a jump (deep link, date picker) to a random page.
    public var jumpProbability = 0.03
    /// Probability that the user scrolls while looking at a page (1 to 3 scroll events).
    public var scrollProbability = 0.3
    /// The oldest page is between −`historyPagesMin` and −`historyPagesMax` (uniform); today is 0.
    public var historyPagesMin = 30
    public var historyPagesMax = 1_095
    /// Probability that pages after today exist, and how many at most (uniform from 1).
    public var futureProbability = 0.3
    public var futurePagesMax = 14
    /// Probability that a session opens on today's page rather than a random one.
    public var startTodayProbability = 0.85
    /// Probability that a session ends with an explicit `end` event.
    public var endProbability = 0.9
    /// How much users differ in `persistence`: each user's (each session's, without users) is the
    /// model's plus a normal draw of this standard deviation, kept within 0 … 1. 0: all alike.
    public var persistenceSpread = 0.0
    /// Second-order memory: after two steps the same way, the chance that the next turns back
    /// (on top of `persistence`). 0: the last step alone decides.
    public var turnAfterTwo = 0.0
    /// Jumps land within this many pages of the current one (uniform, never on it); 0: anywhere in
    /// the data, uniformly.
    public var jumpNear = 0
    /// The share of pages (chosen by a hash of the page number) that users skim: on them a step
    /// starts a burst three times as often (at most always). 0: bursts ignore the page.
    public var skimShare = 0.0
    /// Sessions per user: sessions `n·k ..< (n+1)·k` belong to user n and their session lines
    /// name that user. 1: no user keys, every session drawn on its own.
    public var sessionsPerUser = 1
    /// With several sessions per user, how much users differ: each user's median dwell time and
    /// median steps per session are the model's times a log-normal factor of this sigma, drawn once
    /// a user, so that one user's sessions resemble each other more than two users' do.
    public var userSpread = 0.5

    public init() {}
}
