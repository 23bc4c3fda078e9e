import Foundation

/// `deckbench import touches`: raw touch streams (one row per touch sample: session, time, action,
/// x, y — the shape of Android's MotionEvent dumps) made into v1 recordings. Each stroke, from down
/// to up, is read as a tap, a vertical scroll, a committed swipe or a cancelled one
/// (`TouchThresholds`, Android's defaults); rows must come sorted by session and time, and a
/// session is converted when its last row has been read, so memory holds one session's samples.
package struct TouchImport: Importer {
    /// The columns of the session id, the time (ms, or `timeUnit`), the action, x and y (pixels).
    public var columns: (session: String, time: String, action: String, x: String, y: String)
    public var timeUnit: LogTime.Unit
    /// The page's width on screen, pixels, and the screen's density (dots per inch; 160 makes a
    /// pixel one dp).
    public var widthPx: Double
    public var dpi: Double
    public var thresholds: TouchThresholds
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
                timeUnit: LogTime.Unit = .ms, widthPx: Double = Self.defaultWidthPx, dpi: Double = Self.defaultDpi,
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

    public var sessionColumn: String { columns.session }
    public var rowColumns: [String] { [columns.time, columns.action, columns.x, columns.y] }
    public static var actions: String { "strokes" }

    public func rows(of id: String, line: Int, file: String) -> TouchRows {
        TouchRows(importer: self, id: id, line: line, file: file)
    }

    enum Action {
        case down, move, up, cancel, other

        /// Android's names (`ACTION_DOWN` or `down`, any case, logcat's `ACTION_POINTER_DOWN(1)`
        /// with its pointer's index) or MotionEvent's numbers (0 down, 1 up, 2 move, 3 cancel,
        /// also written `2.0`; `getAction()`'s 261 is 5 with pointer 1 in its second byte, read as
        /// `getActionMasked()` gives it); other actions (a second pointer, hover, a mouse's scroll
        /// and buttons, 4 to 12) are `other`.
        init?(_ text: String) {
            // A number as a spreadsheet or pandas writes it (`2.0`) is that number.
            let number = PageViewFields.wholeNumber(text)
            let name = number.map { (256 ..< 65_536).contains($0) ? String($0 & 0xFF) : String($0) } ?? text
            var spelt = name.lowercased().replacingOccurrences(of: "action_", with: "")
            if spelt.hasSuffix(")"), let open = spelt.lastIndex(of: "("), spelt[spelt.index(after: open)...].dropLast().allSatisfy(\.isNumber) {
                spelt = String(spelt[..<open])
            }
            switch spelt {
            case "down", "0": self = .down
            case "up", "1": self = .up
            case "move", "2": self = .move
            case "cancel", "3": self = .cancel
            case "pointer_down", "pointer_up", "5", "6", "7", "8", "9", "10", "11", "12", "hover_move", "hover_enter", "hover_exit",
                 "outside", "4", "scroll", "button_press", "button_release":
                self = .other
            default: return nil
            }
        }
    }

    /// Pixels to dp.
    var scale: Double { 160 / dpi }
}

