import DeckBench
import Foundation

/// Progress of a long run on stderr, never on stdout: redrawn in place on a terminal, a plain line
/// every few seconds at most in CI (no terminal, or `CI` set). Reads the wall clock, which only
/// ever reaches this line, never a result. Safe to call from any thread: what it remembers between
/// lines is locked.
final class ProgressMeter: Sendable {
    private let enabled: Bool
    private let interactive: Bool
    private let interval: Double
    private let start = Date()
    /// When the last line was shown, and whether one is drawn in place.
    private let shown = Locked((last: Date.distantPast, drewLine: false))

    /// `plainInterval`: the seconds between plain lines (CI); a caller whose updates come seconds
    /// apart (tune's batches of a thousand candidates) asks for less, so that a line still comes at
    /// least every 5 s.
    init(enabled: Bool, plainInterval: Double = 5) {
        let environment = ProcessInfo.processInfo.environment
        interactive = isatty(STDERR_FILENO) == 1 && environment["CI"] == nil
        interval = interactive ? 0.2 : plainInterval
        self.enabled = enabled
    }

    func report(_ progress: ReplayRun.Progress) {
        guard enabled else { return }
        let due = shown.withLock { state in
            guard Date().timeIntervalSince(state.last) >= interval else { return false }
            state.last = Date()
            state.drewLine = state.drewLine || interactive
            return true
        }
        guard due else { return }
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(progress.sessions) / elapsed : 0
        let fraction = progress.bytesTotal > 0 ? min(1, Double(progress.bytesRead) / Double(progress.bytesTotal)) : 0
        let left = fraction > 0.01 ? " about \(Int((elapsed / fraction - elapsed).rounded()))s left" : ""
        let line = "\(progress.sessions) session\(progress.sessions == 1 ? "" : "s"), \(Int(rate.rounded()))/s, \(Int((fraction * 100).rounded()))% of input read,\(left)"
        if interactive {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            Console.error(line)
        }
    }

    /// Shows `line` when one is due (a terminal: redrawn in place; CI: every 5 s at most), or at
    /// once when `always` (a line that must not be missed, such as the end of a round: on a
    /// terminal it is kept, and the next redraws below it).
    func show(_ line: String, always: Bool = false) {
        guard enabled else { return }
        let due = shown.withLock { state in
            guard always || Date().timeIntervalSince(state.last) >= interval else { return false }
            state.last = Date()
            state.drewLine = interactive && !always
            return true
        }
        guard due else { return }
        if interactive {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + (always ? "\n" : "")).utf8))
        } else {
            Console.error(line)
        }
    }

    /// Seconds since the meter was made: for an estimate of what is left, never for a result.
    var elapsed: Double { Date().timeIntervalSince(start) }

    func finish() {
        if shown.withLock({ $0.drewLine }) { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
