/// Counts over a fixed range of cells, most of them zero: kept as a map of the cells that hold
/// something while they are few (up to `mapLimit`, `size / 64` unless told), then paged: the cells
/// in pages of 64, a page given its 64 bytes (a cell's count below 255; 255 says its count is in a
/// map of their own) when a cell of it first holds something, and a table that says where each page
/// is (2 bytes a page). Readers see cells in increasing order, whatever the layout.
///
/// Adding to a cell is then a table read and a byte written, a new page 64 bytes appended; the
/// layout costs 2 bytes per 64 cells and 64 bytes per page in use: for the 65,536 stall bins of a
/// policy × network, 2 KiB plus 64 bytes for each of the 1,024 pages that holds a stall (at most the
/// dense 64 KiB; a stall time's bins are 128 groups of sessions side by side, so a bin that holds
/// stalls fills its two pages).
struct SparseCounts: Sendable {
    /// Cells 0 ..< size.
    let size: Int
    /// Cells the map holds before the layout turns paged.
    let mapLimit: Int
    private(set) var map = CountMap<UInt32, UInt32>()
    /// Paged: for each page of `pageCells` cells, 1 + where its bytes are in `bytes` (in pages), 0
    /// while none of its cells holds anything; empty while the map is in use.
    private(set) var pages: [UInt16] = []
    /// Paged: the bytes of every page in use, `pageCells` a page, in the order the pages were
    /// first used: a cell's count when below 255, 0 for nothing, 255 when its count is in `large`.
    private(set) var bytes: [UInt8] = []
    /// Paged: the counts of the cells whose byte is 255.
    private(set) var large = CountMap<UInt32, UInt32>()

    static var inLarge: UInt8 { 255 }
    static var pageShift: Int { 6 }
    static var pageCells: Int { 1 << pageShift }

    init(size: Int, mapLimit: Int? = nil) {
        precondition((size + Self.pageCells - 1) >> Self.pageShift < Int(UInt16.max), "SparseCounts: \(size) cells, more pages than the table numbers")
        self.size = size
        self.mapLimit = mapLimit ?? size / 64
    }

    var isPaged: Bool { !pages.isEmpty }

    /// Bytes held: the map's, or the paged layout's.
    var footprint: Int {
        isPaged
            ? pages.capacity * MemoryLayout<UInt16>.stride + bytes.capacity + large.footprint
            : map.footprint
    }

    @inline(__always)
    mutating func add(_ count: UInt32, at cell: Int) {
        guard count > 0 else { return }
        defer { checkInvariants(cell: cell) }
        if isPaged { return addPaged(count, at: cell) }
        addMapped(count, at: cell)
    }

    @inline(never)
    private mutating func addMapped(_ count: UInt32, at cell: Int) {
        map.add(count, to: UInt32(cell))
        if map.count > mapLimit { page() }
    }

    @inline(__always)
    private mutating func addPaged(_ count: UInt32, at cell: Int) {
        let page = cell >> Self.pageShift
        var slot = Int(pages[page])
        if slot == 0 { slot = open(page) }
        let index = (slot - 1) << Self.pageShift | (cell & (Self.pageCells - 1))
        let byte = bytes[index]
        if byte != Self.inLarge, count < UInt32(Self.inLarge - byte) {
            bytes[index] = byte + UInt8(count)
        } else {
            addLarge(count, at: cell, index: index)
        }
    }

    /// Adds `count` to `cell`, at `index` in `bytes`, in the map of large counts (moving its count
    /// there first if its byte still holds it).
    @inline(never)
    private mutating func addLarge(_ count: UInt32, at cell: Int, index: Int) {
        let byte = bytes[index]
        if byte != Self.inLarge {
            large.add(UInt32(byte), to: UInt32(cell))
            bytes[index] = Self.inLarge
        }
        large.add(count, to: UInt32(cell))
    }

    /// Gives `page` its bytes, all 0, after the pages in use; returns its entry in `pages`.
    @inline(never)
    private mutating func open(_ page: Int) -> Int {
        bytes.reserveModestly(for: Self.pageCells, limit: pages.count << Self.pageShift)
        bytes.append(contentsOf: repeatElement(0, count: Self.pageCells))
        let slot = bytes.count >> Self.pageShift
        pages[page] = UInt16(slot)
        return slot
    }

    /// From the map to the paged layout, the map's cells added in cell order.
    private mutating func page() {
        let sorted = map.sorted
        map = CountMap()
        pages = Array(repeating: 0, count: (size + Self.pageCells - 1) >> Self.pageShift)
        for (cell, count) in sorted { addPaged(count, at: Int(cell)) }
        checkInvariants()
    }

    /// The count of `cell`.
    func count(at cell: Int) -> UInt32 {
        guard isPaged else { return map.count(of: UInt32(cell)) }
        let slot = Int(pages[cell >> Self.pageShift])
        guard slot > 0 else { return 0 }
        let byte = bytes[(slot - 1) << Self.pageShift | (cell & (Self.pageCells - 1))]
        return byte == Self.inLarge ? large.count(of: UInt32(cell)) : UInt32(byte)
    }

    mutating func merge(_ other: SparseCounts) {
        other.forEachNonzero { cell, count in add(count, at: cell) }
    }

    /// Calls `body` with every cell that holds something and its count, in increasing cell order.
    func forEachNonzero(_ body: (Int, UInt32) -> Void) {
        if isPaged {
            for (page, slot) in pages.enumerated() where slot != 0 {
                let start = Int(slot - 1) << Self.pageShift
                for offset in 0 ..< Self.pageCells where bytes[start + offset] != 0 {
                    let cell = page << Self.pageShift | offset
                    let byte = bytes[start + offset]
                    body(cell, byte == Self.inLarge ? large.count(of: UInt32(cell)) : UInt32(byte))
                }
            }
        } else {
            for (cell, count) in map.sorted where count != 0 { body(Int(cell), count) }
        }
    }

    /// Every cell's count.
    var dense: [UInt32] {
        var dense = [UInt32](repeating: 0, count: size)
        forEachNonzero { cell, count in dense[cell] = count }
        return dense
    }
}

extension SparseCounts: Equatable {
    static func == (lhs: SparseCounts, rhs: SparseCounts) -> Bool {
        lhs.size == rhs.size && lhs.dense == rhs.dense
    }
}
