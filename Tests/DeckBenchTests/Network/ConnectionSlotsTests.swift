import Testing
@testable import DeckBench

/// The link's connection slots: who gets a connection, and in which order those who wait get one.
@Suite struct ConnectionSlotsTests {
    @Test func aFreedConnectionGoesToTheUrgentBeforeTheEarlierPrefetch() {
        var slots = ConnectionSlots(limit: 2)
        slots.take()
        #expect(slots.hasFree == true)
        slots.take()
        #expect(slots.hasFree == false)
        slots.wait(5, urgent: false)
        slots.wait(6, urgent: true)
        slots.wait(7, urgent: false)
        #expect(slots.waiting == [6, 5, 7])
        #expect(slots.release() == 6)
        #expect(slots.busy == 2)
        #expect(slots.release() == 5)
        #expect(slots.release() == 7)
        #expect(slots.release() == nil)
        #expect(slots.busy == 1)
        #expect(slots.hasFree == true)
    }

    @Test func aPromotedPrefetchJoinsTheUrgentAtTheirEnd() {
        var slots = ConnectionSlots(limit: 1)
        slots.take()
        slots.wait(3, urgent: false)
        slots.wait(4, urgent: false)
        slots.wait(1, urgent: true)
        slots.promote(4)
        slots.promote(9) // not waiting: nothing changes
        #expect(slots.waiting == [1, 4, 3])
        #expect(slots.release() == 1)
        #expect(slots.release() == 4)
        #expect(slots.release() == 3)
    }

    @Test func noLimitAlwaysHasAFreeConnectionAndAResetForgetsTheWaiting() {
        var unlimited = ConnectionSlots(limit: 0)
        for _ in 0 ..< 100 { unlimited.take() }
        #expect(unlimited.hasFree == true)
        var slots = ConnectionSlots(limit: 1)
        slots.take()
        slots.wait(2, urgent: true)
        slots.reset()
        #expect(slots.busy == 0)
        #expect(slots.waiting.isEmpty)
        #expect(slots.hasFree == true)
    }
}
