import Foundation
import Testing
@testable import DeckBench

/// `make test-checks` asks for the containers' checkers with DECKBENCH_INTERNAL_CHECKS=1 on the
/// debug build: this fails when the switch does not reach them (a run that asked for checks and got
/// none would pass without checking anything).
@Suite struct InternalChecksTests {
    @Test func theCheckersRunExactlyWhenTheRunAsksForThem() {
        let asked = ProcessInfo.processInfo.environment["DECKBENCH_INTERNAL_CHECKS"] == "1"
        #if DECKBENCH_INTERNAL_CHECKS
        #expect(InternalChecks.enabled, "a build with -D DECKBENCH_INTERNAL_CHECKS checks always")
        #elseif DEBUG
        #expect(InternalChecks.enabled == asked)
        #else
        #expect(!asked, "DECKBENCH_INTERNAL_CHECKS=1 on a release build, which has no checkers: make test-checks runs the debug build")
        #endif
    }
}
