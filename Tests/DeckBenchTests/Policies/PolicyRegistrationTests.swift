@testable import DeckBench
import Testing

/// What a team's policy must be to join the registry (`PolicyRegistry.add`), checked on the pure
/// step it applies, so that no test policy joins the process's registry.
@Suite(.serialized) struct PolicyRegistrationTests {
    /// A policy as a team writes one, its name and parameters set per case.
    struct TeamPolicy: PrefetchPolicy {
        nonisolated(unsafe) static var name = "team"
        static let summary = "a team's policy"
        nonisolated(unsafe) static var parameters = [PolicyParameter<Self>("pages", \.pages, range: 1 ... 5, meaning: "pages kept")]
        var pages = 3
        var other = 0
        init() {}
        func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {}
    }

    /// The other policy type of a case (a name is checked per type).
    struct OtherTeamPolicy: PrefetchPolicy {
        static let name = "team"
        static let summary = "another team's policy"
        static let parameters: [PolicyParameter<Self>] = []
        init() {}
        func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {}
    }

    private func joining(name: String = "team", parameters: [PolicyParameter<TeamPolicy>]? = nil,
                         to known: [PolicyEntry] = PolicyRegistry.builtIn) throws(PolicyRegistrationError) -> [PolicyEntry] {
        TeamPolicy.name = name
        TeamPolicy.parameters = parameters ?? [PolicyParameter<TeamPolicy>("pages", \.pages, range: 1 ... 5, meaning: "pages kept")]
        return try PolicyRegistry.joining([PolicyEntry(TeamPolicy.self, inDefaultJob: false)], to: known)
    }

    @Test(arguments: [
        ("team", nil),
        ("team-2_b", nil),
        ("fixed", PolicyRegistrationError.nameTaken("fixed")),
        ("Fixed", .nameTaken("Fixed")),
        ("2team", .badName("2team")),
        ("team:x", .badName("team:x")),
        ("", .badName("")),
        ("équipe", .badName("équipe")),
    ] as [(String, PolicyRegistrationError?)])
    func aNameTheSpecSyntaxCarriesAndNoOtherPolicyHas(name: String, error: PolicyRegistrationError?) {
        if let error {
            #expect(throws: error) { _ = try joining(name: name) }
        } else {
            #expect(throws: Never.self) { _ = try joining(name: name) }
        }
    }

    @Test func theAddedPolicyComesAfterTheBuiltInOnesAndOnlyOnce() throws {
        let joined = try joining()
        #expect(joined.map(\.name) == PolicyRegistry.builtIn.map(\.name) + ["team"])
        #expect(joined.last?.parameters.map(\.defaultValue) == [3])
        #expect(throws: PolicyRegistrationError.addedTwice("team")) { _ = try joining(to: joined) }
        #expect(throws: PolicyRegistrationError.nameTaken("team")) {
            _ = try PolicyRegistry.joining([PolicyEntry(OtherTeamPolicy.self)], to: joined)
        }
    }

    @Test func aDefaultOnTheEdgeOfItsRangeJoinsOneBeyondItDoesNot() {
        #expect(throws: Never.self) { _ = try joining(parameters: [PolicyParameter("pages", \.pages, range: 3 ... 3, meaning: "")]) }
        #expect(throws: Never.self) { _ = try joining(parameters: [PolicyParameter("pages", \.pages, range: 0 ... 3, meaning: "")]) }
        #expect(throws: PolicyRegistrationError.defaultOutOfRange(policy: "team", parameter: "pages", value: 3, range: 4 ... 9)) {
            _ = try joining(parameters: [PolicyParameter("pages", \.pages, range: 4 ... 9, meaning: "")])
        }
        #expect(throws: PolicyRegistrationError.defaultOutOfRange(policy: "team", parameter: "pages", value: 3, range: 0 ... 2)) {
            _ = try joining(parameters: [PolicyParameter("pages", \.pages, range: 0 ... 2, meaning: "")])
        }
    }

    @Test func parameterNamesAreSpecWordsDeclaredOnce() {
        #expect(throws: PolicyRegistrationError.badParameterName(policy: "team", parameter: "a=b")) {
            _ = try joining(parameters: [PolicyParameter("a=b", \.pages, range: 0 ... 9, meaning: "")])
        }
        #expect(throws: PolicyRegistrationError.parameterTwice(policy: "team", parameter: "pages")) {
            _ = try joining(parameters: [PolicyParameter("pages", \.pages, range: 0 ... 9, meaning: ""),
                                         PolicyParameter("pages", \.other, range: 0 ... 9, meaning: "")])
        }
    }

    @Test func theBuiltInPoliciesPassTheCheckTheyAreHeldTo() throws {
        let joined = try PolicyRegistry.joining(PolicyRegistry.builtIn, to: [])
        #expect(joined.map(\.name) == PolicyRegistry.builtIn.map(\.name))
    }

    /// A team's policy with an optional text parameter and a `prepare()` written `throws`, as the
    /// natural spelling is (not `throws(SpecError)`).
    struct PinnedPolicy: PrefetchPolicy {
        struct TooFar: Error, CustomStringConvertible {
            var description: String { "behind must be at most ahead" }
        }

        static let name = "pinned"
        static let summary = "a team's policy with a file"
        static let parameters = [
            PolicyParameter<Self>("behind", \.behind, range: 0 ... 9, meaning: ""),
            PolicyParameter<Self>("ahead", \.ahead, range: 0 ... 9, meaning: ""),
        ]
        static let textParameters = [TextPolicyParameter<Self>("pin", \.pin, meaning: "a file of pinned pages")]
        var behind = 1, ahead = 2, pin = ""
        init() {}
        func decide(_ context: PolicyContext, into decision: inout PolicyDecision) {}
        mutating func prepare() throws {
            guard behind <= ahead else { throw TooFar() }
        }
    }

    @Test func aPrepareWrittenThrowsIsCalledAndItsErrorSaid() throws {
        let entry = PolicyEntry(PinnedPolicy.self)
        #expect(throws: Never.self) { _ = try entry.parse(SpecString("pinned:behind=2,ahead=2", what: "policy")) }
        #expect(throws: SpecError.rejected(what: "policy", name: "pinned", detail: "behind must be at most ahead")) {
            _ = try entry.parse(SpecString("pinned:behind=3,ahead=2", what: "policy"))
        }
    }

    @Test func anEmptyTextParameterIsLeftOutOfTheSpecSoThatItParsesAgain() throws {
        let entry = PolicyEntry(PinnedPolicy.self)
        #expect(entry.defaultPolicy.spec == "pinned:behind=1,ahead=2")
        #expect(try entry.parse(SpecString(entry.defaultPolicy.spec, what: "policy")).spec == "pinned:behind=1,ahead=2")
        let pinned = try entry.parse(SpecString("pinned:pin=pages.txt,ahead=4", what: "policy"))
        #expect(pinned.spec == "pinned:pin=pages.txt,behind=1,ahead=4")
        #expect(entry.textParameters.map(\.required) == [false])
        // A comma in a text value is written `\,` in the spec, which parses back to the same value
        // (it was written bare, and the spec did not parse again).
        let comma = try entry.parse(SpecString(#"pinned:pin=pages\,eu.txt"#, what: "policy"))
        #expect(comma.files == ["pages,eu.txt"] && comma.spec == #"pinned:pin=pages\,eu.txt,behind=1,ahead=2"#, "\(comma.spec)")
        #expect(try entry.parse(SpecString(comma.spec, what: "policy")).files == ["pages,eu.txt"])
    }
}
