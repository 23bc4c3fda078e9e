/// Micro-benchmarks of the replay's building blocks, for `deckbench bench`: the list difference
/// (the standard library's and DeckBench's), the event queue, and the two line parsers. Each is
/// timed on a real clock over many repetitions (best of five runs); nothing here runs during a
/// replay.
package enum MicroBenchmark {
    /// One measured building block.
    public struct Result: Sendable {
        public var name: String
        public var nanosecondsPerOperation: Double
    }

    public static func runAll() -> [Result] {
        var results: [Result] = []
        let (old, new) = editedLists(count: 50, changes: 5)
        results.append(measure("list difference, 50 items, 5 changes: difference(from:)", operations: 2_000) {
            let difference = new.difference(from: old)
            return difference.insertions.count + difference.removals.count
        })
        results.append(measure("list difference, 50 items, 5 changes: ListDifference", operations: 2_000) {
            ListDifference.operationCount(from: old, to: new)
        })
        results.append(eventQueue(waiting: 10_000, operations: 200_000))
        let line = Array(#"{"t":123456,"e":"swipe","dir":"next","dur":280}"#.utf8)
        results.append(measure("parse an event line: canonical fast path", operations: 200_000) {
            CanonicalLineParser.parse(line) == nil ? 0 : 1
        })
        let parser = LineParser()
        results.append(measure("parse an event line: full JSON parser", operations: 200_000) {
            (try? parser.parse(line)) == nil ? 0 : 1
        })
        return results
    }

    /// Best of five runs of `operations` calls of `body`, per call.
    private static func measure(_ name: String, operations: Int, _ body: () -> Int) -> Result {
        var best = Double.infinity
        var sink = 0
        for _ in 0 ..< 5 {
            let start = ContinuousClock.now
            for _ in 0 ..< operations { sink &+= body() }
            best = min(best, seconds(ContinuousClock.now - start))
        }
        keep(sink)
        return Result(name: name, nanosecondsPerOperation: best * 1e9 / Double(operations))
    }

    /// One schedule and one pop on a queue holding `waiting` events.
    private static func eventQueue(waiting: Int, operations: Int) -> Result {
        var random = SeededGenerator(seed: 1)
        var queue = EventQueue()
        for _ in 0 ..< waiting { queue.schedule(.arrival(request: 0), atUs: Int(random.next() % 1_000_000_000)) }
        return measure("event queue: schedule + pop, \(waiting) waiting", operations: operations) {
            queue.schedule(.arrival(request: 1), atUs: queue.nowUs + Int(random.next() % 1_000_000))
            return queue.popEvent(notAfterUs: .max)?.timeUs ?? 0
        }
    }

    /// A list of `count` unique ids and a copy with `changes` inserts, deletes and replacements.
    private static func editedLists(count: Int, changes: Int) -> ([Int], [Int]) {
        var random = SeededGenerator(seed: 2)
        let old = Array(0 ..< count)
        var new = old
        var nextID = count
        for change in 0 ..< changes {
            let at = Int(random.next() % UInt64(new.count))
            switch change % 3 {
            case 0: new.insert(nextID, at: at)
            case 1: new.remove(at: at)
            default: new[at] = nextID
            }
            nextID += 1
        }
        return (old, new)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    @inline(never)
    private static func keep(_ value: Int) {
        if value == 0x5EED_5EED { print("") }
    }
}
