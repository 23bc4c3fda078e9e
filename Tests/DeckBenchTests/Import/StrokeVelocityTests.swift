import Testing
@testable import DeckBench

/// The release velocity on densely sampled strokes, as a phone reports them (a sample every 8 ms
/// at 120 Hz): only the last `velocityWindowMs` count, back to the first pause of more than
/// `pointerStoppedMs`, and each limit includes its boundary.
@Suite struct StrokeVelocityTests {
    private let thresholds = TouchThresholds()
    /// A 1,080-pixel page at 420 dpi: 411.4 dp, half of it 205.7 dp.
    private let widthDp = 1_080 * 160 / 420.0

    /// Samples every `stepMs` from `fromMs` to `toMs` (both included), x moving linearly.
    private func samples(fromMs: Int, toMs: Int, stepMs: Int, fromX: Double, toX: Double) -> [Stroke.Sample] {
        stride(from: fromMs, through: toMs, by: stepMs).map { t in
            Stroke.Sample(timeMs: t, x: fromX + (toX - fromX) * Double(t - fromMs) / Double(toMs - fromMs), y: 500)
        }
    }

    /// A slow drag of 60 dp over 600 ms (100 dp/s), then a flick of 100 dp in 64 ms, lifted at
    /// 664 ms at x = 140. The window reaches back to 564 ms: its first sample is at 568 ms, where
    /// the drag was at 300 − 0.1 × 568 = 243.2 dp; the velocity is (140 − 243.2) / 0.096 s =
    /// −1,075 dp/s, past the 400 dp/s of a fling. The whole stroke's average, −160 dp / 0.664 s =
    /// −241 dp/s, is not; nor is 160 dp past half the page (205.7 dp): the fling alone commits.
    @Test func aSlowDragThenAFlickCommitsOnTheFlick() throws {
        let stroke = Stroke(samples: samples(fromMs: 0, toMs: 600, stepMs: 8, fromX: 300, toX: 240)
                                + samples(fromMs: 608, toMs: 664, stepMs: 8, fromX: 227.5, toX: 140))
        let velocity = stroke.releaseVelocity(windowMs: thresholds.velocityWindowMs, stoppedMs: thresholds.pointerStoppedMs)
        #expect(abs(velocity - (140 - 243.2) / 0.096) < 1e-9)
        #expect(stroke.gesture(widthDp: widthDp, thresholds: thresholds)
            == .swipe(timeMs: 0, durationMs: 664, direction: .next, committed: true))
    }

    /// The reverse: a flick of 100 dp in the first 64 ms, then a slow drag of 30 dp until 664 ms
    /// (about −51 dp/s over the window): the flick is long gone when the finger lifts, and 130 dp
    /// is less than half the page, so the swipe is cancelled.
    @Test func aFlickThenASlowDragIsCancelled() throws {
        let stroke = Stroke(samples: samples(fromMs: 0, toMs: 64, stepMs: 8, fromX: 300, toX: 200)
                                + samples(fromMs: 72, toMs: 664, stepMs: 8, fromX: 199.5, toX: 170))
        let velocity = stroke.releaseVelocity(windowMs: thresholds.velocityWindowMs, stoppedMs: thresholds.pointerStoppedMs)
        #expect(velocity > -60 && velocity < -45)
        #expect(stroke.gesture(widthDp: widthDp, thresholds: thresholds)
            == .swipe(timeMs: 0, durationMs: 664, direction: .next, committed: false))
    }

    /// The window's edge: a sample exactly 100 ms before the lift counts (−100 dp / 0.1 s =
    /// −1,000 dp/s from it); one 101 ms before does not (the next one, 70 ms before, gives
    /// −99 dp / 0.07 s).
    @Test func theSampleExactlyAWindowBeforeTheLiftCounts() {
        func stroke(firstMs: Int) -> Stroke {
            Stroke(samples: [.init(timeMs: firstMs, x: 100, y: 0), .init(timeMs: 30, x: 99, y: 0), .init(timeMs: 60, x: 98, y: 0),
                             .init(timeMs: 90, x: 97, y: 0), .init(timeMs: 100, x: 0, y: 0)])
        }
        #expect(stroke(firstMs: 0).releaseVelocity(windowMs: 100, stoppedMs: 40) == -1_000)
        #expect(stroke(firstMs: -1).releaseVelocity(windowMs: 100, stoppedMs: 40) == -99 * 1_000 / 70.0)
    }

    /// The pause's edge: a gap of exactly 40 ms between samples keeps the earlier one, 41 ms
    /// cuts it off (the pointer had stopped). The first sample, 110 ms before the lift, is outside
    /// the window either way.
    @Test func aGapOfExactlyThePauseKeepsTheSampleBeforeIt() {
        func stroke(gapMs: Int) -> Stroke {
            Stroke(samples: [.init(timeMs: -40, x: 100, y: 0), .init(timeMs: 60 - gapMs, x: 90, y: 0),
                             .init(timeMs: 60, x: 60, y: 0), .init(timeMs: 70, x: 50, y: 0)])
        }
        // From t = 20 (x 90) to 70 (x 50): −40 dp in 50 ms.
        #expect(stroke(gapMs: 40).releaseVelocity(windowMs: 100, stoppedMs: 40) == -800)
        // From t = 60 (x 60) to 70: −10 dp in 10 ms.
        #expect(stroke(gapMs: 41).releaseVelocity(windowMs: 100, stoppedMs: 40) == -1_000)
    }
}
