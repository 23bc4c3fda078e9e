/// The values at given ranks of a list, as sorting it would place them, without sorting it. An
/// interval needs two ranks of a thousand replicates, for every column of every row of a sweep:
/// ranks near either end (an interval's 2.5 % and 97.5 %) are read by one pass over the list that
/// keeps, in order, only the few values at or beyond the rank; other ranks by Hoare's selection
/// (quickselect, median-of-three pivots) narrowed to each rank in turn.
enum RankSelection {
    /// Lists at least this long whose ranks all lie within a sixteenth of an end take the one pass
    /// (on 1,000 values about 5 K instructions a rank, where quickselect's copy and partitions
    /// took about 85 K).
    static let passFrom = 64

    /// `values` sorted ascending, at each of `ranks` (0-based, ascending, in range).
    static func values(_ values: [Double], at ranks: [Int]) -> [Double] {
        let count = values.count
        var low = 0
        for rank in ranks {
            precondition(rank >= 0 && rank < count && rank >= low, "ranks ascending and in range")
            low = rank
        }
        guard count >= passFrom, ranks.allSatisfy({ Swift.min($0, count - 1 - $0) < count / 16 }) else {
            return selecting(values, at: ranks)
        }
        return values.withUnsafeBufferPointer { items in
            ranks.map { rank in rank < count - 1 - rank ? smallest(rank + 1, of: items) : largest(count - rank, of: items) }
        }
    }

    /// The `kept`-th smallest of `items` (1-based): the `kept` smallest so far held in ascending
    /// order, a value entering only when below the largest of them.
    private static func smallest(_ kept: Int, of items: UnsafeBufferPointer<Double>) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: kept) { held in
            for index in 0 ..< kept { insert(items[index], into: held, above: index, before: <) }
            for index in kept ..< items.count where items[index] < held[kept - 1] {
                insert(items[index], into: held, above: kept - 1, before: <)
            }
            return held[kept - 1]
        }
    }

    /// The `kept`-th largest of `items` (1-based), as `smallest` from the other end.
    private static func largest(_ kept: Int, of items: UnsafeBufferPointer<Double>) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: kept) { held in
            for index in 0 ..< kept { insert(items[index], into: held, above: index, before: >) }
            for index in kept ..< items.count where items[index] > held[kept - 1] {
                insert(items[index], into: held, above: kept - 1, before: >)
            }
            return held[kept - 1]
        }
    }

    /// Puts `value` into `held[0 ... filled]`, whose first `filled` are in `before` order, moving
    /// those `value` comes before up by one (what was at `filled` is dropped).
    @inline(__always)
    private static func insert(_ value: Double, into held: UnsafeMutableBufferPointer<Double>, above filled: Int,
                               before: (Double, Double) -> Bool) {
        var slot = filled
        while slot > 0, before(value, held[slot - 1]) {
            held[slot] = held[slot - 1]
            slot -= 1
        }
        held[slot] = value
    }

    /// Quickselect on a copy of `values`, narrowed to each rank in turn.
    private static func selecting(_ values: [Double], at ranks: [Int]) -> [Double] {
        var items = values
        var results: [Double] = []
        var low = 0
        items.withUnsafeMutableBufferPointer { items in
            for rank in ranks {
                results.append(select(&items, rank, from: low, to: items.count - 1))
                // Everything before `rank` is ≤ it now: the next, larger rank lies at or after it.
                low = rank
            }
        }
        return results
    }

    /// Rearranges `items[low ... high]` so that position `rank` holds the value sorting would put
    /// there, the smaller ones before it and the larger after; returns that value.
    ///
    /// Each pass splits the range in three around the pivot: below it, equal to it, above it. A
    /// rank among the equal ones is found; the next pass takes only the part that holds the rank.
    /// With two parts (below, and the rest) a list of equal values lost one value a pass: 5,000
    /// equal download rates in `networks fit` took 12.5 million comparisons a resample.
    private static func select(_ items: inout UnsafeMutableBufferPointer<Double>, _ rank: Int, from low: Int, to high: Int) -> Double {
        var (low, high) = (low, high)
        while high > low {
            let middle = low + (high - low) / 2
            // Median of three as the pivot.
            if items[middle] < items[low] { items.swapAt(middle, low) }
            if items[high] < items[low] { items.swapAt(high, low) }
            if items[middle] < items[high] { items.swapAt(middle, high) }
            let pivot = items[high]
            // items[low ..< below] < pivot, items[below ..< index] == pivot, items[above + 1 ... high] > pivot.
            var below = low, index = low, above = high
            while index <= above {
                let item = items[index]
                if item < pivot {
                    items.swapAt(below, index)
                    below += 1
                    index += 1
                } else if item > pivot {
                    items.swapAt(index, above)
                    above -= 1
                } else {
                    index += 1
                }
            }
            if rank < below {
                high = below - 1
            } else if rank > above {
                low = above + 1
            } else {
                return pivot
            }
        }
        return items[rank]
    }
}
