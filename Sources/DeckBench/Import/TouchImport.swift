import Foundation

/// `deckbench import touches`: raw touch streams (one row per touch sample: session, time, action,
/// x, y — the shape of Android's MotionEvent dumps) made into v1 recordings. Each stroke, from down
/// to up, is read as a tap, a vertical scroll, a committed swipe or a cancelled one
/// (`TouchThresholds`, Android's defaults); rows must come sorted by session and time, and a
/// session is converted when its last row has been read, so memory holds one session's samples.
public struct TouchImport: Sendable {
    /// The columns of the session id, the time (ms, or `fields.timeUnit`), the action, x and y (pixels).
    public var columns: (session: String, time: String, action: String, x: String, y: String)
    public var timeUnit: PageViewFields.TimeUnit
    /// The page's width on screen, pixels, and the screen's density (dots per inch; 160 makes a
    /// pixel one dp).
    public var widthPx: Double
    public var dpi: Double
    public var thresholds: TouchThresholds
    /// The column of the user a session belongs to, if the log has one: written as the session
    /// line's `user` key.
    public var userColumn: String?
    /// The page shown at t = 0 and the pages with data (touches do not say which pages exist).
    public var page: Int
    public var first: Int
    public var last: Int
    /// Time on screen after the last touch before the session ends, ms.
    public var dwellMs: Int

    public static let defaultWidthPx = 1_080.0
    public static let defaultDpi = 420.0

    public init(columns: (session: String, time: String, action: String, x: String, y: String),
                timeUnit: PageViewFields.TimeUnit = .ms, widthPx: Double = Self.defaultWidthPx, dpi: Double = Self.defaultDpi,
                thresholds: TouchThresholds = TouchThresholds(), page: Int = 0, first: Int = -1_000_000, last: Int = 1_000_000,
                dwellMs: Int = PageViewConversion.defaultDwellMs, userColumn: String? = nil) {
        self.columns = columns
        self.userColumn = userColumn
        self.timeUnit = timeUnit
        self.widthPx = widthPx
        self.dpi = dpi
        self.thresholds = thresholds
        self.page = page
        self.first = first
        self.last = last
        self.dwellMs = dwellMs
    }

    enum Action {
        case down, move, up, cancel, other

        /// Android's names (`ACTION_DOWN` or `down`, any case) or MotionEvent's numbers (0 down,
        /// 1 up, 2 move, 3 cancel); other actions (a second pointer, hover) are `other`.
        init?(_ text: String) {
            switch text.lowercased().replacingOccurrences(of: "action_", with: "") {
            case "down", "0": self = .down
            case "up", "1": self = .up
            case "move", "2": self = .move
            case "cancel", "3": self = .cancel
            case "pointer_down", "pointer_up", "5", "6", "7", "9", "10", "hover_move", "hover_enter", "hover_exit", "outside", "4":
                self = .other
            default: return nil
            }
        }
    }

    private var scale: Double { 160 / dpi }

