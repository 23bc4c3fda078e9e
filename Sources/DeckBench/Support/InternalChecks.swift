#if DEBUG || DECKBENCH_INTERNAL_CHECKS
import Foundation

/// Whether the hand-made containers run their invariant checkers after every mutation. The
/// checkers exist in debug builds and in builds with `-D DECKBENCH_INTERNAL_CHECKS`; in a debug
/// build they run only when the process starts with `DECKBENCH_INTERNAL_CHECKS=1` (`make
/// test-checks` runs the debug build of `make test` that way, with nothing to rebuild), in a build
/// with the define always. A release build has neither: its checkers are empty inline functions.
enum InternalChecks {
    static let enabled: Bool = {
        #if DECKBENCH_INTERNAL_CHECKS
        return true
        #else
        return ProcessInfo.processInfo.environment["DECKBENCH_INTERNAL_CHECKS"] == "1"
        #endif
    }()
}
#endif
