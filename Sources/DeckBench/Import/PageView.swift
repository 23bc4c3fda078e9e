/// One row of a page-view log: a session shown a page at a time.
package struct PageView: Sendable, Hashable {
    public var session: String
    /// Milliseconds on the log's clock (since the epoch, or any origin: only differences count).
    public var timeMs: Int
    public var page: Int
    /// The row's line in its file (1-based; the header is line 1).
    public var line: Int

    public init(session: String, timeMs: Int, page: Int, line: Int) {
        self.session = session
        self.timeMs = timeMs
        self.page = page
        self.line = line
    }
}
