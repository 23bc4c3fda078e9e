import Testing
@testable import DeckBench

@Suite struct PolicySpecTests {
    @Test func validSpecsFillDefaults() throws {
        #expect(try PolicyRegistry.parse("ondemand").spec == "ondemand")
        #expect(try PolicyRegistry.parse("fixed").spec == "fixed:radius=1")
        #expect(try PolicyRegistry.parse("fixed:radius=3").spec == "fixed:radius=3")
        #expect(try PolicyRegistry.parse("directional:ahead=6").spec == "directional:behind=2,ahead=6")
        #expect(try PolicyRegistry.parse("staged:radius=1").spec == "staged:radius=1")
        // The default job is every policy of its entries at its defaults (a name alone), and holds
        // the built-in four in their order, whatever else is registered.
        #expect(PolicyRegistry.defaults.map(\.spec) == (try PolicyRegistry.all.filter(\.inDefaultJob).map { try PolicyRegistry.parse($0.name).spec }))
        let builtIn = ["ondemand", "fixed:radius=1", "directional:behind=2,ahead=4", "staged:radius=2"]
        #expect(PolicyRegistry.defaults.map(\.spec).filter(builtIn.contains) == builtIn)
    }

    @Test func unknownNameListsTheValidOnes() {
        let names = PolicyRegistry.all.map(\.name)
        #expect(throws: SpecError.unknownName(what: "policy", name: "lru", valid: names)) {
            try PolicyRegistry.parse("lru")
        }
        #expect(["ondemand", "fixed", "directional", "staged", "adaptive", "learned"].allSatisfy(names.contains))
        #expect(SpecError.unknownName(what: "policy", name: "lru", valid: ["ondemand", "fixed"]).description
            == "unknown policy \"lru\"; valid: ondemand, fixed")
    }

    @Test func unknownKeyListsTheValidOnes() {
        #expect(throws: SpecError.unknownKey(what: "policy", name: "directional", key: "radius", valid: ["behind", "ahead"])) {
            try PolicyRegistry.parse("directional:radius=2")
        }
        #expect(throws: SpecError.unknownKey(what: "policy", name: "ondemand", key: "radius", valid: [])) {
            try PolicyRegistry.parse("ondemand:radius=2")
        }
    }

    @Test func badValueSaysWhatIsExpected() {
        #expect(throws: SpecError.badValue(what: "policy", name: "fixed", key: "radius", value: "two",
                                           expected: "a whole number from 0 to 50")) {
            try PolicyRegistry.parse("fixed:radius=two")
        }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse("fixed:radius=-1") }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse("fixed:radius") }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse("fixed:radius=1,radius=2") }
        #expect(throws: SpecError.self) { try PolicyRegistry.parse(":radius=1") }
    }

    @Test func networkSpecsOverridePresets() throws {
        let network = try NetworkModel.parse("lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0")
        #expect(network.spec == "lte:rtt_ms=100,jitter=0,downlink_kbps=0,connections=0,server_ms=0,loss=0,timeout_ms=10000,outage_every_ms=0,outage_ms=0")
        #expect(try NetworkModel.parse("slow-3g").spec == "slow-3g:rtt_ms=400,jitter=0.3,downlink_kbps=400,connections=4,server_ms=0,loss=0,timeout_ms=10000,outage_every_ms=0,outage_ms=0")
        #expect(throws: SpecError.unknownName(what: "network", name: "5g", valid: ["wifi", "lte", "3g", "slow-3g", "edge", "very-bad", "subway", "trace", "empirical"])) {
            try NetworkModel.parse("5g")
        }
        #expect(throws: SpecError.unknownKey(what: "network", name: "lte", key: "bandwidth", valid: NetworkModel.keys)) {
            try NetworkModel.parse("lte:bandwidth=5")
        }
        #expect(throws: SpecError.self) { try NetworkModel.parse("lte:rtt_ms=-5") }
        #expect(throws: SpecError.self) { try NetworkModel.parse("lte:connections=1.5") }
    }

    @Test func downlinkThatWouldRoundToNothingIsRejectedNotMadeUnlimited() throws {
        // 0.003 kbit/s is 0.375 bytes/s, which rounds to 0 bytes/s, the code for unlimited.
        #expect(throws: SpecError.badValue(what: "network", name: "lte", key: "downlink_kbps", value: "0.003",
                                           expected: "0 (unlimited) or a number of kbit/s from 0.004 (1 byte/s) to 100000000 (100 Gbit/s)")) {
            try NetworkModel.parse("lte:downlink_kbps=0.003")
        }
        #expect(try NetworkModel.parse("lte:downlink_kbps=0.004").downlinkKbps == 0.004)
        #expect(try NetworkModel.parse("lte:downlink_kbps=0").downlinkKbps == 0)
    }

    @Test func outageWithoutItsPeriodIsRejectedNamingTheMissingKey() throws {
        #expect(throws: SpecError.malformed(what: "network", text: "lte:outage_ms=5000",
                                            detail: "outage_ms=5000 needs outage_every_ms > 0 (how often an outage comes); for no outages set outage_ms=0")) {
            try NetworkModel.parse("lte:outage_ms=5000")
        }
        // Turning the subway's outages off is outage_ms=0; its period alone does nothing.
        #expect(try NetworkModel.parse("subway:outage_ms=0").losesRequests == false)
        #expect(throws: SpecError.self) { try NetworkModel.parse("subway:outage_every_ms=0") }
    }
}
