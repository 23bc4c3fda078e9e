/// Applies the rules of format v1 that span lines: lines group into sessions, times never go
/// backwards, pages stay within the session's limits, ids are unique in a file. A session that
/// breaks a rule is rejected whole, and the lines up to the next session line go with it.
struct SessionAssembler {
    let file: String
    /// The session being read; apart from it, whether there is one, its pages, and the time and
    /// line of its last event (of its session line before any): the per-event checks read these
    /// without touching the session (reading it through the optional copied it whole), and
    /// closing it moves it out.
    private var open: Session?
    private var isOpen = false
    private var openPages = 0 ... 0
    private var lastTimeMs = 0
    private var lastTimeLine = 0
    /// Lines are being skipped until the next session line: they belong to a reported reject.
    private var skipping = false
    /// The id of the session that the last `end` closed, for the message on stray events.
    private var endedSession: String?
    /// The line of each session id seen, keyed by the id's 64-bit stable hash: 16 bytes per
    /// session instead of the id itself, so that memory stays small on files of millions of
    /// sessions (two distinct ids colliding has a probability of about n² / 2⁶⁵).
    private var firstLineOfID = SessionIDLines()

    init(file: String) {
        self.file = file
    }

    /// Takes the parsed line `number`; appends what it completes to `output`.
    mutating func accept(_ line: consuming RecordLine, number: Int, into output: inout [RecordingItem]) {
        // Consumed: the id moves into the session rather than being retained and the line released.
        switch consume line {
        case .blank:
            return
        case let .session(id, user, page, first, last):
            closeOpenSession(into: &output)
            skipping = false
            endedSession = nil
            if let firstLine = firstLineOfID.firstLine(of: StableHash.of(id), recording: number) {
                reject(.duplicateSession(id: id, firstLine: firstLine), line: number, session: id, into: &output)
                return
            }
            // Room for a typical session at once, rather than growing through 1, 2, 4, … events.
            var events: [Event] = []
            events.reserveCapacity(32)
            open = Session(id: id, user: user, file: file, line: number, page: page, first: first, last: last, events: events)
            isOpen = true
            openPages = first ... last
            lastTimeMs = 0
            lastTimeLine = number
        case let .rejectedSession(id, error):
            closeOpenSession(into: &output)
            skipping = false
            endedSession = nil
            reject(error, line: number, session: id, into: &output)
        case let .event(event):
            acceptEvent(event, number: number, into: &output)
        }
    }

    private mutating func acceptEvent(_ event: Event, number: Int, into output: inout [RecordingItem]) {
        guard !skipping else { return }
        invariant(isOpen == (open != nil), "SessionAssembler: isOpen says \(isOpen), the open session says otherwise")
        guard isOpen else {
            reject(.eventOutsideSession(afterEndOfSession: endedSession), line: number, session: nil, into: &output)
            return
        }
        if let error = violation(of: event) {
            reject(line: number, because: error, into: &output)
            return
        }
        // Mutated in place: the session's event array is never copied.
        lastTimeMs = event.timeMs
        lastTimeLine = number
        open!.events.append(event)
        if case .end = event.kind {
            endedSession = open!.id
            closeOpenSession(into: &output)
        }
    }

    /// The rule of the open session that `event` breaks, if any.
    private func violation(of event: Event) -> RecordingError? {
        if event.timeMs < lastTimeMs {
            return .timeWentBackwards(timeMs: event.timeMs, previousMs: lastTimeMs, previousLine: lastTimeLine)
        }
        if case let .jump(page) = event.kind, !openPages.contains(page) {
            return .pageOutsideLimits(field: "page", page: page, first: openPages.lowerBound, last: openPages.upperBound)
        }
        return nil
    }

    /// Takes a line that could not be parsed: it rejects the open session, or starts a run of
    /// rejected lines.
    mutating func reject(line number: Int, because error: RecordingError, into output: inout [RecordingItem]) {
        guard !skipping else { return }
        let id = open?.id
        open = nil
        isOpen = false
        reject(error, line: number, session: id, into: &output)
    }

    /// The input ended cleanly: the open session is complete.
    mutating func finish(into output: inout [RecordingItem]) {
        closeOpenSession(into: &output)
    }

    /// The input broke off at line `number` (corrupt or truncated stream, read error): the open
    /// session is cut and rejected; the error is reported even when no session was open.
    mutating func fail(line number: Int, because error: RecordingError, into output: inout [RecordingItem]) {
        let id = open?.id
        open = nil
        isOpen = false
        skipping = true
        output.append(.reject(Reject(file: file, line: number, session: id, error: error)))
    }

    private mutating func closeOpenSession(into output: inout [RecordingItem]) {
        // Taken out, not copied: the session's arrays are handed on without a retain and release.
        if let session = open.take() { output.append(.session(session)) }
        isOpen = false
    }

    private mutating func reject(_ error: RecordingError, line: Int, session: String?, into output: inout [RecordingItem]) {
        skipping = true
        output.append(.reject(Reject(file: file, line: line, session: session, error: error)))
    }
}
