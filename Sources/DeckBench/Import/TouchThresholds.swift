/// What makes a stroke a tap, a scroll, a swipe or a cancelled swipe, in density-independent
/// pixels (dp: 1/160 inch) and dp per second; the defaults are Android's.
package struct TouchThresholds: Sendable {
    /// A finger that moves less than this from where it went down taps (ViewConfiguration's
    /// TOUCH_SLOP, 8 dp).
    public var touchSlopDp: Double = 8
    /// A horizontal stroke commits its swipe when the page was dragged past this share of its
    /// width: 0.5, the nearest page, as ViewPager2 (RecyclerView's PagerSnapHelper) snaps;
    /// the older ViewPager needs 0.6 (determineTargetPage's 0.4/0.6 truncation).
    public var commitFraction: Double = 0.5
    /// Or when it is flung at least this fast towards the new page… (ViewPager's
    /// MIN_FLING_VELOCITY, 400 dp/s)
    public var flingVelocityDpPerSecond: Double = 400
    /// …having moved at least this far (ViewPager's MIN_DISTANCE_FOR_FLING, 25 dp).
    public var flingDistanceDp: Double = 25
    /// The release velocity is the finger's over the samples of its last this many ms
    /// (VelocityTracker's HORIZON: it keeps the last 100 ms of samples)…
    public var velocityWindowMs: Int = 100
    /// …back to the first gap longer than this between two samples: the pointer had stopped
    /// there, and what came before it does not count (VelocityTracker's
    /// ASSUME_POINTER_STOPPED_TIME, 40 ms). A gap this long just before the finger lifts leaves
    /// one sample: no velocity.
    public var pointerStoppedMs: Int = 40

    public init() {}
}
