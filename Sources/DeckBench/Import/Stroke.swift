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
        let velocity = releaseVelocity(windowMs: thresholds.velocityWindowMs, stoppedMs: thresholds.pointerStoppedMs)
        let flung = abs(dx) > thresholds.flingDistanceDp && abs(velocity) > thresholds.flingVelocityDpPerSecond && (velocity < 0) == (dx < 0)
        let dragged = abs(dx) > thresholds.commitFraction * widthDp
        return .swipe(timeMs: down.timeMs, durationMs: durationMs, direction: direction, committed: flung || dragged)
    }

    /// dp per second between the first and the last of the samples the velocity counts: those of
    /// the last `windowMs` before the finger lifted, back to the first gap of more than `stoppedMs`
    /// between two samples (the pointer had stopped). 0 with fewer than two such samples.
    func releaseVelocity(windowMs: Int, stoppedMs: Int) -> Double {
        guard let up = samples.last else { return 0 }
        var first = samples.count - 1
        while first > 0, up.timeMs - samples[first - 1].timeMs <= windowMs, samples[first].timeMs - samples[first - 1].timeMs <= stoppedMs {
            first -= 1
        }
        let elapsed = up.timeMs - samples[first].timeMs
        return elapsed > 0 ? (up.x - samples[first].x) * 1_000 / Double(elapsed) : 0
    }

    enum Gesture: Equatable {
        case tap(timeMs: Int, x: Double)
        case scroll(timeMs: Int, dy: Double)
        case swipe(timeMs: Int, durationMs: Int, direction: Direction, committed: Bool)
    }
}
