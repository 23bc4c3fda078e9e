/// A growable list of plain values in storage of its own, for the replay's per-session lists (pages
/// being dragged in, cached pages, swipes in progress): unlike `Array`, reading, appending and
/// removing never retain a buffer nor check that it is uniquely referenced, and copying the list by
/// accident is a compile error. Emptied between sessions, keeping its storage.
struct FlatList<Element: BitwiseCopyable>: ~Copyable {
    private(set) var storage: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            // One unsigned comparison, as in every check of an index here: a negative index is above every count.
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of 0..<\(count)")
            return storage[index]
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of 0..<\(count)")
            storage[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        storage[count] = element
        // Wrapping, as every change of `count` here: it stays within 0 ... capacity.
        count &+= 1
        checkInvariants()
    }

    /// Inserts `element` before the run of elements at the end for which `goesAfter` holds
    /// (moving them up by one): in a sorted list, a sorted insert that costs only the append when
    /// the new element goes last.
    @inline(__always)
    mutating func insertFromEnd(_ element: Element, before goesAfter: (Element) -> Bool) {
        if count == capacity { grow() }
        var index = count
        while index > 0, goesAfter(storage[index - 1]) {
            storage[index] = storage[index - 1]
            index -= 1
        }
        storage[index] = element
        count &+= 1
        checkInvariants()
    }

    /// Removes and returns the last element.
    @inline(__always)
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast of an empty list")
        count &-= 1
        checkInvariants()
        return storage[count]
    }

    /// The last element, if any.
    var last: Element? {
        @inline(__always) get { count > 0 ? storage[count - 1] : nil }
    }

    /// Removes the element at `index`, keeping the order of the others.
    mutating func remove(at index: Int) -> Element {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of 0..<\(count)")
        let element = storage[index]
        count &-= 1
        // The last element (a link's only transfer, most often) moves nothing: no call to memmove.
        if index < count { (storage + index).update(from: storage + index + 1, count: count - index) }
        checkInvariants()
        return element
    }

    /// Removes the element at `index`, moving the last one into its place.
    @inline(__always)
    mutating func swapRemove(at index: Int) {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of 0..<\(count)")
        count &-= 1
        storage[index] = storage[count]
        checkInvariants()
    }

    @inline(__always)
    mutating func removeAll() {
        count = 0
        checkInvariants()
    }

    /// The index of the first element that satisfies `predicate`.
    @inline(__always)
    func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        var index = 0
        while index < count {
            if predicate(storage[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The index of the last element that satisfies `predicate`.
    @inline(__always)
    func lastIndex(where predicate: (Element) -> Bool) -> Int? {
        var index = count
        while index > 0 {
            // Wrapping: above 0.
            index &-= 1
            if predicate(storage[index]) { return index }
        }
        return nil
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.initialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}

extension FlatList where Element: Equatable {
    @inline(__always)
    func contains(_ element: Element) -> Bool {
        var index = 0
        while index < count {
            if storage[index] == element { return true }
            index += 1
        }
        return false
    }

    @inline(__always)
    func firstIndex(of element: Element) -> Int? {
        firstIndex { $0 == element }
    }
}
