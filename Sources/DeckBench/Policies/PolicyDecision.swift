/// What a policy decided: the pages to keep cached and the pages to request, most urgent first.
/// The replay hands the same value to every decision, emptied, so that its storage is reused.
public struct PolicyDecision: Sendable {
    /// The pages to keep: any set, as ranges (usually one window).
    public private(set) var keep = PageSet()
    /// The pages to request, most urgent first.
    public private(set) var requests: [Int] = []

    public init() {}

    /// Keeps every page of `pages`.
    @inline(__always)
    public mutating func keep(_ pages: ClosedRange<Int>) {
        keep.insert(pages)
    }

    /// Keeps `page`.
    @inline(__always)
    public mutating func keep(_ page: Int) {
        keep.insert(page ... page)
    }

    /// Asks for `page` after the pages asked for so far.
    @inline(__always)
    public mutating func request(_ page: Int) {
        requests.append(page)
    }

    /// Forgets the decision, keeping its storage.
    @inline(__always)
    mutating func removeAll() {
        keep.removeAll()
        // Not `removeAll(keepingCapacity:)`: for a few elements its generic path costs more.
        while !requests.isEmpty { requests.removeLast() }
    }
}

/// A set of pages held as ranges: the first (a window, what most policies keep) inline, any
/// others in an array that stays empty for them.
public struct PageSet: Sendable, Equatable {
    /// The first range.
    private(set) var window: ClosedRange<Int>?
    /// The other ranges, and their count kept inline: a window's `contains` never touches the
    /// array (no reference counting).
    private(set) var more: [ClosedRange<Int>] = []
    private(set) var moreCount = 0

    public init() {}

    public init(_ range: ClosedRange<Int>) {
        window = range
    }

    /// The ranges, in the order they were inserted.
    public var ranges: [ClosedRange<Int>] { (window.map { [$0] } ?? []) + more }

    /// - Complexity: O(1) for a window, O(number of ranges) for any other set.
    /// The set's one range, when it is one range (nil when empty or more).
    var singleWindow: ClosedRange<Int>? { moreCount == 0 ? window : nil }

    @inline(__always)
    public func contains(_ page: Int) -> Bool {
        if let window, window.contains(page) { return true }
        if moreCount == 0 { return false }
        for range in more where range.contains(page) { return true }
        return false
    }

    @inline(__always)
    public mutating func insert(_ pages: ClosedRange<Int>) {
        if window == nil {
            window = pages
        } else {
            more.append(pages)
            moreCount += 1
        }
    }

    @inline(__always)
    mutating func removeAll() {
        window = nil
        if moreCount > 0 {
            more.removeAll(keepingCapacity: true)
            moreCount = 0
        }
    }
}
