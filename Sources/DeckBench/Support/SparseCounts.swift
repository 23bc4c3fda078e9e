/// Counts over a fixed range of cells, most of them zero: kept as a map of the cells that hold
/// something until that map would be as large as the dense layout (a sixteenth of the cells used),
/// then dense: a byte per cell, and the few cells that reach 255 in a map of their own (a cell's
/// byte 255 says its count is there). Readers see cells in increasing order, whatever the layout.
struct SparseCounts: Sendable {
    /// Cells 0 ..< size.
    let size: Int
    private var map = CountMap<UInt32, UInt32>()
    /// Every cell's count below 255, once the map has grown past `size / 16` cells; empty before.
    private var bytes: [UInt8] = []
    /// Once dense, the counts of the cells whose byte is 255.
    private var large = CountMap<UInt32, UInt32>()

    private static var inLarge: UInt8 { 255 }

    init(size: Int) {
        self.size = size
    }

    var isDense: Bool { !bytes.isEmpty }

    /// Bytes held: the map's, or the dense layout's.
    var footprint: Int { isDense ? bytes.capacity + large.footprint : map.footprint }

    @inline(__always)
    mutating func add(_ count: UInt32, at cell: Int) {
        if isDense {
            let byte = bytes[cell]
            if byte != Self.inLarge, count < UInt32(Self.inLarge - byte) {
                bytes[cell] = byte + UInt8(count)
            } else {
                addLarge(count, at: cell)
            }
            return
        }
        map.add(count, to: UInt32(cell))
        if map.count > size / 16 { densify() }
    }

    private mutating func addLarge(_ count: UInt32, at cell: Int) {
        if bytes[cell] != Self.inLarge {
            large.add(UInt32(bytes[cell]), to: UInt32(cell))
            bytes[cell] = Self.inLarge
        }
        large.add(count, to: UInt32(cell))
    }

    private mutating func densify() {
        bytes = Array(repeating: 0, count: size)
        let sparse = map
        map = CountMap()
        sparse.forEach { cell, count in add(count, at: Int(cell)) }
    }

    mutating func merge(_ other: SparseCounts) {
        other.forEachNonzero { cell, count in add(count, at: cell) }
    }

    /// Calls `body` with every cell that holds something and its count, in increasing cell order.
    func forEachNonzero(_ body: (Int, UInt32) -> Void) {
        if isDense {
            for (cell, byte) in bytes.enumerated() where byte != 0 {
                body(cell, byte == Self.inLarge ? large.count(of: UInt32(cell)) : UInt32(byte))
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
