import Testing
@Test func y() { #expect(1 == 1) }
