/// One finger's touch from down to up (or cancel): its samples in time order, in dp.
struct Stroke {
    struct Sample {
        var timeMs: Int
        var x: Double
        var y: Double
    }

    var samples: [Sample]
    /// Whether the platform cancelled it (ACTION_CANCEL) instead of the finger lifting.
    var cancelled = false

    /// What the stroke was, on a page `widthDp` wide; nil for nothing (a cancelled touch that never moved).
    func gesture(widthDp: Double, thresholds: TouchThresholds) -> Gesture? {
        guard let down = samples.first, let up = samples.last else { return nil }
        var travel = 0.0
        for sample in samples {
            let (ex, ey) = (sample.x - down.x, sample.y - down.y)
            travel = max(travel, ex * ex + ey * ey)
        }
        let dx = up.x - down.x
        let dy = up.y - down.y
        let durationMs = up.timeMs - down.timeMs
        if travel <= thresholds.touchSlopDp * thresholds.touchSlopDp {
            return cancelled ? nil : .tap(timeMs: down.timeMs, x: down.x)
        }
        if abs(dy) > abs(dx) { return .scroll(timeMs: up.timeMs, dy: dy) }
        let direction: Direction = dx < 0 ? .next : .prev
        guard !cancelled else { return .swipe(timeMs: down.timeMs, durationMs: durationMs, direction: direction, committed: false) }
        let velocity = releaseVelocity(windowMs: thresholds.velocityWindowMs)
        let flung = abs(dx) > thresholds.flingDistanceDp && abs(velocity) > thresholds.flingVelocityDpPerSecond && (velocity < 0) == (dx < 0)
        let dragged = abs(dx) > thresholds.commitFraction * widthDp
        return .swipe(timeMs: down.timeMs, durationMs: durationMs, direction: direction, committed: flung || dragged)
    }

    /// dp per second over the last `windowMs` before the finger lifted (0 for a stroke without time).
    func releaseVelocity(windowMs: Int) -> Double {
        guard let up = samples.last else { return 0 }
        let from = samples.last { $0.timeMs <= up.timeMs - windowMs } ?? samples.first!
        let elapsed = up.timeMs - from.timeMs
        return elapsed > 0 ? (up.x - from.x) * 1_000 / Double(elapsed) : 0
    }

    enum Gesture: Equatable {
        case tap(timeMs: Int, x: Double)
        case scroll(timeMs: Int, dy: Double)
        case swipe(timeMs: Int, durationMs: Int, direction: Direction, committed: Bool)
    }
}
