/// The size of the shortest edit script between two lists of item ids: insertions plus removals,
/// what a diffing UI animates. Myers' O((N+M)·D) greedy algorithm, specialised for `[Int]`; it
/// agrees with the standard library's `difference(from:)` (also Myers, but generic and building
/// the whole script), which the tests check on random lists.
enum ListDifference {
    /// Insertions plus removals that turn `old` into `new`.
    static func operationCount(from old: [Int], to new: [Int]) -> Int {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = old[prefix ..< old.count - suffix]
        let b = new[prefix ..< new.count - suffix]
        let n = a.count
        let m = b.count
        guard n > 0, m > 0 else { return n + m }
        let limit = n + m
        // furthest[k + limit]: the furthest x reached on diagonal k = x − y.
        var furthest = [Int](repeating: 0, count: 2 * limit + 2)
        for d in 0 ... limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[k - 1 + limit] < furthest[k + 1 + limit])
                    ? furthest[k + 1 + limit] : furthest[k - 1 + limit] + 1
                var y = x - k
                while x < n, y < m, a[a.startIndex + x] == b[b.startIndex + y] {
                    x += 1
                    y += 1
                }
                furthest[k + limit] = x
                if x >= n, y >= m { return d }
            }
        }
        return limit
    }
}
