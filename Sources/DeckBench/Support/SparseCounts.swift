/// Counts over a fixed range of cells, most of them zero: kept as a map of the cells that hold
/// something until that map would be as large as the dense array (an eighth of the cells used),
/// then as the dense array. Readers see cells in increasing order, whatever the layout.
struct SparseCounts: Sendable {
    /// Cells 0 ..< size.
    let size: Int
    private var map = CountMap<UInt32, UInt32>()
    /// Every cell, once the map has grown past `size / 8` cells; empty before.
    private var array: [UInt32] = []

    init(size: Int) {
        self.size = size
    }

    var isDense: Bool { !array.isEmpty }

    /// Bytes held: the map's, or the dense array's.
    var footprint: Int { isDense ? array.capacity * MemoryLayout<UInt32>.stride : map.footprint }

    @inline(__always)
    mutating func add(_ count: UInt32, at cell: Int) {
        if isDense {
            array[cell] += count
            return
        }
        map.add(count, to: UInt32(cell))
        if map.count > size / 8 { densify() }
    }

    private mutating func densify() {
        array = Array(repeating: 0, count: size)
        map.forEach { cell, count in array[Int(cell)] = count }
        map = CountMap()
    }

    mutating func merge(_ other: SparseCounts) {
        other.forEachNonzero { cell, count in add(count, at: cell) }
    }

    /// Calls `body` with every cell that holds something and its count, in increasing cell order.
    func forEachNonzero(_ body: (Int, UInt32) -> Void) {
        if isDense {
            for (cell, count) in array.enumerated() where count != 0 { body(cell, count) }
        } else {
            for (cell, count) in map.sorted where count != 0 { body(Int(cell), count) }
        }
    }

    /// Every cell's count.
    var dense: [UInt32] {
        if isDense { return array }
        var dense = [UInt32](repeating: 0, count: size)
        map.forEach { cell, count in dense[Int(cell)] = count }
        return dense
    }
}

extension SparseCounts: Equatable {
    static func == (lhs: SparseCounts, rhs: SparseCounts) -> Bool {
        lhs.size == rhs.size && lhs.dense == rhs.dense
    }
}
