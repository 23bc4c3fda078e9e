import Testing
@testable import DeckBench

/// `--policy` sweeps: ranges, steps and lists expand to every combination, in a fixed order.
@Suite struct PolicySweepTests {
    private func specs(_ text: String) throws -> [String] {
        try PolicySweep.expand(text).map(\.spec)
    }

    @Test func aPlainSpecIsOnePolicy() throws {
        #expect(try specs("fixed:radius=2") == ["fixed:radius=2"])
        #expect(try specs("ondemand") == ["ondemand"])
    }

    @Test func rangesStepsAndListsExpandExactly() throws {
        #expect(try specs("fixed:radius=1..4") == (1 ... 4).map { "fixed:radius=\($0)" })
        #expect(try specs("staged:radius=0..9:3") == ["staged:radius=0", "staged:radius=3", "staged:radius=6", "staged:radius=9"])
        #expect(try specs("staged:radius=1..8:3") == ["staged:radius=1", "staged:radius=4", "staged:radius=7"])
        #expect(try specs("fixed:radius=1/2/4") == ["fixed:radius=1", "fixed:radius=2", "fixed:radius=4"])
        #expect(try specs("fixed:radius=3..3") == ["fixed:radius=3"])
    }

    /// The first parameter written varies slowest; the spec writes parameters in the policy's order.
    @Test func combinationsVaryTheFirstParameterSlowest() throws {
        let expected = [2, 4, 6, 8].flatMap { ahead in [1, 2].map { "directional:behind=\($0),ahead=\(ahead)" } }
        #expect(try specs("directional:ahead=2..8:2,behind=1..2") == expected)
        #expect(try specs("directional:behind=1..2,ahead=3") == ["directional:behind=1,ahead=3", "directional:behind=2,ahead=3"])
    }

    @Test func malformedSweepsSayWhatIsExpected() {
        for text in ["fixed:radius=4..1", "fixed:radius=1..", "fixed:radius=..3", "fixed:radius=1..4:0", "fixed:radius=1..4:x",
                     "fixed:radius=1/", "fixed:radius=1//2"] {
            #expect(throws: SpecError.self, "\(text)") { try PolicySweep.expand(text) }
        }
        // Each point is checked by the policy like a single value, and the message names the sweep
        // as typed beside the point refused; a single value is named alone.
        let refused = #expect(throws: SpecError.self) { try PolicySweep.expand("fixed:radius=49..51") }
        #expect(refused?.description == "policy fixed: radius must be a whole number from 0 to 50, got \"51\" of the sweep \"49..51\"")
        #expect(throws: SpecError.badValue(what: "policy", name: "fixed", key: "radius", value: "51",
                                           expected: "a whole number from 0 to 50")) { try PolicySweep.expand("fixed:radius=51") }
    }

    @Test func moreThanTheLimitIsRefusedBeforeAnythingIsMade() {
        #expect(throws: SpecError.tooManyPoints(text: "adaptive:budget=0..100,prior_same=1..50", limit: 4_096)) {
            try PolicySweep.expand("adaptive:budget=0..100,prior_same=1..50")
        }
        #expect(throws: SpecError.tooManyPoints(text: "fixed:radius=0..1000000000", limit: 4_096)) {
            try PolicySweep.expand("fixed:radius=0..1000000000")
        }
        #expect((try? PolicySweep.expand("directional:ahead=1..16,behind=1..16"))?.count == 256)
    }
}
