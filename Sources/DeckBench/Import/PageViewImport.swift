import CSV
import Foundation

/// `deckbench import pageviews`: page-view logs (a row per view: session, time, page) made into
/// v1 recordings, a session converted by `PageViewConversion` once its last row is read (the rest,
/// shared with every format, is `Importer.run`).
package struct PageViewImport: Importer {
    /// The columns (CSV header names, or JSON keys) of the session id, the time and the page.
    public var sessionColumn: String
    public var timeColumn: String
    public var pageColumn: String
    public var userColumn: String?
    public var fields: PageViewFields
    public var conversion: PageViewConversion

    public init(sessionColumn: String, timeColumn: String, pageColumn: String, userColumn: String? = nil,
                fields: PageViewFields = PageViewFields(), conversion: PageViewConversion = PageViewConversion()) {
        self.sessionColumn = sessionColumn
        self.timeColumn = timeColumn
        self.pageColumn = pageColumn
        self.userColumn = userColumn
        self.fields = fields
        self.conversion = conversion
    }

    public var rowColumns: [String] { [timeColumn, pageColumn] }
    public var timeUnit: LogTime.Unit { fields.timeUnit }
    public static var actions: String { "changes of page" }

    public func rows(of id: String, line: Int, file: String) -> PageViewRows {
        PageViewRows(importer: self, id: id, file: file)
    }
}

/// One session's page views, read row by row and made into a recording by `PageViewConversion`
/// once the last is in.
package struct PageViewRows: SessionRows {
    let importer: PageViewImport
    let id: String
    let file: String
    private var views: [PageView] = []
    /// The last view's time as written, for a message when the next comes before it, and as read
    /// with its fraction.
    private var lastTimeText = ""
    private var lastExactMs = -Double.infinity
    /// The first view's time and each change of page's, ms as read with their fractions.
    public private(set) var actionTimesMs: [Double] = []

    init(importer: PageViewImport, id: String, file: String) {
        self.importer = importer
        self.id = id
        self.file = file
    }

    public mutating func read(line: Int, _ value: (String) -> String?) -> ImportError? {
        let fields = importer.fields
        guard let time = value(importer.timeColumn) else { return .missingField(importer.timeColumn) }
        guard let page = value(importer.pageColumn) else { return .missingField(importer.pageColumn) }
        let parsed = fields.timeMs(time, column: importer.timeColumn).flatMap { timeMs in
            fields.page(page, column: importer.pageColumn).map { PageView(session: id, timeMs: timeMs, page: $0, line: line) }
        }
        switch parsed {
        case let .success(view):
            // Compared with their fractions: µs a few hundred apart are in order or not, though
            // they round to the same millisecond.
            let exactMs = fields.timeUnit == .ms && time.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                ? Double(view.timeMs) : LogTime(unit: fields.timeUnit).fractionalMs(time) ?? Double(view.timeMs)
            if exactMs < lastExactMs {
                return .timeGoesBack(previous: LogTime.quoted(lastTimeText), time: LogTime.quoted(time) + " in column " + LogTime.quoted(importer.timeColumn))
            }
            if views.last?.page != view.page { actionTimesMs.append(exactMs) }
            views.append(view)
            lastTimeText = time
            lastExactMs = exactMs
            return nil
        case let .failure(reason):
            return reason
        }
    }

    public mutating func finish() -> Result<Session, ImportRejection> {
        importer.conversion.session(views, file: file).mapError { reason in
            // The view that shows the reason, where one does; else the session's first.
            let line = views.first { view in
                if case let .pageOutsideBounds(page, _, _) = reason { return view.page == page }
                return false
            }?.line ?? views.first?.line ?? 0
            return ImportRejection(line: line, reason: reason)
        }
    }
}
