import Foundation

/// Work spread over threads: `count` items done on up to `threads` threads, each taking the next
/// item as it becomes free, the results returned in item order, so they never depend on which
/// thread did what.
enum ParallelMap {
    /// `body(worker, item)` for every item in `0 ..< count`; `worker` (below `threads`) tells a
    /// thread's own resources apart. One thread runs them in turn on the calling thread.
    static func map<Result: Sendable>(_ count: Int, threads: Int, _ body: @Sendable (_ worker: Int, _ item: Int) -> Result) -> [Result] {
        let threads = max(1, min(threads, count))
        guard threads > 1 else { return (0 ..< count).map { body(0, $0) } }
        // The next item to take and the results so far, under one lock: a thread hands in its
        // last item's result as it takes the next.
        let state = Locked((next: 0, results: [Result?](repeating: nil, count: count)))
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            var done: (item: Int, result: Result)?
            while true {
                let item = state.withLock { state -> Int in
                    if let done { state.results[done.item] = done.result }
                    defer { state.next += 1 }
                    return state.next
                }
                guard item < count else { return }
                done = (item, body(worker, item))
            }
        }
        return state.withLock { $0.results.map { $0! } }
    }
}
