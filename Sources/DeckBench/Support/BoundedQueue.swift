import Foundation

/// A bounded first-in, first-out queue from one producer thread to one consumer: the producer
/// waits while `capacity` items are waiting, the consumer while none is. Either side can close it:
/// the consumer to make the producer stop, the producer to say that nothing more comes.
final class BoundedQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hands `item` over, waiting for room; returns false (dropping the item) once closed.
    func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one; nil once closed and drained.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// No more items will be put; the consumer still takes those already waiting.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Closes and drops what is waiting: the producer's next `put` returns false.
    func cancel() {
        condition.lock()
        closed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