    /// Imports `input` into `folder`.
    public func run(_ input: String, into folder: String) throws -> ImportReport {
        let output = LogRows.outputPath(of: input, in: folder)
        var report = ImportReport(input: input, output: output)
        let writer = try ZstdWriter(path: output, level: WorkloadWriter.defaultLevel)
        let fileName = (output as NSString).lastPathComponent
        let fields = PageViewFields(timeUnit: timeUnit)
        var buffer: [UInt8] = []
        var current: String?
        var firstLine = 0
        var originMs = 0
        var lastMs = 0
        var events: [Event] = []
        var stroke: Stroke?
        var scrollY = 0.0
        var broken: (line: Int, reason: String)?
        var rowsOfSession = 0
        var seen: [String: Int] = [:]
        var user = SessionUser(column: userColumn)

        func endStroke(cancelled: Bool) {
            guard var open = stroke else { return }
            stroke = nil
            open.cancelled = open.cancelled || cancelled
            switch open.gesture(widthDp: widthPx * scale, thresholds: thresholds) {
            case let .tap(timeMs, x)?:
                events.append(Event(timeMs: timeMs, kind: .tap(x < widthPx * scale / 2 ? .prev : .next)))
            case let .scroll(timeMs, dy)?:
                scrollY = max(0, scrollY - dy)
                events.append(Event(timeMs: timeMs, kind: .scroll(y: scrollY.rounded())))
            case let .swipe(timeMs, durationMs, direction, committed)?:
                events.append(Event(timeMs: timeMs, kind: .swipe(direction, durationMs: durationMs, cancelled: !committed)))
                if committed { scrollY = 0 }
            case nil: break
            }
        }

        func finishSession() throws {
            defer {
                current = nil
                events.removeAll(keepingCapacity: true)
                stroke = nil
                scrollY = 0
                broken = nil
                rowsOfSession = 0
                user.reset()
            }
            guard let id = current else { return }
            if let broken {
                report.rejected(id, line: broken.line, reason: broken.reason, rows: rowsOfSession)
                return
            }
            endStroke(cancelled: true)
            let endMs = lastMs - originMs + dwellMs
            guard endMs <= RecordingLimits.maxTimeMs else {
                report.rejected(id, line: firstLine, reason: PageViewError.tooLong(endMs).description, rows: rowsOfSession)
                return
            }
            events.append(Event(timeMs: endMs, kind: .end))
            report.written(events)
            RecordingEncoder.append(
                Session(id: id, user: user.user, file: fileName, line: firstLine, page: page, first: first, last: last, events: events),
                to: &buffer)
            if buffer.count >= 1 << 16 {
                try writer.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        let named = [columns.session, columns.time, columns.action, columns.x, columns.y] + [userColumn].compactMap { $0 }
        try LogRows.forEach(input, columns: named) { line, value in
            report.rows += 1
            guard let id = value(columns.session) else {
                report.rejectedRow(line: line, column: columns.session)
                return
            }
            if id != current {
                try finishSession()
                current = id
                firstLine = line
                if let earlier = seen[id] {
                    broken = (line, "rows of session \"\(id)\" appear again after other sessions (its first at line \(earlier)); "
                        + "sort the rows by session and time")
                }
                seen[id] = seen[id] ?? line
            }
            rowsOfSession += 1
            guard broken == nil else { return }
            func fail(_ reason: String) { broken = (line, reason) }
            if let reason = user.read(value) { return fail(reason.description) }
            guard let timeText = value(columns.time), case let .success(timeMs) = fields.timeMs(timeText) else {
                return fail("time \"\(value(columns.time) ?? "")\" is not \(timeUnit == .iso8601 ? "an ISO 8601 date and time" : "a number of \(timeUnit.rawValue)")")
            }
            guard let actionText = value(columns.action), let action = Action(actionText) else {
                return fail("action \"\(value(columns.action) ?? "")\" is not down, move, up or cancel")
            }
            guard let xText = value(columns.x), let yText = value(columns.y), let x = Double(xText), let y = Double(yText),
                  x.isFinite, y.isFinite else {
                return fail("x and y must be numbers (got \"\(value(columns.x) ?? "")\", \"\(value(columns.y) ?? "")\")")
            }
            if rowsOfSession == 1 {
                originMs = timeMs
                lastMs = timeMs
            }
            guard timeMs >= lastMs else { return fail("time \(timeMs) ms is before the previous row's \(lastMs) ms (sort the rows by session and time)") }
            lastMs = timeMs
            let sample = Stroke.Sample(timeMs: timeMs - originMs, x: x * scale, y: y * scale)
            switch action {
            case .down:
                endStroke(cancelled: true)
                stroke = Stroke(samples: [sample])
            case .move:
                // A move, up or cancel with no finger down (a stray sample of a logger) is no stroke: skipped.
                stroke?.samples.append(sample)
            case .up, .cancel:
                guard stroke != nil else { return }
                stroke!.samples.append(sample)
                endStroke(cancelled: action == .cancel)
            case .other: break
            }
        }
        try finishSession()
        try writer.write(buffer)
        try writer.finish()
        return report
    }
}