/// One session's touch samples, read row by row: a small state machine whose state is the finger
/// (up, or down with its stroke so far). A down opens a stroke (ending any left open, as
/// cancelled), a move adds to it, an up or a cancel ends it; an ended stroke becomes the event its
/// gesture is (`Stroke.gesture`: a tap, a vertical scroll, a committed or cancelled swipe). The
/// session ends `dwellMs` after its last sample.
package struct TouchRows: SessionRows {
    enum Finger {
        case up
        case down(Stroke)
    }

    let importer: TouchImport
    let id: String
    let firstLine: Int
    let file: String
    private let time: LogTime
    private var finger = Finger.up
    private var events: [Event] = []
    private var scrollY = 0.0
    /// The first sample's time (the session's t = 0) and the last one's, ms; nil before the first.
    private var originMs: Int?
    private var lastMs = 0
    /// The last sample's time as written.
    private var lastTimeText = ""
    /// When each stroke's touch went down, ms as read with their fractions.
    public private(set) var actionTimesMs: [Double] = []

    init(importer: TouchImport, id: String, line: Int, file: String) {
        self.importer = importer
        self.id = id
        firstLine = line
        self.file = file
        time = LogTime(unit: importer.timeUnit)
    }

    public mutating func read(line: Int, _ value: (String) -> String?) -> ImportError? {
        let columns = importer.columns
        guard let timeText = value(columns.time), let timeMs = time.ms(timeText) else {
            return .badTime(value(columns.time) ?? "", importer.timeUnit, column: columns.time)
        }
        guard let actionText = value(columns.action), let action = TouchImport.Action(actionText) else {
            return .badAction(value(columns.action) ?? "", column: columns.action)
        }
        guard let xText = value(columns.x), let yText = value(columns.y), let x = Double(xText), let y = Double(yText),
              x.isFinite, y.isFinite else {
            return .badPosition(x: value(columns.x) ?? "", y: value(columns.y) ?? "", xColumn: columns.x, yColumn: columns.y)
        }
        let origin = originMs ?? timeMs
        if originMs == nil {
            originMs = timeMs
            lastMs = timeMs
        }
        guard timeMs >= lastMs else {
            return .timeBeforePreviousRow(previous: LogTime.quoted(lastTimeText), time: LogTime.quoted(timeText) + " in column " + LogTime.quoted(columns.time))
        }
        lastMs = timeMs
        lastTimeText = timeText
        let scale = importer.scale
        let sample = Stroke.Sample(timeMs: timeMs - origin, x: x * scale, y: y * scale)
        switch (action, finger) {
        case (.down, _):
            endStroke(cancelled: true)
            actionTimesMs.append(time.fractionalMs(timeText) ?? Double(timeMs))
            finger = .down(Stroke(samples: [sample]))
        case (.move, .down(var stroke)):
            stroke.samples.append(sample)
            finger = .down(stroke)
        case (.up, .down(var stroke)), (.cancel, .down(var stroke)):
            stroke.samples.append(sample)
            finger = .down(stroke)
            endStroke(cancelled: action == .cancel)
        case (.move, .up), (.up, .up), (.cancel, .up), (.other, _):
            // A move, up or cancel with no finger down (a stray sample of a logger) is no stroke: skipped.
            break
        }
        return nil
    }

    public mutating func finish() -> Result<Session, ImportRejection> {
        endStroke(cancelled: true)
        let endMs = lastMs - (originMs ?? lastMs) + importer.dwellMs
        guard endMs <= RecordingLimits.maxTimeMs else { return .failure(ImportRejection(line: firstLine, reason: .tooLong(endMs))) }
        events.append(Event(timeMs: endMs, kind: .end))
        return .success(Session(id: id, file: file, line: firstLine, page: importer.page, first: importer.first, last: importer.last,
                                events: events))
    }

    /// Ends the open stroke, if any, and adds the event its gesture is.
    private mutating func endStroke(cancelled: Bool) {
        guard case var .down(stroke) = finger else { return }
        finger = .up
        stroke.cancelled = stroke.cancelled || cancelled
        let widthDp = importer.widthPx * importer.scale
        switch stroke.gesture(widthDp: widthDp, thresholds: importer.thresholds) {
        case let .tap(timeMs, x)?:
            events.append(Event(timeMs: timeMs, kind: .tap(x < widthDp / 2 ? .prev : .next)))
        case let .scroll(timeMs, dy)?:
            scrollY = max(0, scrollY - dy)
            events.append(Event(timeMs: timeMs, kind: .scroll(y: scrollY.rounded())))
        case let .swipe(timeMs, durationMs, direction, committed)?:
            events.append(Event(timeMs: timeMs, kind: .swipe(direction, durationMs: durationMs, cancelled: !committed)))
            if committed { scrollY = 0 }
        case nil: break
        }
    }
}
