#if DEBUG || DECKBENCH_INTERNAL_CHECKS
import Foundation

/// Whether the hand-made containers run their invariant checkers after every mutation. The
/// checkers exist in debug builds and in builds with `-D DECKBENCH_INTERNAL_CHECKS` (`make test`'s
/// release build); they run only when the process starts with `DECKBENCH_INTERNAL_CHECKS=1` (`make
/// test-checks` runs `make test`'s build that way, with nothing to rebuild). A user's release build
/// has neither: its checkers are empty inline functions.
enum InternalChecks {
    static let enabled = ProcessInfo.processInfo.environment["DECKBENCH_INTERNAL_CHECKS"] == "1"
}
#endif

/// An invariant of the library's own bookkeeping: asserted in a debug build, checked while the
/// checkers run in a build that has them (`make test-checks`), nothing in a user's release build.
@inline(__always)
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    #if DEBUG
    assert(condition(), message(), file: file, line: line)
    #elseif DECKBENCH_INTERNAL_CHECKS
    if InternalChecks.enabled { precondition(condition(), message(), file: file, line: line) }
    #endif
}
