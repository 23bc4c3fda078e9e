import Testing
@testable import DeckBench

/// The forest's axes: pairs of very different sizes are split so that every interval with a width
/// is drawn at least `ForestView.narrowest` pixels wide on a plot of `ForestView.plotWidth`.
@Suite struct ForestPanelsTests {
    /// The default job's stall rates: ondemand's pairs near −80 points (intervals 3 wide) and
    /// staged − directional at −2.5 (−3.2 … −1.9, 1.3 wide). One axis fits −100 … 0 points: the
    /// small one would be 1.3 / 100 × 420 = 5.5 px, under 8: it gets an axis of its own, smallest
    /// first. Had it been 2.4 wide (10.1 px), one chart would do.
    @Test func pairsFarApartGetAxesOfTheirOwn() {
        #expect(ForestView.axisSpan([-81.4, -1.9]) == 100)
        let narrow: [(low: Double, high: Double)] = [(-81.4, -78.3), (-3.2, -1.9), (-79.1, -76.0)]
        #expect(ForestView.panels(narrow) == [[1], [0, 2]])
        let wide: [(low: Double, high: Double)] = [(-81.4, -78.3), (-3.7, -1.3), (-79.1, -76.0)]
        #expect(ForestView.panels(wide) == [[0, 1, 2]])
    }

    /// At the edge: values up to 84 fit an axis of 0 … 100, on which `narrowest` pixels of 420 are
    /// 100 × 8 / 420 of the unit. An interval a millionth wider stays on the shared axis, a
    /// millionth narrower leaves. An interval of no width (two identical policies) never forces a
    /// split.
    @Test func theNarrowestIntervalAtItsEdge() {
        #expect(ForestView.axisSpan([1, 84]) == 100)
        let width = 100 * ForestView.narrowest / ForestView.plotWidth
        #expect(ForestView.panels([(1, 1 + width * (1 + 1e-6)), (80, 84)]) == [[0, 1]])
        #expect(ForestView.panels([(1, 1 + width * (1 - 1e-6)), (80, 84)]) == [[0], [1]])
        #expect(ForestView.panels([(0, 0), (-50, 100)]) == [[0, 1]])
    }
}
