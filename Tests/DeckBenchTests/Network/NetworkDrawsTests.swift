import Testing
@testable import DeckBench

/// The round trip's rounding without libm's `round`: the same integer as `rounded()` at every
/// half, next to every half, at the day's cap and on a million keyed draws of wide jitter.
@Suite struct NetworkDrawsTests {
    @Test func roundingIsRoundedsAtHalvesAndBesideThem() {
        var values: [Double] = [0, 0.5, 1.5, 2.5, 1_000.5, 86_400_000_000, 2_251_799_813_685_247.5, 4_503_599_627_370_495]
        for half in [0.5, 1.5, 2.5, 99_999.5, 123_456_789.5, 2_251_799_813_685_247.5] {
            values += [half.nextDown, half.nextUp, half.nextDown.nextDown]
        }
        values += [0.49999999999999994, 1e-300, Double.leastNonzeroMagnitude]
        for value in values {
            #expect(NetworkDraws.rounded(value) == Int(value.rounded()), "\(value)")
        }
    }

    @Test func roundingIsRoundedsOnWideJitter() {
        var random = SeededGenerator(seed: 7)
        var mismatches = 0
        for _ in 0 ..< 1_000_000 {
            let value = min(SeededGenerator.logNormal(median: 150, sigma: 2.5, standardNormal: random.standardNormal()) * 1_000, 86_400_000_000)
            if NetworkDraws.rounded(value) != Int(value.rounded()) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
