/// The values at given ranks of a list, as sorting it would place them, without sorting it:
/// Hoare's selection (quickselect, median-of-three pivots) narrowed to each rank in turn. An
/// interval needs two ranks of a thousand replicates, for every column of every row of a sweep.
enum RankSelection {
    /// `values` sorted ascending, at each of `ranks` (0-based, ascending, in range).
    static func values(_ values: [Double], at ranks: [Int]) -> [Double] {
        var items = values
        var results: [Double] = []
        var low = 0
        items.withUnsafeMutableBufferPointer { items in
            for rank in ranks {
                precondition(rank >= 0 && rank < items.count && rank >= low, "ranks ascending and in range")
                results.append(select(&items, rank, from: low, to: items.count - 1))
                // Everything before `rank` is ≤ it now: the next, larger rank lies at or after it.
                low = rank
            }
        }
        return results
    }

    /// Rearranges `items[low ... high]` so that position `rank` holds the value sorting would put
    /// there, the smaller ones before it and the larger after; returns that value.
    private static func select(_ items: inout UnsafeMutableBufferPointer<Double>, _ rank: Int, from low: Int, to high: Int) -> Double {
        var (low, high) = (low, high)
        while high > low {
            let middle = low + (high - low) / 2
            // Median of three as the pivot, moved to `high`.
            if items[middle] < items[low] { items.swapAt(middle, low) }
            if items[high] < items[low] { items.swapAt(high, low) }
            if items[middle] < items[high] { items.swapAt(middle, high) }
            let pivot = items[high]
            var store = low
            for index in low ..< high where items[index] < pivot {
                items.swapAt(index, store)
                store += 1
            }
            items.swapAt(store, high)
            if rank == store { return items[store] }
            if rank < store { high = store - 1 } else { low = store + 1 }
        }
        return items[rank]
    }
}
