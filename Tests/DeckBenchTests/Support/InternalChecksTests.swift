import Foundation
import Testing
@testable import DeckBench

/// `make test-checks` asks for the containers' checkers with DECKBENCH_INTERNAL_CHECKS=1 on `make
/// test`'s build (release, with `-D DECKBENCH_INTERNAL_CHECKS`): this fails when the switch does not
/// reach them (a run that asked for checks and got none would pass without checking anything).
@Suite struct InternalChecksTests {
    @Test func theCheckersRunExactlyWhenTheRunAsksForThem() {
        let asked = ProcessInfo.processInfo.environment["DECKBENCH_INTERNAL_CHECKS"] == "1"
        #if DEBUG || DECKBENCH_INTERNAL_CHECKS
        #expect(InternalChecks.enabled == asked)
        #else
        #expect(!asked, "DECKBENCH_INTERNAL_CHECKS=1 on a release build without the checkers: make test-checks builds them in")
        #endif
    }
}
