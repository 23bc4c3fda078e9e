/// What makes a stroke a tap, a scroll, a swipe or a cancelled swipe, in density-independent
/// pixels (dp: 1/160 inch) and dp per second; the defaults are Android's.
public struct TouchThresholds: Sendable {
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
    /// The release velocity is the finger's over its last this many ms (VelocityTracker fits the
    /// last 100 ms of samples).
    public var velocityWindowMs: Int = 100

    public init() {}
}
