import Foundation

/// The server-side life of one page during one session: its items at t = 0 and every change
/// (insert, delete or replace one item) with its time. Version `v` is the content after the
/// first `v` changes. Made from a generator keyed by (seed, session, page), so every policy
/// replaying the session sees the same history.
struct PageHistory {
    enum Change {
        case insert(at: Int, id: Int)
        case delete(at: Int)
        case replace(at: Int, id: Int)
    }

    private(set) var changeTimesUs: [Int] = []
    private(set) var changes: [Change] = []
    private let initialItems: Int

    /// A history written out by hand: `initialItems` items (ids 0, 1, ...) and the given changes,
    /// in time order. Scenario tests use it to know the content exactly.
    init(initialItems: Int, changes: [(timeUs: Int, change: Change)]) {
        self.initialItems = initialItems
        changeTimesUs = changes.map(\.timeUs)
        self.changes = changes.map(\.change)
    }

    /// When the change after one at `timeUs` comes, at `rate` changes a microsecond: the draw a
    /// history takes for each of its changes in turn, the first after 0.
    @inline(__always)
    static func nextChangeUs(after timeUs: Double, rate: Double, random: inout SeededGenerator) -> Double {
        timeUs + -log(1 - random.unit()) / rate
    }

    /// Changes until `endUs` of a page `distance` pages before the newest.
    init(model: ContentModel, distance: Int, endUs: Int, random: inout SeededGenerator) {
        initialItems = model.items
        let rate = model.changesPerMicrosecond(distance: distance)
        guard rate > 0 else { return }
        var timeUs = 0.0
        var count = model.items
        var nextID = model.items
        while true {
            timeUs = Self.nextChangeUs(after: timeUs, rate: rate, random: &random)
            guard timeUs <= Double(endUs) else { break }
            let change: Change
            let choice = count == 0 ? 0 : Int(random.next() % 3)
            switch choice {
            case 0:
                change = .insert(at: Int(random.next() % UInt64(count + 1)), id: nextID)
                nextID += 1
                count += 1
            case 1:
                change = .delete(at: Int(random.next() % UInt64(count)))
                count -= 1
            default:
                change = .replace(at: Int(random.next() % UInt64(count)), id: nextID)
                nextID += 1
            }
            changeTimesUs.append(Int(timeUs))
            changes.append(change)
        }
    }

    /// The version the server holds at `timeUs`: the number of changes made by then.
    @inline(__always)
    func version(atUs timeUs: Int) -> Int {
        var low = 0
        var high = changeTimesUs.count
        while low < high {
            let middle = (low + high) / 2
            if changeTimesUs[middle] <= timeUs { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// When the version after `version` appears on the server: the time of change number
    /// `version + 1`; nil when there is none.
    func changeTimeUs(after version: Int) -> Int? {
        version >= 0 && version < changeTimesUs.count ? changeTimesUs[version] : nil
    }

    /// The item ids of `version`.
    func items(version: Int) -> [Int] {
        var items = Array(0 ..< initialItems)
        for change in changes.prefix(version) {
            switch change {
            case let .insert(at, id): items.insert(id, at: at)
            case let .delete(at): items.remove(at: at)
            case let .replace(at, id): items[at] = id
            }
        }
        return items
    }

    /// The number of items in `version`, without building the list.
    @inline(__always)
    func itemCount(version: Int) -> Int {
        guard version > 0 else { return initialItems }
        var count = initialItems
        for change in changes.prefix(version) {
            switch change {
            case .insert: count += 1
            case .delete: count -= 1
            case .replace: break
            }
        }
        return count
    }

    /// Insertions plus removals of the list difference from `old` to `new` (as the standard
    /// library's `difference(from:)` counts them): what a diffing UI animates.
    func diffOperations(from old: Int, to new: Int) -> Int {
        ListDifference.operationCount(from: items(version: old), to: items(version: new))
    }
}
